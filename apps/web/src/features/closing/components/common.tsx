/**
 * Small pieces the closing screens share: the heading of a failed read, the refresh that
 * makes the status guard see a write before the screen moves on, a hold screen's status polling, and
 * definition lists of figures.
 */
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { statusQueryOptions, useApplicationFlow } from '@/platform/application-flow';

/** The heading of a closing screen's failed read (the screens' QueryGate, components/ui/query-gate). */
export const LOAD_FAILED_TITLE = 'We could not load this page';

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
