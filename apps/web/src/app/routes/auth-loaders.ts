/**
 * Session-dependent loaders of the app router: the app index sends signed-in people to the dashboard
 * (a host page, so a document load), keeping the query string like every redirect (spec 1 §2).
 */
import type { LoaderFunctionArgs } from 'react-router';
import { paths } from '@/config/paths';
import { getToken } from '@/lib/auth';
import { redirectToSitePath, searchOf } from '@/lib/site-redirect';

export function appIndexLoader({ request }: LoaderFunctionArgs) {
  if (getToken() === null) return null;
  return redirectToSitePath(request, `${paths.host.dashboard.getHref()}${searchOf(request)}`);
}
