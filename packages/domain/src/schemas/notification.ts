/** In-app notifications (spec 1 §3, spec 2 §3). */
import { z } from 'zod';
import { ZNotificationStatus } from '../enums';
import { isAllowedRedirectUrl } from '../format/redirect-url';
import { ZIsoDateTime, ZUuid } from './common';

export const ZNotificationCta = z.object({
  title: z.string().min(1),
  /** In-app path only: the same rule as redirectUrl, so a notification cannot send users off-site. */
  redirectPath: z.string().refine(isAllowedRedirectUrl, 'Must be an in-app path'),
});

export const ZNotification = z.object({
  uuid: ZUuid,
  title: z.string(),
  description: z.string(),
  created: ZIsoDateTime,
  status: ZNotificationStatus,
  walletAddress: z.string().nullish(),
  ctas: z.array(ZNotificationCta).default([]),
});
export type TNotification = z.infer<typeof ZNotification>;
