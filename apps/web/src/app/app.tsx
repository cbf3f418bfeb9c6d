import { useState } from 'react';
import { RouterProvider } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { TOrgData } from '@heloc/domain';
import { NoOrgPage } from '@/platform/org';
import { createQueryClient } from '@/lib/react-query';
import { RouterScopeContext } from '@/lib/router-scope';
import type { RouterScope } from '@/lib/router-scope';
import { AppProvider } from './provider';
import { createRouter } from './router';

/** The page's router and the query cache its loaders and screens share. */
export interface AppRouting {
  queryClient: QueryClient;
  router: ReturnType<typeof createRouter>;
}

/** Creates the page's query cache and the router of its scope (which starts the first navigation). */
export function createAppRouting(scope: RouterScope): AppRouting {
  // One query cache for the screens and the route loaders that fill it while a screen's chunk loads.
  const queryClient = createQueryClient();
  return { queryClient, router: createRouter(scope, queryClient) };
}

interface AppProps {
  org: TOrgData | null;
  scope: RouterScope;
  /** Made before the first render (main.tsx does, in a task of its own); else made here. */
  routing?: AppRouting;
}

/** The whole page: the no-organisation page, or the providers and the router for this scope. */
export function App({ org, scope, routing }: AppProps) {
  if (!org) return <NoOrgPage />;
  return <OrgApp org={org} scope={scope} routing={routing} />;
}

function OrgApp({ org, scope, routing: given }: { org: TOrgData; scope: RouterScope; routing?: AppRouting }) {
  const [{ queryClient, router }] = useState(() => given ?? createAppRouting(scope));
  return (
    <AppProvider org={org} queryClient={queryClient}>
      <RouterScopeContext value={scope}>
        <RouterProvider router={router} />
      </RouterScopeContext>
    </AppProvider>
  );
}
