/**
 * The contract of the submission segment (server endpoints under
 * /service-application/api/v1/application/heloc/{uuid}/… and the screens that call them): asset
 * depletion, the CLTV requalification, "Provide More Info" (contact, additional profile), HMDA,
 * submission with the hard-credit consent, and the application's documents. One schema per body, so
 * the server validates and the web's forms check with the same rules.
 */
import { z } from 'zod';
import { REQUIRED_MESSAGE, VALIDATION_MESSAGES } from '../constants';
import { ZApplicationStep, ZDocumentType, ZOwnershipType } from '../enums';
import { ZIsoDateTime, ZNonNegativeCents, ZUuid, requiredString } from './common';
import { ZPhoneDigits } from './profile';
import { amountRangeMessage } from './borrower-steps';
import { parseDollarsToCents } from '../format/currency';

/** A checkbox that must be ticked (z.literal(true) with a readable message). */
const mustAgree = (message: string) => z.literal(true, { error: message });

// ---------------------------------------------------------------------------------------------
// Social Security number
// ---------------------------------------------------------------------------------------------

export const SSN_MESSAGES = {
  invalid: 'Please enter a valid 9-digit Social Security number',
} as const;

/**
 * A US Social Security number typed as 9 digits, with or without dashes; parsed to the 9 digits.
 * Area 000, 666 and 900–999 and group 00 are never issued. (Serial 0000 is not rejected: the sandbox's
 * Nomatch scenario uses an SSN ending 0000 for "no credit", DESIGN.md §7.)
 */
export const ZSsnDigits = z
  .string({ error: REQUIRED_MESSAGE })
  .trim()
  .min(1, { error: REQUIRED_MESSAGE, abort: true })
  .regex(/^\d{3}-?\d{2}-?\d{4}$/, SSN_MESSAGES.invalid)
  .transform((value) => value.replace(/\D/g, ''))
  .refine((digits) => {
    const area = Number(digits.slice(0, 3));
    return area !== 0 && area !== 666 && area < 900 && digits.slice(3, 5) !== '00';
  }, SSN_MESSAGES.invalid);

// ---------------------------------------------------------------------------------------------
// Asset depletion (ASSETS_PREQUAL → product/assets)
// ---------------------------------------------------------------------------------------------

export const ASSET_TYPES = ['CHECKING', 'SAVINGS', 'INVESTMENT', 'RETIREMENT'] as const;
export const ZAssetType = z.enum(ASSET_TYPES);
export type TAssetType = z.infer<typeof ZAssetType>;
export const ASSET_TYPE_LABELS: Record<TAssetType, string> = {
  CHECKING: 'Checking account',
  SAVINGS: 'Savings account',
  INVESTMENT: 'Brokerage or investment account',
  RETIREMENT: 'Retirement account (401(k), IRA)',
};
/** At most this many accounts on one application. */
export const MAX_DECLARED_ASSETS = 10;
/** $100,000,000: a typo guard, not a credit rule. */
export const MAX_ASSET_BALANCE_CENTS = 10_000_000_000;

export const ZDeclaredAsset = z.object({
  type: ZAssetType,
  institutionName: requiredString().max(100, 'Cannot be more than 100 characters'),
  balanceCents: z
    .number({ error: REQUIRED_MESSAGE })
    .int()
    .positive('Must be more than $0')
    .max(MAX_ASSET_BALANCE_CENTS, 'Please check the balance'),
});
export type TDeclaredAsset = z.infer<typeof ZDeclaredAsset>;

export const ZAssetDepletionInput = z.object({
  assets: z
    .array(ZDeclaredAsset)
    .min(1, 'Please add at least one account')
    .max(MAX_DECLARED_ASSETS, `At most ${MAX_DECLARED_ASSETS} accounts`),
});
export type TAssetDepletionInput = z.infer<typeof ZAssetDepletionInput>;

