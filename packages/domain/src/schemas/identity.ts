/** The signed-in identity (spec 1 §3 / spec 2 §3 "Identity user"). */
import { z } from 'zod';
import { ZProfileType } from '../enums';
import { ZIsoDateTime, ZUuid } from './common';

export const ZIdentityUser = z.object({
  uuid: ZUuid,
  organizationCode: z.string(),
  profileType: ZProfileType,
  email: z.email(),
  updatedAt: ZIsoDateTime,
  isManageable: z.boolean(),
  /** Brokers see the dashboard link even when they are also signers. */
  isBroker: z.boolean(),
  aliases: z.array(z.string()),
  passwordExpired: z.boolean(),
  twoFactorEnabled: z.boolean(),
  totpVerified: z.boolean(),
  wallet: z.object({ accountAddress: z.string(), groupPolicyAddress: z.string() }).nullish(),
});
export type TIdentityUser = z.infer<typeof ZIdentityUser>;
