import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { FEATURE_FLAGS } from '@heloc/domain';
import { useFeatureFlags } from '@/lib/feature-flags';
import { useRouterScope } from '@/lib/router-scope';
import { maintenancePageFor } from '../utils/maintenance-state';
import type { TMaintenancePage } from '../utils/maintenance-state';

/**
 * How long a page without a recent flag answer waits for it before rendering anyway. Long enough for
 * the call on a normal connection, short enough that a slow or failing flag service never holds the
 * page (the short session cache of lib/feature-flags answers at once on later pages).
 */
export const MAINTENANCE_WAIT_MS = 1500;

export type TMaintenanceStatus =
  { status: 'waiting' } | { status: 'open' } | { status: 'maintenance'; page: TMaintenancePage };

export function useMaintenance(organization: string): TMaintenanceStatus {
  const { data, isPending } = useFeatureFlags(organization);
  const { pathname } = useLocation();
  const scope = useRouterScope();
  const [gaveUp, setGaveUp] = useState(false);

  useEffect(() => {
    if (!isPending) return;
    const timer = setTimeout(() => setGaveUp(true), MAINTENANCE_WAIT_MS);
    return () => clearTimeout(timer);
  }, [isPending]);

  const page = maintenancePageFor(data?.[FEATURE_FLAGS.maintenance], { scope, pathname });
  if (page) return { status: 'maintenance', page };
  if (isPending && !gaveUp) return { status: 'waiting' };
  return { status: 'open' };
}
