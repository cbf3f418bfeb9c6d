/**
 * The top bar's buttons, one definition each: drawn alone until their menus, popover and drawers have
 * loaded (deferred-control.tsx), and as the target of those once loaded, so the swap changes nothing
 * on screen. Props not listed (the open state, handlers a menu adds to its target) reach the button.
 */
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/ActionIcon.css';
import { ActionIcon } from '@mantine/core';
import { forwardRef } from 'react';
import type { ComponentPropsWithoutRef, ComponentType, ReactNode } from 'react';
import { AppsIcon, BellIcon, MenuIcon, UserIcon } from '@/components/ui/icons';
import classes from './notifications/notifications.module.css';

type ButtonProps = Omit<ComponentPropsWithoutRef<'button'>, 'children' | 'color'>;

const TopBarButton = forwardRef<HTMLButtonElement, ButtonProps & { label: string; children: ReactNode }>(
  function TopBarButton({ label, children, ...props }, ref) {
    return (
      <ActionIcon ref={ref} variant="subtle" color="gray" size="lg" aria-label={label} {...props}>
        {children}
      </ActionIcon>
    );
  },
);

/** A top-bar button with a fixed name and icon. */
function iconButton(label: string, Icon: ComponentType) {
  return forwardRef<HTMLButtonElement, ButtonProps>(function IconButton(props, ref) {
    return (
      <TopBarButton ref={ref} label={label} {...props}>
        <Icon />
      </TopBarButton>
    );
  });
}

/** Mobile navigation: opens the drawer with the side bar's links. */
export const NavButton = iconButton('Open navigation', MenuIcon);
/** The apps menu's button (from 768px). */
export const AppsButton = iconButton('Apps', AppsIcon);
/** The profile menu's button. */
export const ProfileButton = iconButton('Profile menu', UserIcon);

/** The bell, with the number of unread notifications in its name and on its badge. */
export const BellButton = forwardRef<HTMLButtonElement, ButtonProps & { unread: number }>(function BellButton(
  { unread, ...props },
  ref,
) {
  return (
    <TopBarButton
      ref={ref}
      label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
      className={classes.bell}
      {...props}
    >
      <BellIcon />
      {unread > 0 ? (
        <span className={classes.bellBadge} aria-hidden="true">
          {unread}
        </span>
      ) : null}
    </TopBarButton>
  );
});
