import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import type { TOrgData } from '@heloc/domain';
import { ToastHost } from '@/components/ui/toast';
import { buildCssVariablesResolver, buildOrgTheme, OrgProvider } from '@/platform/org';
import { createQueryClient } from '@/lib/react-query';

interface AppProviderProps {
  org: TOrgData;
  /**
   * Mantine's "test" environment for unit tests: no transitions, and popovers stay shown although jsdom
   * gives their anchors no size.
   */
  env?: 'default' | 'test';
  /** The page's query cache, when the router's loaders fill it too (app.tsx); else one of its own. */
  queryClient?: QueryClient;
  children: ReactNode;
}

/** Organisation, brand theme and server-state cache for everything below. */
export function AppProvider({ org, env = 'default', queryClient: given, children }: AppProviderProps) {
  const [own] = useState(() => given ?? createQueryClient());
  const queryClient = given ?? own;
  const theme = useMemo(() => buildOrgTheme(org.orgBrand), [org.orgBrand]);
  const cssVariablesResolver = useMemo(() => buildCssVariablesResolver(org.orgBrand), [org.orgBrand]);

  return (
    <OrgProvider org={org}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        defaultColorScheme="light"
        env={env}
      >
        <ToastHost />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </OrgProvider>
  );
}
