import { useState } from 'react';
import { RouterProvider } from 'react-router';
import type { TOrgData } from '@heloc/domain';
import { NoOrgPage } from '@/features/org';
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
  const [router] = useState(() => createRouter(scope));
  return (
    <AppProvider org={org}>
      <RouterScopeContext value={scope}>
        <RouterProvider router={router} />
      </RouterScopeContext>
    </AppProvider>
  );
}
