/** Telemetry session (spec 2 §3 "Telemetry session key", §7 session call) and the maintenance flag. */
import { z } from 'zod';
import { ZUuid } from './common';

export const ZTelemetrySessionKey = z.object({
  uuid: ZUuid,
  /** Session start, epoch milliseconds. */
  epoch: z.number().int().nonnegative(),
  /** The browser's long-lived tracker id (stored as telemetry_trackerUuid). */
  trackerUuid: ZUuid,
});
export type TTelemetrySessionKey = z.infer<typeof ZTelemetrySessionKey>;

/**
 * Maintenance flag lookup (spec 2 §7): variables.routes is a JSON list (as a string) of the paths
 * under maintenance; missing texts fall back to MAINTENANCE_DEFAULT_TITLE / _MESSAGE.
 */
export const ZMaintenanceFlag = z.object({
  flagEnabled: z.boolean(),
  variables: z
    .object({
      routes: z.string().optional(),
      message: z.string().optional(),
      pageTitle: z.string().optional(),
      shouldShowDashboardLink: z.boolean().optional(),
    })
    .default({}),
});
export type TMaintenanceFlag = z.infer<typeof ZMaintenanceFlag>;
