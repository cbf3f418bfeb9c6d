/**
 * Building blocks shared by the entity schemas: identifiers, money and rate units, dates, addresses,
 * and the "Required" rule (spec 1 §5: any required field shows exactly "Required").
 */
import { z } from 'zod';
import { REQUIRED_MESSAGE, VALIDATION_MESSAGES } from '../constants';
import { parseIsoDate } from '../format/date';
import { UUID_PATTERN } from '../format/uuid';
import { ZUsStateCode } from '../organisation';

/** 8-4-4-4-12 hex in any case (the spec's shape; z.uuid() would also demand an RFC version). */
export const ZUuid = z.string().regex(UUID_PATTERN, VALIDATION_MESSAGES.invalidUuid);

/**
 * A required text field: missing, undefined, a wrong type, empty or blank all give "Required", and
 * only "Required" (later checks are skipped), so a form shows one message per field. Trims.
 */
export function requiredString() {
  return z.string({ error: REQUIRED_MESSAGE }).trim().min(1, { error: REQUIRED_MESSAGE, abort: true });
}

/** Money in integer cents (never dollars, never floats). */
export const ZCents = z.number().int();
export const ZNonNegativeCents = ZCents.min(0);
/** A rate in basis points (760 = 7.60%); may be fractional for rates like 7.625%. */
export const ZBps = z.number().min(0);

/** A calendar date, yyyy-MM-dd, that exists. */
export const ZIsoDate = z
  .string()
  .refine((value) => parseIsoDate(value) !== null, VALIDATION_MESSAGES.invalidDate);
/** An instant as ISO 8601 with a zone offset, e.g. 2024-03-04T12:00:00.000Z. */
export const ZIsoDateTime = z.iso.datetime({ offset: true });

/** A postal address of a borrower or property (spec 1 §3 "addresses", "property (address, state)"). */
export const ZAddress = z.object({
  street1: requiredString(),
  street2: z.string().trim().nullish(),
  city: requiredString(),
  state: ZUsStateCode,
  zip: z.string().regex(/^\d{5}(-\d{4})?$/),
});
export type TAddress = z.infer<typeof ZAddress>;
