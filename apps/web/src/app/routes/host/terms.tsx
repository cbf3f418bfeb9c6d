/** Lazy route module: /terms. */
import { TermsPage } from '@/features/legal';
import { useOrg } from '@/platform/org';

export function Component() {
  return <TermsPage org={useOrg()} />;
}