/** What product/assets shows: why assets are asked for, and the figures underwriting used. */
export const ZAssetDepletionView = z.object({
  status: ZApplicationStep,
  /** Debt-to-income on the stated income, bps. */
  dtiBps: z.number().int(),
  dtiCapBps: z.number().int(),
  /** Months the declared assets are spread over (qualifying income = eligible assets ÷ months). */
  depletionMonths: z.number().int(),
  complete: z.boolean(),
});
export type TAssetDepletionView = z.infer<typeof ZAssetDepletionView>;

// ---------------------------------------------------------------------------------------------
// CLTV requalification at a lower amount (CLTV_REQUALIFY → product/prequal-winback)
// ---------------------------------------------------------------------------------------------

/**
 * Why the line is lower: the full credit report showed more debt secured by the home (the hard pull,
 * at submission), or the valuation report valued the home lower (Texas, at closing).
 */
export const REQUALIFY_CAUSES = ['CREDIT_REPORT', 'VALUATION'] as const;
export type TRequalifyCause = (typeof REQUALIFY_CAUSES)[number];

export const ZCltvRequalifyView = z.object({
  status: ZApplicationStep,
  cause: z.enum(REQUALIFY_CAUSES),
  /** The amount the borrower chose before. */
  previousAmountCents: ZNonNegativeCents,
  /** The largest line the combined loan-to-value cap allows now. */
  maxLineCents: ZNonNegativeCents,
  minLineCents: ZNonNegativeCents,
  termYears: z.number().int(),
  rateBps: z.number(),
});
export type TCltvRequalifyView = z.infer<typeof ZCltvRequalifyView>;

export const ZCltvRequalifyInput = z.object({
  amountCents: z.number({ error: REQUIRED_MESSAGE }).int().positive(),
});
export type TCltvRequalifyInput = z.infer<typeof ZCltvRequalifyInput>;

// ---------------------------------------------------------------------------------------------
// Provide More Info: contact (start/contact) and the additional profile
// ---------------------------------------------------------------------------------------------

export const ZContactInfoInput = z.object({
  email: requiredString()
    .max(128, VALIDATION_MESSAGES.emailTooLong)
    .pipe(z.email(VALIDATION_MESSAGES.emailInvalid)),
  phoneNumber: requiredString().pipe(ZPhoneDigits),
});
export type TContactInfoInput = z.input<typeof ZContactInfoInput>;

export const HARD_CREDIT_CONSENT_MESSAGE = 'Please authorize the credit check to continue';

/**
 * The additional profile: how the borrower holds title to the property, the SSN when none is on file
 * (the server answers 400 if it is missing then), and the hard-credit authorisation (spec 1 §4:
 * moreProfile → hmda needs ownership, an SSN and a hard-credit consent).
 */
export const ZAdditionalProfileInput = z.object({
  ownership: z.enum(ZOwnershipType.options, { error: REQUIRED_MESSAGE }),
  ssn: ZSsnDigits.optional(),
  hardCreditConsent: mustAgree(HARD_CREDIT_CONSENT_MESSAGE),
});
export type TAdditionalProfileInput = z.input<typeof ZAdditionalProfileInput>;

export const OWNERSHIP_TYPE_LABELS = {
  SOLE: 'I am the only owner',
  JOINT: 'I own it jointly with someone else',
  TRUST: 'It is held in a trust',
} as const satisfies Record<z.infer<typeof ZOwnershipType>, string>;

/** What the contact and additional-profile screens start from (the SSN only as its last 4). */
export const ZMoreInfoView = z.object({
  status: ZApplicationStep,
  email: z.string(),
  phoneNumber: z.string().nullable(),
  ownership: ZOwnershipType.nullable(),
  hasSsn: z.boolean(),
  ssnLast4: z
    .string()
    .regex(/^\d{4}$/)
    .nullable(),
  hardCreditConsent: z.boolean(),
});
export type TMoreInfoView = z.infer<typeof ZMoreInfoView>;

