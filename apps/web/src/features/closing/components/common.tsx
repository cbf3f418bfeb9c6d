/**
 * Small pieces the closing screens share: the loading and failed states of a read, the refresh that
 * makes the status guard see a write before the screen moves on, a hold screen's status polling, and
 * definition lists of figures.
 */
import '@/components/ui/form-styles';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { statusQueryOptions, useApplicationFlow } from '@/features/application-flow';
import { errorText } from '@/lib/api-errors';

export function Loading({ label }: { label: string }) {
  return (
    <Center py="xl">
      <Loader aria-label={label} />
    </Center>
  );
}

export function LoadError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <Alert color="red" variant="light" role="alert" title="We could not load this page">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorText(error)}</Text>
        <Button variant="default" size="xs" onClick={retry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}

/** Renders `children` with the data of a query, its loader while loading, its error with a retry. */
export function QueryView<T>({
  query,
  label,
  children,
}: {
  query: { data: T | undefined; error: unknown; isPending: boolean; refetch: () => unknown };
  label: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading label={label} />;
  if (query.data === undefined) return <LoadError error={query.error} retry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}

/** Goes to another screen of this application after a write (the flow's goTo: the guard waits). */
export function useGoAfterWrite() {
  return useApplicationFlow().goTo;
}

/** Hold screens: read the status every `intervalMs` (and on focus) so the guard moves on when it changes. */
export function useStatusPolling(intervalMs = 30_000) {
  const { applicationUuid } = useApplicationFlow();
  useQuery({
    ...statusQueryOptions(applicationUuid),
    refetchInterval: intervalMs,
    refetchOnWindowFocus: true,
  });
}

export function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '0.5rem 1.5rem', margin: 0 }}>
      {items.map(([term, value]) => (
        <div key={term} style={{ display: 'contents' }}>
          <dt style={{ fontWeight: 600 }}>{term}</dt>
          <dd style={{ margin: 0 }}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
