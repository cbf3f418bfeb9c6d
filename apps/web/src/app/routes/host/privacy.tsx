/** Lazy route module: /privacy. */
import { PrivacyPage } from '@/features/legal';
import { useOrg } from '@/features/org';

export function Component() {
  return <PrivacyPage org={useOrg()} />;
}
