/**
 * The forms of the borrower's steps from the basic info to the offer choice (issue 5), shared by the
 * web forms (rules and messages, "Required" on required fields, spec 1 §5) and the server's bodies.
 * Messages the spec does not give are ours.
 */
import { z } from 'zod';
import { REQUIRED_MESSAGE, VALIDATION_MESSAGES } from '../constants';
import { formatCurrency, parseDollarsToCents } from '../format/currency';
import { displayDateToIso } from '../format/date';
import { ZApplicationStep } from '../enums';
import { ZApplicationStatus } from './application-status';
import { requiredString, ZIsoDate, ZUuid } from './common';
import { ZBorrowerDob, ZRegistrationRequest } from './auth';

/**
 * The registration's name rules, read inside the schemas that use them: the browser builds a schema
 * constant at its first use (apps/web/build/lazy-schemas.ts), and a read at module load built the whole
 * registration schema whenever a step screen's chunk loaded.
 */
const nameRules = () => ZRegistrationRequest.shape.name.shape;

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
  firstName: nameRules().firstName,
  middleName: optionalText(z.string().trim().max(50, 'Must be at most 50 characters')),
  lastName: nameRules().lastName,
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

// ---------------------------------------------------------------------------------------------
// The engine's borrower endpoints (DESIGN.md §6, /service-application/api/v1/application/heloc/{uuid}/…):
// request and answer bodies, shared by the server (validation, OpenAPI) and the web client.
// ---------------------------------------------------------------------------------------------

/**
 * What every borrower action answers: the step the application moved to. A write's answer also
 * carries the status object at that step (the status endpoint's answer, read once the write has
 * committed), so the screens route on it without asking the status endpoint again; it is left out
 * when a job had already moved the application on by then.
 */
export const ZActionResult = z.object({
  status: ZApplicationStep,
  applicationStatus: ZApplicationStatus.optional(),
});
export type TActionResult = z.infer<typeof ZActionResult>;

/** POST …/profile. */
export const ZProfileStepBody = z.object({
  name: z.object({
    firstName: z.string().trim().min(1).max(100),
    middleName: z.string().trim().max(100).nullish(),
    lastName: z.string().trim().min(1).max(100),
    suffix: z.string().trim().max(20).nullish(),
  }),
  dob: ZIsoDate,
  /** One of the borrower's addresses; default: the application's selected property. */
  propertyUuid: ZUuid.optional(),
  softCreditConsent: z.literal(true),
});
export type TProfileStepBody = z.infer<typeof ZProfileStepBody>;

/** One priced offer (GET …/offers), its figures for the maximum line. */
export const ZOfferView = z.object({
  uuid: ZUuid,
  termYears: z.number().int(),
  rateBps: z.number().int(),
  originationFeeBps: z.number().int(),
  /** For the maximum line. */
  originationFeeCents: z.number().int(),
  aprBps: z.number(),
  monthlyPaymentCents: z.number().int(),
  selected: z.boolean(),
});
export type TOfferView = z.infer<typeof ZOfferView>;

export const ZOffersResponse = z.object({
  status: ZApplicationStep,
  maxLineCents: z.number().int(),
  minLineCents: z.number().int(),
  offers: z.array(ZOfferView),
  selectedAmountCents: z.number().int(),
});
export type TOffersResponse = z.infer<typeof ZOffersResponse>;

/** POST …/offer. */
export const ZOfferChoice = z.object({ offerUuid: ZUuid, amountCents: z.number().int().positive() });

/** A property of record offered when several matched (GET …/properties). */
export const ZPropertyCandidate = z.object({
  propertyId: z.string(),
  street1: z.string(),
  street2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
});
export type TPropertyCandidate = z.infer<typeof ZPropertyCandidate>;
export const ZPropertiesResponse = z.object({
  status: ZApplicationStep,
  properties: z.array(ZPropertyCandidate),
});

/** A lien on the property (GET …/liens). */
export const ZLienView = z.object({
  uuid: ZUuid,
  position: z.number().int(),
  lenderName: z.string(),
  balanceCents: z.number().int(),
  monthlyPaymentCents: z.number().int().nullable(),
  /** PROVIDER (found) or BORROWER (corrected by the borrower). */
  source: z.enum(['PROVIDER', 'BORROWER']),
});
export type TLienView = z.infer<typeof ZLienView>;
export const ZLiensResponse = z.object({
  status: ZApplicationStep,
  inquiryAttestNeeded: z.boolean(),
  liens: z.array(ZLienView),
});
export type TLiensResponse = z.infer<typeof ZLiensResponse>;

/** The largest balance a borrower may state for one lien. */
export const LIEN_BALANCE_MAX_CENTS = 100_000_000_00;

/** POST …/liens/confirm (an empty body confirms the liens as found). */
export const ZConfirmLiensBody = z.object({
  /** Corrected balances of found liens (at most one per lien). */
  corrections: z
    .array(z.object({ uuid: ZUuid, balanceCents: z.number().int().min(0).max(LIEN_BALANCE_MAX_CENTS) }))
    .max(20)
    .refine(
      (list) => new Set(list.map((each) => each.uuid.toLowerCase())).size === list.length,
      'One correction per lien',
    )
    .optional(),
  /** The borrower explains (attests to) the recent hard inquiries on the report. */
  inquiryAttestation: z.boolean().optional(),
});
export type TConfirmLiensBody = z.infer<typeof ZConfirmLiensBody>;

/**
 * The liens screen's form: for each lien found, whether its balance is right or the borrower's
 * corrected balance (typed in dollars), and the inquiry attestation when the status asks for one.
 * Answers the body of POST …/liens/confirm.
 */
export function lienReviewForm({ attestNeeded }: { attestNeeded: boolean }) {
  return z
    .object({
      liens: z.array(
        z.object({
          uuid: z.string(),
          correcting: z.boolean(),
          balance: z.string(),
        }),
      ),
      inquiryAttestation: attestNeeded
        ? z.literal(true, { error: REQUIRED_MESSAGE })
        : z.boolean().optional(),
    })
    .superRefine((value, context) => {
      value.liens.forEach((lien, index) => {
        if (!lien.correcting) return;
        const path = ['liens', index, 'balance'];
        if (lien.balance.trim() === '') {
          context.addIssue({ code: 'custom', path, message: REQUIRED_MESSAGE });
          return;
        }
        const cents = parseDollarsToCents(lien.balance);
        if (cents === null || cents > LIEN_BALANCE_MAX_CENTS) {
          context.addIssue({ code: 'custom', path, message: LIEN_BALANCE_FORMAT_MESSAGE });
        }
      });
    })
    .transform((value): TConfirmLiensBody => ({
      corrections: value.liens
        .filter((lien) => lien.correcting)
        .map((lien) => ({ uuid: lien.uuid, balanceCents: parseDollarsToCents(lien.balance)! })),
      ...(value.inquiryAttestation === true && { inquiryAttestation: true }),
    }));
}
export const LIEN_BALANCE_FORMAT_MESSAGE = 'Enter the balance in dollars, e.g. 245,000';
export type TLienReviewFormInput = z.input<ReturnType<typeof lienReviewForm>>;
