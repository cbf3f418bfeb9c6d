/**
 * What a step screen shows while the data it starts from loads, or when it could not be read (with
 * the combined error text and a retry); the screen's own content once it is there.
 */
import '@/components/ui/form-styles';
import { Alert, Button, Loader, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorText } from '@/lib/api-errors';

export function QueryGate<T>({
  query,
  label,
  children,
}: {
  query: UseQueryResult<T>;
  /** What is loading, for screen readers ("your offer"). */
  label: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loader aria-label={`Loading ${label}`} />;
  if (query.isError) {
    return (
      <Stack gap="sm" align="flex-start">
        <Alert color="red" variant="light" role="alert" title={`We could not load ${label}`}>
          {errorText(query.error)}
        </Alert>
        <Button variant="default" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  }
  return <>{children(query.data)}</>;
}
