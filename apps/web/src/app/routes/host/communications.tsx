/** Lazy route module: /communications. */
import { CommunicationsPage } from '@/features/legal';
import { useOrg } from '@/platform/org';

export function Component() {
  return <CommunicationsPage org={useOrg()} />;
}
