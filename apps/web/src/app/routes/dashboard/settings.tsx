/** Lazy route module: /dashboard/settings (host router, signed in: the router's loader guards it). */
import { SettingsPage } from '@/features/settings';

export function Component() {
  return <SettingsPage />;
}
