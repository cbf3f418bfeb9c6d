/**
 * The webhook reads of ./api.ts as TanStack Query options. Keys nest under ['webhooks']: a write
 * invalidates all of them (a subscription's status shows in the list and on its page).
 */
import { queryOptions } from '@tanstack/react-query';
import { webhooksApi } from './api';

export const WEBHOOKS_KEY = ['webhooks'] as const;

export const subscriptionsQuery = queryOptions({
  queryKey: [...WEBHOOKS_KEY, 'subscriptions'],
  queryFn: () => webhooksApi.list(),
});

/** The key of one subscription's reads (the subscription and its deliveries). */
export const subscriptionKey = (uuid: string) => [...WEBHOOKS_KEY, 'subscription', uuid] as const;

export const subscriptionQuery = (uuid: string) =>
  queryOptions({ queryKey: subscriptionKey(uuid), queryFn: () => webhooksApi.get(uuid) });

export const deliveriesQuery = (uuid: string) =>
  queryOptions({
    queryKey: [...subscriptionKey(uuid), 'deliveries'],
    queryFn: () => webhooksApi.deliveries(uuid),
  });
