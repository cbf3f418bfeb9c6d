/** The maintenance page to show for a location, from the fe-heloc-maintenance decision; null for none. */
import { MAINTENANCE_DEFAULT_MESSAGE, MAINTENANCE_DEFAULT_TITLE, ZMaintenanceFlag } from '@heloc/domain';
import type { TFeatureDecision } from '@/lib/feature-flags';
import { isUnderMaintenance, parseMaintenanceRoutes } from './match-route';
import type { TMaintenanceLocation } from './match-route';

export interface TMaintenancePage {
  title: string;
  message: string;
  showDashboardLink: boolean;
}

const text = (value: string | undefined): string | null => (value?.trim() ? value.trim() : null);

export function maintenancePageFor(
  decision: TFeatureDecision | undefined,
  location: TMaintenanceLocation,
): TMaintenancePage | null {
  if (!decision?.enabled) return null;
  // The lookup's answer as the domain defines it (flagEnabled and variables, spec 2 §7); malformed
  // variables read as none (defaults).
  const parsed = ZMaintenanceFlag.safeParse({
    flagEnabled: decision.flagEnabled ?? decision.enabled,
    variables: decision.variables,
  });
  const variables = parsed.success ? parsed.data.variables : {};
  if (!isUnderMaintenance(parseMaintenanceRoutes(variables.routes), location)) return null;
  return {
    title: text(variables.pageTitle) ?? MAINTENANCE_DEFAULT_TITLE,
    message: text(variables.message) ?? MAINTENANCE_DEFAULT_MESSAGE,
    showDashboardLink: variables.shouldShowDashboardLink === true,
  };
}
