/** Render helpers: the real providers around a component or a memory router over the real routes. */
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { RouteObject } from 'react-router';
import type { TOrgData } from '@heloc/domain';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/react-query';
import { routerContextWith } from '@/lib/route-data';
import { RouterScopeContext } from '@/lib/router-scope';
import type { RouterScope } from '@/lib/router-scope';
import { orgFixture } from './org-fixture';

/**
 * Room for a wait that includes a route's first lazy import: on the CI machine (two cores shared with the
 * server's suites) Vite transforms a cold chunk such as the offer screen's (charts, es-toolkit) in more
 * than the 5 s `findBy…` default, and a test that gives up tears the environment down under the import.
 */
export const FIRST_IMPORT_WAIT = { timeout: 15_000 };

export function renderWithProviders(ui: ReactElement, org: TOrgData = orgFixture()) {
  return render(
    <AppProvider org={org} env="test">
      {ui}
    </AppProvider>,
  );
}

export function renderRoutes(options: {
  routes: RouteObject[];
  scope: RouterScope;
  url: string;
  basename?: string;
  org?: TOrgData;
}) {
  // As in the app: the loaders fill the screens' query cache.
  const queryClient = createQueryClient();
  const router = createMemoryRouter(options.routes, {
    initialEntries: [options.url],
    ...(options.basename ? { basename: options.basename } : {}),
    getContext: routerContextWith(queryClient),
  });
  const view = render(
    <AppProvider org={options.org ?? orgFixture()} env="test" queryClient={queryClient}>
      <RouterScopeContext value={options.scope}>
        <RouterProvider router={router} />
      </RouterScopeContext>
    </AppProvider>,
  );
  return { ...view, router, queryClient };
}
