/**
 * The notification list rules (spec 1 §2, §9; spec 2 §2, §9):
 * - the bell lists the account's unread notifications, newest first (read ones are done with);
 * - 3 are shown by default; View All shows more, capped at 8 unread; View Less goes back to 3;
 * - "No Notifications" when there are none.
 */
import { NOTIFICATIONS_SHOWN_DEFAULT, NOTIFICATIONS_UNREAD_CAP } from '@heloc/domain';
import type { TNotification, TWalletAccount } from '@heloc/domain';

/** Every account's unread notifications, once each, newest first. */
export function unreadNotifications(accounts: readonly TWalletAccount[] | undefined): TNotification[] {
  const byUuid = new Map<string, TNotification>();
  for (const account of accounts ?? []) {
    for (const item of account.notifications) {
      if (item.status === 'UNREAD' && !byUuid.has(item.uuid)) byUuid.set(item.uuid, item);
    }
  }
  return [...byUuid.values()].sort((a, b) => Date.parse(b.created) - Date.parse(a.created));
}

export interface TNotificationView {
  shown: TNotification[];
  /** Whether the View All / View Less toggle is offered: only when expanding would show more. */
  canToggle: boolean;
}

export function notificationView(unread: readonly TNotification[], expanded: boolean): TNotificationView {
  const limit = expanded ? NOTIFICATIONS_UNREAD_CAP : NOTIFICATIONS_SHOWN_DEFAULT;
  return {
    shown: unread.slice(0, limit),
    canToggle: unread.length > NOTIFICATIONS_SHOWN_DEFAULT,
  };
}
