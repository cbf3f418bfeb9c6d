/** Lazy route module: /coming-soon and the platform's other apps (/universal-marketplace, /pay, …). */
import { useLocation } from 'react-router';
import { ComingSoonPage } from '@/features/legal';
import { useOrg } from '@/platform/org';

export function Component() {
  const { pathname } = useLocation();
  return <ComingSoonPage org={useOrg()} pathname={pathname} />;
}