// ---------------------------------------------------------------------------------------------
// HMDA demographic information (Regulation C, 12 CFR 1003.4(a)(10); URLA section 8)
// ---------------------------------------------------------------------------------------------

export const HMDA_DECLINE_LABEL = 'I do not wish to provide this information';

export const HMDA_ETHNICITIES = ['HISPANIC_OR_LATINO', 'NOT_HISPANIC_OR_LATINO'] as const;
export const HMDA_RACES = [
  'AMERICAN_INDIAN_OR_ALASKA_NATIVE',
  'ASIAN',
  'BLACK_OR_AFRICAN_AMERICAN',
  'NATIVE_HAWAIIAN_OR_OTHER_PACIFIC_ISLANDER',
  'WHITE',
] as const;
export const HMDA_SEXES = ['FEMALE', 'MALE'] as const;

export const HMDA_LABELS: Record<
  (typeof HMDA_ETHNICITIES)[number] | (typeof HMDA_RACES)[number] | (typeof HMDA_SEXES)[number],
  string
> = {
  HISPANIC_OR_LATINO: 'Hispanic or Latino',
  NOT_HISPANIC_OR_LATINO: 'Not Hispanic or Latino',
  AMERICAN_INDIAN_OR_ALASKA_NATIVE: 'American Indian or Alaska Native',
  ASIAN: 'Asian',
  BLACK_OR_AFRICAN_AMERICAN: 'Black or African American',
  NATIVE_HAWAIIAN_OR_OTHER_PACIFIC_ISLANDER: 'Native Hawaiian or Other Pacific Islander',
  WHITE: 'White',
  FEMALE: 'Female',
  MALE: 'Male',
};

/** Why the questions are asked (the URLA demographic information statement, for an online application). */
export const HMDA_STATEMENT = [
  'The purpose of collecting this information is to help ensure that all applicants are treated fairly and that the housing needs of communities and neighborhoods are being fulfilled. For residential mortgage lending, Federal law requires that we ask applicants for their demographic information (ethnicity, sex, and race) in order to monitor our compliance with equal credit opportunity, fair housing, and home mortgage disclosure laws.',
  'You are not required to provide this information, but are encouraged to do so. You may select one or more designations for "Ethnicity" and one or more designations for "Race." The law provides that we may not discriminate on the basis of this information, or on whether you choose to provide it.',
  'Because you are applying online and not in person, we will not note this information on the basis of visual observation or surname if you choose not to provide it.',
] as const;

export const HMDA_CHOICE_MESSAGE = `Please choose at least one option or "${HMDA_DECLINE_LABEL}"`;

function hmdaAnswer<const T extends readonly [string, ...string[]]>(values: T) {
  return z
    .object({
      /** "I do not wish to provide this information". */
      declined: z.boolean(),
      values: z.array(z.enum(values)).max(values.length),
    })
    .refine((answer) => answer.declined !== answer.values.length > 0, {
      message: HMDA_CHOICE_MESSAGE,
      path: ['values'],
    })
    .refine((answer) => new Set(answer.values).size === answer.values.length, {
      message: 'Each option may be chosen once',
      path: ['values'],
    });
}

export const ZHmdaInput = z.object({
  ethnicity: hmdaAnswer(HMDA_ETHNICITIES),
  race: hmdaAnswer(HMDA_RACES),
  sex: hmdaAnswer(HMDA_SEXES),
});
export type THmdaInput = z.infer<typeof ZHmdaInput>;

// ---------------------------------------------------------------------------------------------
// Application summary and submission (SUMMARY → HARD_CREDIT_PULL → APP_SUBMISSION)
// ---------------------------------------------------------------------------------------------

export const SUMMARY_ACCEPT_MESSAGE = 'Please confirm that your application summary is correct';

