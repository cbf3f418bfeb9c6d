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
 * Room for a wait that includes the offer screen's first lazy import (its chunk, then the chart's:
 * recharts, es-toolkit): on the CI machine (two cores shared with the server's suites) Vite transformed
 * it cold in more than 5 s once (2026-11-28), and it is the heaviest of the app's lazy chunks, so it gets
 * more than the set-up's 10 s default.
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
