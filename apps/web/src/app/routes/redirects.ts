/**
 * Redirect loaders of spec 1 §2. The query string is kept on every redirect (it carries the
 * maintenance flag, the referrer and pop-webchat). Every target is a full site path, through the one
 * helper that keeps React Router from putting it under the app's basename (lib/site-redirect).
 */
import type { LoaderFunctionArgs } from 'react-router';
import { appHref, paths } from '@/config/paths';
import type { HostPage } from '@/config/paths';
import { redirectToSitePath, searchOf } from '@/lib/site-redirect';

/** App router: /terms, /communications, /privacy and /licenses leave to the host pages of the same name. */
export function hostPageLoader(page: HostPage) {
  return ({ request }: LoaderFunctionArgs) =>
    redirectToSitePath(request, `${paths.host.page.getHref(page)}${searchOf(request)}`);
}

/** Host router: bare / and /account go to the dashboard. */
export function dashboardLoader({ request }: LoaderFunctionArgs) {
  return redirectToSitePath(request, `${paths.host.dashboard.getHref()}${searchOf(request)}`);
}

/** Host router: /account/register goes to the app's /register, keeping the query string. */
export function legacyRegisterLoader({ request }: LoaderFunctionArgs) {
  return redirectToSitePath(request, `${appHref(paths.app.register.getHref())}${searchOf(request)}`);
}

/** Host router: a path starting /account/heloc-signer goes to the app's /heloc-signer. */
export function legacySignerLoader({ request, params }: LoaderFunctionArgs) {
  return redirectToSitePath(
    request,
    `${appHref(paths.app.helocSigner.getHref(params['*'] ?? ''))}${searchOf(request)}`,
  );
}
