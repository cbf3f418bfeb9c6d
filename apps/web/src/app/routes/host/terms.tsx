/** Lazy route module: /terms. */
import { TermsPage } from '@/features/legal';
import { useOrg } from '@/features/org';

export function Component() {
  return <TermsPage org={useOrg()} />;
}
