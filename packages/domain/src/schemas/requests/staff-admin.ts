/** Request bodies of the staff administration writes: staff, operating hours, webhooks, settings, dev clock. */
import { z } from 'zod';
import { ZLogoUploadRequest, ZSettingsActionRequest, ZSettingsDraftRequest } from '../../org-settings';
import { ZStaffInviteRequest, ZStaffRolesRequest } from '../../staff';
import { ZWebhookReplayRequest, ZWebhookSubscriptionRequest } from '../../webhooks';
import { ZWallClockTime } from '../operating-hours';

/** Staff: an organisation's own hours for some weekdays. */
export const ZOperatingHoursUpdateRequest = z.object({
  orgCode: z.string().max(64),
  days: z
    .array(
      z
        .object({
          weekdayValue: z.number().int().min(1).max(7),
          isOpen: z.boolean(),
          startTime: ZWallClockTime.nullable(),
          endTime: ZWallClockTime.nullable(),
        })
        .refine((day) => !day.isOpen || (day.startTime && day.endTime && day.startTime < day.endTime), {
          message: 'An open day needs a start time before its end time',
        }),
    )
    .min(1)
    .max(7),
});

/** One dev-clock move goes at most 60 days: a typo should not jump a year. */
export const DEV_CLOCK_MAX_ADVANCE_MS = 60 * 24 * 60 * 60_000;

/** Development only: move the server clock forward by milliseconds or to an instant. */
export const ZDevClockRequest = z.union([
  z.object({ advanceMs: z.number().int().min(0).max(DEV_CLOCK_MAX_ADVANCE_MS) }),
  z.object({ to: z.iso.datetime({ offset: true }) }),
]);

const STAFF = '/service-ops/api/v1/staff';
const SETTINGS = '/service-ops/api/v1/organisations/:orgCode/settings';

export const STAFF_ADMIN_WRITES = {
  [`POST ${STAFF}/invitations`]: ZStaffInviteRequest,
  [`PUT ${STAFF}/:identityUuid/roles`]: ZStaffRolesRequest,
  'PUT /service-operating-hours/secure/api/v1/hours/:department': ZOperatingHoursUpdateRequest,
  'POST /service-ops/api/v1/webhooks/subscriptions': ZWebhookSubscriptionRequest,
  'POST /service-ops/api/v1/webhooks/subscriptions/:uuid/replay': ZWebhookReplayRequest,
  [`POST ${SETTINGS}/versions`]: ZSettingsDraftRequest,
  [`POST ${SETTINGS}/versions/:version/publish`]: ZSettingsActionRequest,
  [`POST ${SETTINGS}/versions/:version/rollback`]: ZSettingsActionRequest,
  [`POST ${SETTINGS}/logo`]: ZLogoUploadRequest,
  'POST /ops/api/v1/dev/clock': ZDevClockRequest,
} as const satisfies Record<string, z.ZodType>;
