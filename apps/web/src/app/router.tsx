/**
 * The two routers. Pages under /account/heloc run in the app router (basename /account/heloc); the host
 * pages outside it (/auth/login, /dashboard, legal pages, …) share index.html and run in the host router.
 * Every page route is a lazy module; a failed chunk load reloads the page (lib/lazy-route).
 */
import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { APP_BASENAME, HOST_PAGES, paths } from '@/config/paths';
import { lazyRoute } from '@/lib/lazy-route';
import type { RouterScope } from '@/lib/router-scope';
import {
  dashboardLoader,
  hostPageLoader,
  legacyRegisterLoader,
  legacySignerLoader,
} from './routes/redirects';
import { AppLoader, PageErrorBoundary, RootErrorBoundary, RootLayout } from './routes/root';

/** Redirect routes answer from their loader; this only keeps the router from warning about a missing element. */
function Redirecting() {
  return null;
}

const notFoundRoute: RouteObject = { path: '*', lazy: lazyRoute(() => import('./routes/not-found')) };

export function withRoot(children: RouteObject[]): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootLayout,
      HydrateFallback: AppLoader,
      ErrorBoundary: RootErrorBoundary,
      // A pathless child holds the page error boundary, so a failing page keeps header and footer.
      children: [{ id: 'page', ErrorBoundary: PageErrorBoundary, children }],
    },
  ];
}

export const appRoutes: RouteObject[] = withRoot([
  { index: true, lazy: lazyRoute(() => import('./routes/app/overview')) },
  ...HOST_PAGES.map((page): RouteObject => ({
    path: page,
    loader: hostPageLoader(page),
    Component: Redirecting,
  })),
  notFoundRoute,
]);

export const hostRoutes: RouteObject[] = withRoot([
  { index: true, loader: dashboardLoader, Component: Redirecting },
  { path: paths.host.account.path, loader: dashboardLoader, Component: Redirecting },
  { path: paths.host.legacyRegister.path, loader: legacyRegisterLoader, Component: Redirecting },
  { path: paths.host.legacySigner.path, loader: legacySignerLoader, Component: Redirecting },
  notFoundRoute,
]);

export function createRouter(scope: RouterScope) {
  return scope === 'app'
    ? createBrowserRouter(appRoutes, { basename: APP_BASENAME })
    : createBrowserRouter(hostRoutes);
}
