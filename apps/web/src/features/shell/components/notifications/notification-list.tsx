import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import { Button } from '@mantine/core';
import { useId, useState } from 'react';
import {
  formatRelativeTime,
  NO_NOTIFICATIONS,
  NOTIFICATIONS_VIEW_ALL,
  NOTIFICATIONS_VIEW_LESS,
} from '@heloc/domain';
import type { TNotification } from '@heloc/domain';
import { notificationView } from '../../utils/notifications';
import classes from './notifications.module.css';

type TCta = TNotification['ctas'][number];

interface NotificationListProps {
  /** Unread notifications, newest first (unreadNotifications). */
  notifications: readonly TNotification[];
  /** Epoch ms the relative times are measured from. */
  now: number;
  onCta: (notification: TNotification, cta: TCta) => void;
  onMarkAllRead: () => void;
  markingAllRead?: boolean;
}

// Built when the panel first opens, not when the shell loads: the first Intl.DateTimeFormat of a page
// loads ICU data (~80 ms of a phone's main thread, on every signed-in first screen otherwise).
let fullDateFormat: Intl.DateTimeFormat | undefined;
const fullDate = (date: Date) =>
  (fullDateFormat ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })).format(
    date,
  );

/** The notification panel's content, shared by the desktop popover and the mobile drawer. */
export function NotificationList({
  notifications,
  now,
  onCta,
  onMarkAllRead,
  markingAllRead = false,
}: NotificationListProps) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const view = notificationView(notifications, expanded);

  if (notifications.length === 0) {
    return <p className={classes.empty}>{NO_NOTIFICATIONS}</p>;
  }

  return (
    <div className={classes.panel}>
      <div className={classes.toolbar}>
        <Button variant="subtle" size="compact-sm" onClick={onMarkAllRead} loading={markingAllRead}>
          Mark all as read
        </Button>
      </div>
      <ul id={listId} className={classes.list}>
        {view.shown.map((item) => (
          <li key={item.uuid} className={classes.item}>
            <div className={classes.itemHead}>
              <span className={classes.title}>{item.title}</span>
              <time dateTime={item.created} title={fullDate(new Date(item.created))} className={classes.time}>
                {formatRelativeTime(item.created, now)}
              </time>
            </div>
            {item.description ? <p className={classes.description}>{item.description}</p> : null}
            {item.ctas.length > 0 ? (
              <div className={classes.ctas}>
                {item.ctas.map((cta) => (
                  <Button
                    key={`${cta.title}:${cta.redirectPath}`}
                    size="compact-sm"
                    variant="light"
                    onClick={() => onCta(item, cta)}
                  >
                    {cta.title}
                  </Button>
                ))}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {view.canToggle ? (
        <Button
          variant="subtle"
          size="compact-sm"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((current) => !current)}
        >
          {expanded ? NOTIFICATIONS_VIEW_LESS : NOTIFICATIONS_VIEW_ALL}
        </Button>
      ) : null}
    </div>
  );
}
