/** Lazy route module: the app index (/account/heloc/), the organisation's HELOC overview. */
import { useOrg } from '@/features/org';
import { HelocOverview } from '@/features/overview';

export function Component() {
  const org = useOrg();
  return <HelocOverview org={org} />;
}
