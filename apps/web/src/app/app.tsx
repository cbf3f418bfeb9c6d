import { useState } from 'react';
import { RouterProvider } from 'react-router';
import type { TOrgData } from '@heloc/domain';
import { NoOrgPage } from '@/platform/org';
import { createQueryClient } from '@/lib/react-query';
import { RouterScopeContext } from '@/lib/router-scope';
import type { RouterScope } from '@/lib/router-scope';
import { AppProvider } from './provider';
import { createRouter } from './router';

interface AppProps {
  org: TOrgData | null;
  scope: RouterScope;
}

/** The whole page: the no-organisation page, or the providers and the router for this scope. */
export function App({ org, scope }: AppProps) {
  if (!org) return <NoOrgPage />;
  return <OrgApp org={org} scope={scope} />;
}

function OrgApp({ org, scope }: { org: TOrgData; scope: RouterScope }) {
  // One query cache for the screens and the route loaders that fill it while a screen's chunk loads.
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createRouter(scope, queryClient));
  return (
    <AppProvider org={org} queryClient={queryClient}>
      <RouterScopeContext value={scope}>
        <RouterProvider router={router} />
      </RouterScopeContext>
    </AppProvider>
  );
}
