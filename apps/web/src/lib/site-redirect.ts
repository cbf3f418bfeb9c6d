/**
 * The one way a route loader sends the browser to another page of the site, from either router.
 *
 * React Router resolves a plain path under its own basename, so `redirect('/auth/login')` thrown in the
 * app router (basename /account/heloc) lands on /account/heloc/auth/login: "Page not found". An
 * absolute same-origin URL is taken as is. The router then navigates client-side when the target is
 * one of its own pages, and loads the document when it belongs to the other router (app ↔ host pages).
 */
import { redirect, redirectDocument } from 'react-router';
import { isAppPathname } from '@/config/paths';

/**
 * A redirect response to `sitePath`: a full path of the site with its query (host pages such as
 * /auth/login or /dashboard; app pages with /account/heloc). Throw or return it from a loader.
 */
export function redirectToSitePath(request: Request, sitePath: string): Response {
  const current = new URL(request.url);
  if (!sitePath.startsWith('/') || sitePath.startsWith('//')) {
    throw new Error(`redirectToSitePath needs a path of this site, got "${sitePath}"`);
  }
  const target = new URL(sitePath, current.origin);
  const sameRouter = isAppPathname(target.pathname) === isAppPathname(current.pathname);
  return sameRouter ? redirect(target.href) : redirectDocument(target.href);
}

/** The query string of the current request, which every redirect of spec 1 §2 keeps. */
export function searchOf(request: Request): string {
  return new URL(request.url).search;
}
