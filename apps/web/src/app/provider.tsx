import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import type { TOrgData } from '@heloc/domain';
import { buildCssVariablesResolver, buildOrgTheme, OrgProvider } from '@/features/org';
import { createQueryClient } from '@/lib/react-query';

interface AppProviderProps {
  org: TOrgData;
  children: ReactNode;
}

/** Organisation, brand theme and server-state cache for everything below. */
export function AppProvider({ org, children }: AppProviderProps) {
  const [queryClient] = useState(createQueryClient);
  const theme = useMemo(() => buildOrgTheme(org.orgBrand), [org.orgBrand]);
  const cssVariablesResolver = useMemo(() => buildCssVariablesResolver(org.orgBrand), [org.orgBrand]);

  return (
    <OrgProvider org={org}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </OrgProvider>
  );
}
