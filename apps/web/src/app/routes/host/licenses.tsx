/** Lazy route module: /licenses (the footer's Illinois notice link lands on its anchor here). */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { LicensesPage } from '@/features/legal';
import { useOrg } from '@/platform/org';

export function Component() {
  const { hash } = useLocation();
  // The page renders after the browser's own jump to the fragment, so bring the target into view here.
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView?.();
    target?.focus?.({ preventScroll: true });
  }, [hash]);
  return <LicensesPage org={useOrg()} />;
}
