import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Loader.css';
import { Drawer, Loader, Popover } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useId, useState } from 'react';
import { DEFAULT_ERROR_MESSAGE } from '@heloc/domain';
import type { TNotification } from '@heloc/domain';
import { showToast } from '@/components/ui/toast';
import { useFollowPath } from '@/hooks/use-follow-path';
import { useMarkAllNotificationsRead } from '../../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../../api/mark-notification-read';
import { useWalletAccounts } from '../../api/get-wallet-accounts';
import { useNow } from '@/hooks/use-now';
import { unreadNotifications } from '../../utils/notifications';
import { MOBILE_QUERY } from '../../utils/breakpoints';
import { useOpenAtOnce } from '../deferred-control';
import { BellButton } from '../top-bar-buttons';
import { NotificationList } from './notification-list';
import classes from './notifications.module.css';

/**
 * The bell (signed-in only: visitors see no notifications, spec 2 §2). From 768px up it opens a
 * popover; below, the notifications drawer (spec 1 §2 "Mobile has … a notifications drawer").
 */
export function NotificationsButton({
  openAtOnce = false,
}: {
  /** Its button was pressed before it loaded (deferred-control.tsx). */
  openAtOnce?: boolean;
}) {
  const [opened, setOpened] = useState(false);
  useOpenAtOnce(openAtOnce, () => setOpened(true));
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const headingId = useId();
  const accounts = useWalletAccounts({ enabled: true });
  const unread = unreadNotifications(accounts.data);
  const now = useNow();
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const followPath = useFollowPath();

  const openCta = async (item: TNotification, cta: TNotification['ctas'][number]) => {
    setOpened(false);
    try {
      // Wait for the write: a page load to another router would cancel it mid-flight.
      await markRead.mutateAsync(item.uuid);
    } catch {
      showToast({ message: DEFAULT_ERROR_MESSAGE, tone: 'error' });
    }
    followPath(cta.redirectPath);
  };

  const markAll = () =>
    markAllRead.mutate(undefined, {
      onError: () => showToast({ message: DEFAULT_ERROR_MESSAGE, tone: 'error' }),
    });

  // Not QueryGate: the bell's panel has a compact spinner and a fixed sentence instead of the
  // error alert, and it shows the failure even while older notifications are cached.
  const content = accounts.isError ? (
    <p className={classes.empty}>We could not load your notifications. Please try again later.</p>
  ) : accounts.isPending ? (
    <Loader size="sm" aria-label="Loading notifications" />
  ) : (
    <NotificationList
      notifications={unread}
      now={now}
      onCta={(item, cta) => void openCta(item, cta)}
      onMarkAllRead={markAll}
      markingAllRead={markAllRead.isPending}
    />
  );

  const bell = (
    <BellButton
      unread={unread.length}
      aria-expanded={opened}
      onClick={() => setOpened((current) => !current)}
    />
  );

  if (isMobile) {
    return (
      <>
        {bell}
        <Drawer
          opened={opened}
          onClose={() => setOpened(false)}
          position="right"
          size="100%"
          title="Notifications"
          closeButtonProps={{ 'aria-label': 'Close notifications' }}
        >
          {content}
        </Drawer>
      </>
    );
  }

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={380}
      shadow="md"
      trapFocus
      returnFocus
      // Inside the top bar, so the open panel stays within the banner landmark.
      withinPortal={false}
    >
      <Popover.Target>{bell}</Popover.Target>
      <Popover.Dropdown aria-labelledby={headingId}>
        <h2 id={headingId} className={classes.heading}>
          Notifications
        </h2>
        {content}
      </Popover.Dropdown>
    </Popover>
  );
}
