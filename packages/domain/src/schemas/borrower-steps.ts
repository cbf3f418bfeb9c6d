/**
 * The forms of the borrower's steps from the basic info to the offer choice (issue 5), shared by the
 * web forms (rules and messages, "Required" on required fields, spec 1 §5) and the server's bodies.
 * Messages the spec does not give are ours.
 */
import { z } from 'zod';
import { REQUIRED_MESSAGE, VALIDATION_MESSAGES } from '../constants';
import { formatCurrency, parseDollarsToCents } from '../format/currency';
import { displayDateToIso } from '../format/date';
import { requiredString } from './common';
import { ZBorrowerDob, ZRegistrationRequest } from './auth';

const name = ZRegistrationRequest.shape.name.shape;

/** An optional text field: blank is "not given". */
const optionalText = (schema: z.ZodString) =>
  schema.transform((value) => (value === '' ? undefined : value)).optional();

/** A birth date typed as MM/DD/YYYY, answered as yyyy-MM-dd. */
export const ZDisplayBirthdate = requiredString()
  .transform((value, context) => {
    const iso = displayDateToIso(value);
    if (iso === null) {
      context.addIssue({ code: 'custom', message: VALIDATION_MESSAGES.invalidDate });
      return z.NEVER;
    }
    return iso;
  })
  .pipe(ZBorrowerDob);

/** Basic info (start/profile): name, birth date, the property, and the soft-credit consent. */
export const ZProfileStepForm = z.object({
  firstName: name.firstName,
  middleName: optionalText(z.string().trim().max(50, 'Must be at most 50 characters')),
  lastName: name.lastName,
  suffix: optionalText(z.string().trim().max(10, 'Must be at most 10 characters')),
  dob: ZDisplayBirthdate,
  propertyUuid: requiredString(),
  softCreditConsent: z.literal(true, { error: REQUIRED_MESSAGE }),
});
export type TProfileStepFormInput = z.input<typeof ZProfileStepForm>;
export type TProfileStepForm = z.output<typeof ZProfileStepForm>;

/** A Social Security number: 9 digits, dashes allowed (123-45-6789). */
export const SSN_FORMAT_MESSAGE = 'Enter your 9-digit Social Security number';
export const ZSsn = requiredString().regex(/^\d{3}-?\d{2}-?\d{4}$/, SSN_FORMAT_MESSAGE);
export const ZSsnForm = z.object({ ssn: ZSsn });

/** The 4-digit PIN the credit bureau gave the borrower with the freeze. */
export const CREDIT_PIN_FORMAT_MESSAGE = 'Enter the 4-digit PIN';
export const ZCreditPin = requiredString().regex(/^\d{4}$/, CREDIT_PIN_FORMAT_MESSAGE);
export const ZCreditPinForm = z.object({ pin: ZCreditPin });

/** The message for an amount outside [min, max]. */
export function amountRangeMessage(minCents: number, maxCents: number): string {
  return `Enter an amount from ${formatCurrency(minCents)} to ${formatCurrency(maxCents)}`;
}

/**
 * The offer choice (product/select): an offer and the initial draw, typed in dollars, within the
 * line's limits (the organisation's minimum, the maximum line of the offers).
 */
export function offerChoiceForm({ minCents, maxCents }: { minCents: number; maxCents: number }) {
  return z.object({
    offerUuid: requiredString(),
    amount: requiredString().transform((value, context) => {
      const cents = parseDollarsToCents(value);
      if (cents === null || cents < minCents || cents > maxCents) {
        context.addIssue({ code: 'custom', message: amountRangeMessage(minCents, maxCents) });
        return z.NEVER;
      }
      return cents;
    }),
  });
}
export type TOfferChoiceFormInput = z.input<ReturnType<typeof offerChoiceForm>>;
