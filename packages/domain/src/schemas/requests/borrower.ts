/** Request bodies of the borrower's own writes outside the engine: profile, new application, feedback. */
import { z } from 'zod';
import { requiredString, ZUuid } from '../common';
import { ZCeoFeedback } from '../feedback';
import { ZPhoneDigits } from '../profile';

/** Change the name or the primary phone number (settings). */
export const ZProfileUpdateRequest = z
  .object({
    name: z
      .object({
        firstName: requiredString().pipe(z.string().max(50)),
        middleName: z.string().trim().max(50).optional(),
        lastName: requiredString().pipe(z.string().max(50)),
        suffix: z.string().trim().max(10).optional(),
      })
      .optional(),
    phoneNumber: ZPhoneDigits.optional(),
  })
  .refine((body) => body.name || body.phoneNumber, 'Nothing to change');

/** Start a new application (without `propertyUuid`: the property of the first address). */
export const ZCreateApplicationRequest = z.object({ propertyUuid: ZUuid.optional() }).default({});

export const BORROWER_WRITES = {
  'PATCH /service-profile/api/v1/profile': ZProfileUpdateRequest,
  'POST /service-application/api/v1/application/heloc': ZCreateApplicationRequest,
  'POST /service-profile/api/v1/feedback/ceo': ZCeoFeedback,
} as const satisfies Record<string, z.ZodType>;
