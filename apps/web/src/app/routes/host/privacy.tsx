/** Lazy route module: /privacy. */
import { PrivacyPage } from '@/features/legal';
import { useOrg } from '@/platform/org';

export function Component() {
  return <PrivacyPage org={useOrg()} />;
}
