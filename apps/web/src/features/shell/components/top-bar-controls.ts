/** The top bar's menus, notifications and navigation drawer: a chunk of their own (deferred-control.tsx). */
export { AppsMenu } from './apps-menu';
export { NavDrawer } from './nav-drawer';
export { NotificationsButton } from './notifications/notifications-button';
export { ProfileMenu } from './profile-menu';
