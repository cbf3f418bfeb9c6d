/**
 * Redirect loaders of spec 1 §2. The query string is kept on every redirect (it carries the
 * maintenance flag, the referrer and pop-webchat). Targets outside the current router are absolute URLs
 * with a document load, because a router resolves plain paths under its own basename.
 */
import { redirect, redirectDocument } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { appHref, paths } from '@/config/paths';
import type { HostPage } from '@/config/paths';

function sameOriginUrl(request: Request, path: string): string {
  const current = new URL(request.url);
  return new URL(`${path}${current.search}`, current.origin).href;
}

/** App router: /terms, /communications, /privacy and /licenses leave to the host pages of the same name. */
export function hostPageLoader(page: HostPage) {
  return ({ request }: LoaderFunctionArgs) =>
    redirectDocument(sameOriginUrl(request, paths.host.page.getHref(page)));
}

/** Host router: bare / and /account go to the dashboard. */
export function dashboardLoader({ request }: LoaderFunctionArgs) {
  return redirect(`${paths.host.dashboard.getHref()}${new URL(request.url).search}`);
}

/** Host router: /account/register goes to the app's /register, keeping the query string. */
export function legacyRegisterLoader({ request }: LoaderFunctionArgs) {
  return redirectDocument(sameOriginUrl(request, appHref(paths.app.register.getHref())));
}

/** Host router: a path starting /account/heloc-signer goes to the app's /heloc-signer. */
export function legacySignerLoader({ request, params }: LoaderFunctionArgs) {
  return redirectDocument(sameOriginUrl(request, appHref(paths.app.helocSigner.getHref(params['*'] ?? ''))));
}