export const ZSubmitApplicationInput = z.object({
  /** The borrower read the generated summary and confirms it is correct. */
  summaryAccepted: mustAgree(SUMMARY_ACCEPT_MESSAGE),
  /** Re-affirmed right before the pull: the bureau records the inquiry with this authorisation. */
  hardCreditConsent: mustAgree(HARD_CREDIT_CONSENT_MESSAGE),
});
export type TSubmitApplicationInput = z.infer<typeof ZSubmitApplicationInput>;

// ---------------------------------------------------------------------------------------------
// Documents of an application
// ---------------------------------------------------------------------------------------------

export const ZApplicationDocumentItem = z.object({
  uuid: ZUuid,
  type: ZDocumentType,
  /** DOCUMENT_TYPE_LABELS of the type. */
  label: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  createdDate: ZIsoDateTime,
});
export type TApplicationDocumentItem = z.infer<typeof ZApplicationDocumentItem>;

export const ZApplicationDocumentList = z.object({
  status: ZApplicationStep,
  documents: z.array(ZApplicationDocumentItem),
});
export type TApplicationDocumentList = z.infer<typeof ZApplicationDocumentList>;

/** The path of a document's bytes (the owner's token is required, as on every borrower call). */
export function documentDownloadPath(applicationUuid: string, documentUuid: string): string {
  return `/service-application/api/v1/application/heloc/${applicationUuid}/documents/${documentUuid}/file`;
}

// ---------------------------------------------------------------------------------------------
// The screens' forms (typed text → the request bodies above, with the same rules and messages)
// ---------------------------------------------------------------------------------------------

export const ASSET_BALANCE_MESSAGE = 'Enter the balance in dollars, for example 25,000';

/** product/assets: balances are typed in dollars ("25,000"); the body carries cents. */
export const ZAssetDepletionForm = z.object({
  assets: z
    .array(
      z.object({
        type: z.enum(ASSET_TYPES, { error: REQUIRED_MESSAGE }),
        institutionName: ZDeclaredAsset.shape.institutionName,
        balance: requiredString().transform((value, context) => {
          const cents = parseDollarsToCents(value);
          if (cents === null) {
            context.addIssue({ code: 'custom', message: ASSET_BALANCE_MESSAGE });
            return z.NEVER;
          }
          const checked = ZDeclaredAsset.shape.balanceCents.safeParse(cents);
          if (!checked.success) {
            context.addIssue({ code: 'custom', message: checked.error.issues[0]!.message });
            return z.NEVER;
          }
          return cents;
        }),
      }),
    )
    .min(1, 'Please add at least one account')
    .max(MAX_DECLARED_ASSETS, `At most ${MAX_DECLARED_ASSETS} accounts`),
});
export type TAssetDepletionFormInput = z.input<typeof ZAssetDepletionForm>;

/** product/prequal-winback: the lower amount, typed in dollars, within [minimum, new maximum]. */
export function requalifyForm({ minCents, maxCents }: { minCents: number; maxCents: number }) {
  return z.object({
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

/**
 * The additional-profile form: the SSN is asked (and required) only when none is on file; with one
 * on file the field is not shown and not sent.
 */
export function additionalProfileForm({ ssnOnFile }: { ssnOnFile: boolean }) {
  return ZAdditionalProfileInput.extend({
    ssn: ssnOnFile ? z.undefined().optional() : ZSsnDigits,
  });
}

/**
 * Statuses of a submission under way (the hard pull and the hand-over jobs). They have no routing
 * row: the client machine keeps the borrower on start/app-summary, which follows them until the
 * status moves on (income verification, the CLTV requalification, a decline or the timeout page).
 */
export const SUBMISSION_IN_PROGRESS_STATUSES = ['HARD_CREDIT_PULL', 'APP_SUBMISSION'] as const;
export function isSubmissionInProgress(statusName: string | null | undefined): boolean {
  return (SUBMISSION_IN_PROGRESS_STATUSES as readonly string[]).includes(statusName ?? '');
}
