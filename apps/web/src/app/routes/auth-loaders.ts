/**
 * Session-dependent loaders of the app router: the app index sends signed-in people to the dashboard
 * (a host page, so a document load), keeping the query string like every redirect (spec 1 §2).
 */
import { redirectDocument } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { paths } from '@/config/paths';
import { getToken } from '@/lib/auth';

export function appIndexLoader({ request }: LoaderFunctionArgs) {
  if (getToken() === null) return null;
  return redirectDocument(`${paths.host.dashboard.getHref()}${new URL(request.url).search}`);
}
