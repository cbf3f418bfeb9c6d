/**
 * The one loading and failure gate of a screen's own read (pre-offer, submission and closing step
 * screens alike): a labelled loader while it loads, the combined error text with "Try again" when it
 * could not be read, and the screen's content once the data is there. Data already on screen stays
 * there when a later refetch fails (a polled summary keeps showing its last answer). A screen may
 * show its own loading view (`loading`, e.g. a compact loader inside a card) and leave out the retry
 * (`retry={false}`); which of the three it shows is decided here only.
 */
import '@/components/ui/form-styles';
import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorText } from '@/lib/api-errors';

/** What the gate reads of a query: a TanStack Query result fits, and so does a derived one. */
export interface GatedQuery<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  refetch: () => unknown;
}

/** The loader, named for screen readers by what loads ("Loading your offers"). */
export function QueryLoading({ label }: { label: string }) {
  return (
    <Center py="xl">
      <Loader aria-label={label} />
    </Center>
  );
}

/** A read that failed: the combined error text (spec 2 §7) and, given `retry`, a "Try again". */
export function QueryFailure({
  error,
  retry,
  title,
}: {
  error: unknown;
  retry?: () => void;
  /** The alert's heading ("We could not load your figures"); none when the text says enough. */
  title?: string;
}) {
  const alert = (
    <Alert color="red" variant="light" role="alert" title={title}>
      {errorText(error)}
    </Alert>
  );
  if (!retry) return alert;
  return (
    <Stack gap="sm" align="flex-start">
      {alert}
      <Button variant="default" onClick={retry}>
        Try again
      </Button>
    </Stack>
  );
}

export function QueryGate<T>({
  query,
  label,
  errorTitle,
  loading,
  retry = true,
  children,
}: {
  query: GatedQuery<T>;
  /** The loader's accessible name ("Loading your offers"). */
  label: string;
  errorTitle?: string;
  /** The screen's own loading view instead of the labelled loader (it names itself then). */
  loading?: ReactNode;
  /** false: the failure shows its alert without "Try again". */
  retry?: boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isPending) return loading ?? <QueryLoading label={label} />;
  return (
    <QueryFailure
      error={query.error}
      retry={retry ? () => void query.refetch() : undefined}
      title={errorTitle}
    />
  );
}
