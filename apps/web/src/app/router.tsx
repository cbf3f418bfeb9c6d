/**
 * The two routers. Pages under /account/heloc run in the app router (basename /account/heloc); the host
 * pages outside it (/auth/login, /dashboard, legal pages, …) share index.html and run in the host router.
 * Every page route is a lazy module; a failed chunk load reloads the page (lib/lazy-route).
 */
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { APP_BASENAME, HOST_PAGES, paths } from '@/config/paths';
import { closeEarlyRequestsOnceLoaded } from '@/lib/early-responses';
import { lazyRoute } from '@/lib/lazy-route';
import { routerContextWith } from '@/lib/route-data';
import type { RouterScope } from '@/lib/router-scope';
import { requireAuth } from '@/lib/auth';
import { appIndexLoader } from './routes/auth-loaders';
import { isStepHandle, stepHandle } from '@/platform/application-flow/step-handle';
import { applicationLoader } from './routes/app/application-loader';
import { plaidOauthSuccessLoader } from './routes/app/plaid-oauth-success';
import { closingRoutes } from './routes/app/steps/closing-routes';
import { postOfferRoutes } from './routes/app/steps/post-offer-routes';
import { preOfferRoutes } from './routes/app/steps/pre-offer-routes';
import { stepLoader } from './routes/app/steps/step-route';
import { helocSignerRoutes } from './routes/app/heloc-signer-routes';
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

/** The frame's index is status-routed to wherever the status resolves: it only ever moves on. */
const frameIndex = stepHandle('');

export const appRoutes: RouteObject[] = withRoot([
  { index: true, loader: appIndexLoader, lazy: lazyRoute(() => import('./routes/app/index')) },
  { path: paths.app.register.path, lazy: lazyRoute(() => import('./routes/app/register')) },
  {
    path: paths.app.registerAccountSetup.path,
    lazy: lazyRoute(() => import('./routes/app/register-account-setup')),
  },
  { path: paths.app.registerSupport.path, lazy: lazyRoute(() => import('./routes/app/register-support')) },
  ...helocSignerRoutes,
  { path: 'plaid-oauth-success', loader: plaidOauthSuccessLoader, Component: Redirecting },
  {
    // The application frame; its step screens are children rendered in the frame's <Outlet/>, each
    // group in its own file. The index moves on to the screen the server status resolves to.
    path: paths.app.application.path,
    loader: applicationLoader,
    lazy: lazyRoute(() => import('./routes/app/application')),
    children: [
      {
        index: true,
        handle: frameIndex,
        loader: stepLoader(frameIndex),
        lazy: lazyRoute(() => import('./routes/app/application-index')),
      },
      ...preOfferRoutes,
      ...postOfferRoutes,
      ...closingRoutes,
    ],
  },
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
  { path: paths.host.login.path, lazy: lazyRoute(() => import('./routes/auth/login')) },
  {
    path: paths.host.forgotPassword.path,
    lazy: lazyRoute(() => import('./routes/auth/forgot-password')),
  },
  {
    path: paths.host.resetPassword.path,
    lazy: lazyRoute(() => import('./routes/auth/reset-password')),
  },
  {
    path: paths.host.dashboard.path,
    loader: requireAuth,
    lazy: lazyRoute(() => import('./routes/dashboard/dashboard')),
  },
  {
    path: paths.host.settings.path,
    loader: requireAuth,
    lazy: lazyRoute(() => import('./routes/dashboard/settings')),
  },
  // Host pages built from the organisation data (legal pages are open to visitors, spec 1 §6).
  {
    path: paths.host.contact.path,
    loader: requireAuth,
    lazy: lazyRoute(() => import('./routes/host/contact')),
  },
  { path: paths.host.page.getHref('terms'), lazy: lazyRoute(() => import('./routes/host/terms')) },
  { path: paths.host.page.getHref('privacy'), lazy: lazyRoute(() => import('./routes/host/privacy')) },
  { path: paths.host.page.getHref('licenses'), lazy: lazyRoute(() => import('./routes/host/licenses')) },
  {
    path: paths.host.page.getHref('communications'),
    lazy: lazyRoute(() => import('./routes/host/communications')),
  },
  { path: paths.host.comingSoon.path, lazy: lazyRoute(() => import('./routes/host/coming-soon')) },
  // The platform's other apps are not part of this deployment: their coming-soon page, for signed-in people.
  ...Object.values(paths.platform).map((app): RouteObject => ({
    path: app.path,
    loader: requireAuth,
    lazy: lazyRoute(() => import('./routes/host/coming-soon')),
  })),
  notFoundRoute,
]);

/** One page route of a router, as a full path pattern (":applicationUuid", ":type", "*" left in). */
export interface RoutePattern {
  path: string;
  /** The status-routed step of the route (its handle), when the frame's guard may move it on. */
  step?: string;
  alsoWhen?: readonly string[];
}

/**
 * Every route that answers a URL, flattened from a route tree (layout-only routes left out, a parent
 * and its index counted once): the list the route-matrix browser test visits, read from the routers
 * themselves so a new route is covered without a copy to keep in step.
 */
export function routePatterns(routes: RouteObject[], base: string): RoutePattern[] {
  const seen = new Map<string, RoutePattern>();
  const walk = (list: RouteObject[], parent: string) => {
    for (const route of list) {
      const path = route.index
        ? parent
        : route.path === undefined
          ? parent
          : route.path.startsWith('/')
            ? route.path
            : `${parent.replace(/\/$/, '')}/${route.path}`;
      if (route.index || route.path !== undefined) {
        const handle = isStepHandle(route.handle) ? route.handle : null;
        const entry: RoutePattern = {
          path,
          ...(handle && { step: handle.step }),
          ...(handle?.alsoWhen && { alsoWhen: handle.alsoWhen }),
        };
        // An index route speaks for its parent's path.
        if (!seen.has(path) || route.index) seen.set(path, entry);
      }
      if (route.children) walk(route.children, path);
    }
  };
  walk(routes, base);
  return [...seen.values()];
}

// Read by the route-matrix test only: marked pure so the build leaves them (and the walk) out of the
// page, which would otherwise flatten both route trees on every load.
export const appRoutePatterns: RoutePattern[] = /* @__PURE__ */ routePatterns(appRoutes, `${APP_BASENAME}/`);
export const hostRoutePatterns: RoutePattern[] = /* @__PURE__ */ routePatterns(hostRoutes, '/');

export function createRouter(scope: RouterScope, queryClient: QueryClient) {
  const getContext = routerContextWith(queryClient);
  const router =
    scope === 'app'
      ? createBrowserRouter(appRoutes, { basename: APP_BASENAME, getContext })
      : createBrowserRouter(hostRoutes, { getContext });
  closeEarlyRequestsOnceLoaded(router);
  return router;
}
