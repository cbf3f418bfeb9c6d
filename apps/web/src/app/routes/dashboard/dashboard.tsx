/** Lazy route module: /dashboard (host router, signed in: the router's loader guards it). */
import { DashboardPage } from '@/features/dashboard';

export function Component() {
  return <DashboardPage />;
}
