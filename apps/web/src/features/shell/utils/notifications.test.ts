import { describe, expect, it } from 'vitest';
import type { TNotification, TWalletAccount } from '@heloc/domain';
import { fixtureUuid, notificationFixture } from '@/testing/notification-fixture';
import { notificationView, unreadNotifications } from './notifications';

const notification = notificationFixture;
const uuid = fixtureUuid;

const account = (notifications: TNotification[]): TWalletAccount => ({
  name: 'Dana Demo',
  address: '0x0000000000000000000000000000000000000001',
  authorizedWallets: [],
  notifications,
});

describe('unreadNotifications', () => {
  it('keeps unread ones only, newest first, once each across accounts', () => {
    const list = unreadNotifications([
      account([notification(3), notification(1), notification(2, { status: 'READ' })]),
      account([notification(1), notification(4)]),
    ]);
    expect(list.map((item) => item.title)).toEqual(['Notification 1', 'Notification 3', 'Notification 4']);
  });

  it('is empty without accounts', () => {
    expect(unreadNotifications(undefined)).toEqual([]);
  });
});

describe('notificationView', () => {
  const many = (count: number) => Array.from({ length: count }, (_, index) => notification(index + 1));

  it.each([
    { count: 0, expanded: false, shown: 0, canToggle: false },
    { count: 3, expanded: false, shown: 3, canToggle: false },
    { count: 4, expanded: false, shown: 3, canToggle: true },
    { count: 4, expanded: true, shown: 4, canToggle: true },
    { count: 12, expanded: false, shown: 3, canToggle: true },
    { count: 12, expanded: true, shown: 8, canToggle: true },
  ])(
    '$count unread, expanded $expanded → $shown shown, toggle $canToggle',
    ({ count, expanded, shown, canToggle }) => {
      const view = notificationView(many(count), expanded);
      expect(view.shown).toHaveLength(shown);
      expect(view.canToggle).toBe(canToggle);
    },
  );

  it('shows the newest first', () => {
    expect(notificationView(many(5), false).shown.map((item) => item.uuid)).toEqual([
      uuid(1),
      uuid(2),
      uuid(3),
    ]);
  });
});
