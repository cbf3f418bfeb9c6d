/** Notifications for tests, parsed with the real schema. `n` minutes before NOON: a higher n is older. */
import { ZNotification } from '@heloc/domain';
import type { TNotification } from '@heloc/domain';

export const NOON = Date.UTC(2024, 2, 4, 12, 0);

export const fixtureUuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function notificationFixture(n: number, overrides: Partial<TNotification> = {}): TNotification {
  return ZNotification.parse({
    uuid: fixtureUuid(n),
    title: `Notification ${n}`,
    description: `Description ${n}`,
    created: new Date(NOON - n * 60_000).toISOString(),
    status: 'UNREAD',
    walletAddress: null,
    ctas: [],
    ...overrides,
  });
}
