import type { ReactNode } from 'react';
import { useMaintenance } from '../hooks/use-maintenance';
import { MaintenancePage } from './maintenance-page';

interface MaintenanceGateProps {
  organization: string;
  /** Shown while the flag is still unknown (briefly; see MAINTENANCE_WAIT_MS). */
  fallback: ReactNode;
  children: ReactNode;
}

/** Shows the maintenance page instead of the page content when the flag covers the current path. */
export function MaintenanceGate({ organization, fallback, children }: MaintenanceGateProps) {
  const maintenance = useMaintenance(organization);
  if (maintenance.status === 'maintenance') return <MaintenancePage page={maintenance.page} />;
  if (maintenance.status === 'waiting') return fallback;
  return children;
}
