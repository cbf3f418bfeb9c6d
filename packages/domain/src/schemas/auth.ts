/**
 * Request and response bodies of sign-in and registration (spec 2 §7 "Identity"; the spec
 * leaves the registration body open, so this is ours). Used by the server's validation and
 * by the web's forms.
 */
import { z } from 'zod';
import { REQUIRED_MESSAGE } from '../constants';
import { EMPLOYMENT_TYPES, type TEmploymentType } from '../enums';
import { isUsStateCode } from '../us-states';
import { passwordProblem } from '../password';
import { ZIsoDate, ZUuid, requiredString } from './common';
import { ZPhoneDigits } from './profile';

export const ZEmailAddress = z
  .string({ error: REQUIRED_MESSAGE })
  .trim()
  .toLowerCase()
  .min(1, REQUIRED_MESSAGE)
  .max(254, 'Must be at most 254 characters')
  .pipe(z.email('Please enter a valid email address'));

export const ZLoginRequest = z.object({
  email: ZEmailAddress,
  password: z.string({ error: REQUIRED_MESSAGE }).min(1, REQUIRED_MESSAGE).max(256),
  /** Six-digit code from the authenticator app, when two-factor is on. */
  totpCode: z
    .string()
    .regex(/^\d{6}$/, 'Enter the 6-digit code')
    .optional(),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZLoginResponse = z.object({ jwt: z.string() });

/**
 * How long a password reset link works: an hour (ours — long enough to open the e-mail, short for a
 * link that is as good as the password).
 */
export const PASSWORD_RESET_TTL_MINUTES = 60;

/**
 * The one answer to "forgot password", whether or not the address has an account (no account
 * enumeration: the body and status never differ).
 */
export const PASSWORD_FORGOT_ANSWER = `If an account exists for this e-mail, we sent it a link to set a new password. The link works once, for ${PASSWORD_RESET_TTL_MINUTES} minutes.`;

/** A used, expired or unknown reset link (also a malformed one): one message for all. */
export const PASSWORD_RESET_LINK_INVALID =
  'This password reset link is not valid, has expired or was already used. Ask for a new one.';

export const ZPasswordForgotRequest = z.object({ email: ZEmailAddress });
export type TPasswordForgotRequest = z.infer<typeof ZPasswordForgotRequest>;
export const ZPasswordForgotResponse = z.object({ message: z.string() });

/** The link's token as it arrives in the URL (`?token=`): 32 random bytes, base64url. */
export const ZPasswordResetToken = z
  .string({ error: PASSWORD_RESET_LINK_INVALID })
  .regex(/^[A-Za-z0-9_-]{43}$/, PASSWORD_RESET_LINK_INVALID);

/** The new password is checked with `passwordProblem` (the registration rule) against the account's e-mail. */
export const ZPasswordResetRequest = z.object({
  token: ZPasswordResetToken,
  password: z.string({ error: REQUIRED_MESSAGE }).min(1, REQUIRED_MESSAGE).max(256),
});
export type TPasswordResetRequest = z.infer<typeof ZPasswordResetRequest>;

/** Registration "Sale Status": whether the home is being sold (a HELOC needs a home kept). */
export const SALE_STATUSES = ['NOT_SELLING', 'PLANNING_TO_SELL', 'LISTED_FOR_SALE'] as const;
export const SALE_STATUS_LABELS: Record<(typeof SALE_STATUSES)[number], string> = {
  NOT_SELLING: 'I am not planning to sell',
  PLANNING_TO_SELL: 'I plan to sell within 12 months',
  LISTED_FOR_SALE: 'My home is listed for sale',
};

/** "Required" when the value is missing, else the given message. */
const requiredOr = (message: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? REQUIRED_MESSAGE : message;

export const ZSaleStatus = z.enum(SALE_STATUSES, { error: requiredOr('Choose a sale status') });

export const ZRegistrationAddress = z.object(
  {
    street1: requiredString().pipe(z.string().max(100, 'Must be at most 100 characters')),
    street2: z.string().trim().max(100, 'Must be at most 100 characters').optional(),
    city: requiredString().pipe(z.string().max(60, 'Must be at most 60 characters')),
    state: z.string({ error: REQUIRED_MESSAGE }).trim().toUpperCase().refine(isUsStateCode, 'Choose a state'),
    zip: z
      .string({ error: REQUIRED_MESSAGE })
      .trim()
      .regex(/^\d{5}(-\d{4})?$/, 'Enter a 5-digit ZIP code'),
  },
  { error: requiredOr('Enter the property address') },
);

/** Age at which a borrower may apply. */
export const MINIMUM_BORROWER_AGE = 18;

export function ageOn(dobIso: string, today: Date): number {
  const [year, month, day] = dobIso.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - year;
  const beforeBirthday =
    today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

/** A borrower's birth date (yyyy-MM-dd): adult, and plausibly alive. */
export const ZBorrowerDob = requiredString()
  .pipe(ZIsoDate)
  .refine(
    (dob) => ageOn(dob, new Date()) >= MINIMUM_BORROWER_AGE,
    `You must be at least ${MINIMUM_BORROWER_AGE} years old`,
  )
  .refine((dob) => ageOn(dob, new Date()) <= 120, 'Enter a valid birthdate');

/** Employment whose income is pay for work: it cannot be $0. */
export const EARNED_INCOME_TYPES: readonly TEmploymentType[] = ['FULL_TIME', 'PART_TIME', 'SELF_EMPLOYED'];
export const EARNED_INCOME_ZERO_MESSAGE =
  'Enter your income from this work before taxes; it must be more than $0';

export const ZRegistrationRequest = z
  .object({
    property: ZRegistrationAddress,
    saleStatus: ZSaleStatus,
    income: z
      .object(
        {
          employmentType: z.enum(EMPLOYMENT_TYPES, { error: requiredOr('Choose an employment type') }),
          /** Stated gross annual income, in cents; verified later. */
          annualIncomeCents: z
            .number({ error: REQUIRED_MESSAGE })
            .int()
            .min(0, 'Must be 0 or more')
            .max(100_000_000_00, 'Must be at most $100,000,000'),
        },
        { error: requiredOr('Enter your income') },
      )
      .superRefine((income, context) => {
        // A job with no pay is a typing slip, and it ended in a formal DTI decline with an adverse
        // action notice; retired, unemployed and support incomes may be $0.
        if (EARNED_INCOME_TYPES.includes(income.employmentType) && income.annualIncomeCents === 0)
          context.addIssue({
            code: 'custom',
            path: ['annualIncomeCents'],
            message: EARNED_INCOME_ZERO_MESSAGE,
          });
      }),
    name: z.object(
      {
        firstName: requiredString().pipe(z.string().max(50, 'Must be at most 50 characters')),
        middleName: z.string().trim().max(50, 'Must be at most 50 characters').optional(),
        lastName: requiredString().pipe(z.string().max(50, 'Must be at most 50 characters')),
        suffix: z.string().trim().max(10, 'Must be at most 10 characters').optional(),
      },
      { error: requiredOr('Enter your name') },
    ),
    dob: ZBorrowerDob,
    email: ZEmailAddress,
    phoneNumber: ZPhoneDigits,
    password: z.string({ error: REQUIRED_MESSAGE }).min(1, REQUIRED_MESSAGE),
    /** The borrower agreed to the terms of use and electronic communications. */
    acceptedTerms: z.literal(true, { error: 'You must agree to continue' }),
    /** Referring loan originator (query parameter `referrer`). */
    referrer: ZUuid.optional(),
    /** Crypto HELOC (utm_source=cloc for anonymous visitors). */
    isCrypto: z.boolean().optional(),
  })
  .superRefine((value, context) => {
    const problem = passwordProblem(value.password, value.email);
    if (problem) context.addIssue({ code: 'custom', path: ['password'], message: problem });
  });
export type TRegistrationRequest = z.infer<typeof ZRegistrationRequest>;
export type TRegistrationInput = z.input<typeof ZRegistrationRequest>;

export const ZRegistrationResponse = z.object({
  jwt: z.string(),
  identityUuid: ZUuid,
  applicationUuid: ZUuid,
});
