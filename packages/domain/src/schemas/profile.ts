/** The borrower's profile (spec 1 §3 "Profile", spec 2 §3 "Profile name"). */
import { z } from 'zod';
import { ZOwnershipType, ZProfileType } from '../enums';
import { parsePhone } from '../format/phone';
import { REQUIRED_MESSAGE, VALIDATION_MESSAGES } from '../constants';
import { ZAddress, ZIsoDate, ZUuid, requiredString } from './common';

export const ZProfileName = z.object({
  firstName: requiredString(),
  middleName: z.string().trim().nullish(),
  lastName: requiredString(),
  suffix: z.string().trim().nullish(),
  email: z.email().optional(),
});
export type TProfileName = z.infer<typeof ZProfileName>;

/**
 * A phone number held as its 10 national digits; any accepted input form is normalised. An empty one
 * is "Required" (spec 1 §5 "Any required field shows 'Required'"), not an invalid number.
 */
export const ZPhoneDigits = z
  .string({ error: REQUIRED_MESSAGE })
  .transform((value, context) => {
    if (value.trim() === '') {
      context.addIssue({ code: 'custom', message: REQUIRED_MESSAGE });
      return z.NEVER;
    }
    const digits = parsePhone(value);
    if (digits === null) {
      context.addIssue({ code: 'custom', message: VALIDATION_MESSAGES.invalidPhone });
      return z.NEVER;
    }
    return digits;
  })
  .pipe(z.string().regex(/^\d{10}$/));

export const ZProfilePhoneNumber = z.object({
  uuid: ZUuid,
  /** 10 digits, no formatting; display with formatPhone. */
  number: z.string().regex(/^\d{10}$/),
  primary: z.boolean().default(false),
});
export type TProfilePhoneNumber = z.infer<typeof ZProfilePhoneNumber>;

export const ZProfileAddress = ZAddress.extend({
  uuid: ZUuid,
  /** How the borrower holds title; null until they have said (moreProfile → hmda needs it). */
  ownership: ZOwnershipType.nullable(),
});
export type TProfileAddress = z.infer<typeof ZProfileAddress>;

/** Wallet account and its authorisation, as the wallet access call returns them. */
export const ZProfileAccount = z.object({ name: z.string(), address: z.string() });
export const ZProfileAuthorizedWallet = z.object({ authorizationType: z.string() });

export const ZProfile = z.object({
  uuid: ZUuid,
  name: ZProfileName.omit({ email: true }).extend({ uuid: ZUuid }).nullable(),
  dob: ZIsoDate.nullable(),
  email: z.email(),
  phoneNumbers: z.array(ZProfilePhoneNumber),
  addresses: z.array(ZProfileAddress),
  /** Whether an SSN is on file; the SSN itself never leaves the server. */
  hasSsn: z.boolean(),
  /** CO_DEEDER marks an additional signer. */
  type: ZProfileType,
  account: ZProfileAccount.nullish(),
  authorizedWallet: ZProfileAuthorizedWallet.nullish(),
});
export type TProfile = z.infer<typeof ZProfile>;
