/**
 * Additional signers (co-deeders): the invitation the primary sends from signing/additional, the
 * signer's acceptance of the link, and the co-deed status both see (spec 2 §7
 * `GET …/co-deed/status`: the response shape is not shown, so this one is ours). Used by the server's
 * validation and the web's forms.
 */
import { z } from 'zod';
import { REQUIRED_MESSAGE } from '../constants';
import { ZCoDeedStatus } from '../enums';
import { passwordProblem } from '../password';
import type { TSignerScreen } from '../routing/step-paths';
import { ZEmailAddress, ZBorrowerDob } from './auth';
import { ZUuid, requiredString } from './common';
import { ZPhoneDigits } from './profile';
import { ZDisplayBirthdate } from './borrower-steps';

const ZNamePart = requiredString().pipe(z.string().max(50, 'Must be at most 50 characters'));

/** The most owners one application invites (ours: more than any deed reasonably lists). */
export const MAX_ADDITIONAL_SIGNERS = 4;

export const ZCoDeedInvitee = z.object({
  firstName: ZNamePart,
  lastName: ZNamePart,
  email: ZEmailAddress,
});
export type TCoDeedInvitee = z.infer<typeof ZCoDeedInvitee>;

export const ZCoDeedInvitationRequest = z
  .object({
    signers: z
      .array(ZCoDeedInvitee)
      .min(1, 'Add each other owner on title')
      .max(MAX_ADDITIONAL_SIGNERS, `At most ${MAX_ADDITIONAL_SIGNERS} additional signers`),
  })
  .superRefine((value, context) => {
    const seen = new Set<string>();
    value.signers.forEach((signer, index) => {
      if (seen.has(signer.email)) {
        context.addIssue({
          code: 'custom',
          path: ['signers', index, 'email'],
          message: 'Each signer needs their own email',
        });
      }
      seen.add(signer.email);
    });
  });
export type TCoDeedInvitationRequest = z.infer<typeof ZCoDeedInvitationRequest>;
export type TCoDeedInvitationInput = z.input<typeof ZCoDeedInvitationRequest>;

export const SIGNER_PROGRESS = [
  /**
   * Named by the borrower before the closing documents were prepared (so the deed of trust names
   * them); their invitation e-mail goes out once the borrower's own documents are signed.
   */
  'LISTED',
  'INVITED',
  'ACCEPTED',
  'IDENTITY_VERIFIED',
  'SIGNED',
  'COMPLETE',
  'CANCELLED',
] as const;
export const ZSignerProgress = z.enum(SIGNER_PROGRESS);
export type TSignerProgress = z.infer<typeof ZSignerProgress>;

/** What the primary sees of each signer's progress. */
export const SIGNER_PROGRESS_LABELS: Record<TSignerProgress, string> = {
  LISTED: 'Invited once you have signed',
  INVITED: 'Invitation sent',
  ACCEPTED: 'Invitation accepted',
  IDENTITY_VERIFIED: 'Identity confirmed',
  SIGNED: 'Documents signed',
  COMPLETE: 'Signed and notarized',
  CANCELLED: 'Invitation cancelled',
};

export const ZCoDeedSigner = z.object({
  uuid: ZUuid,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  status: ZSignerProgress,
  identityUuid: ZUuid.nullable(),
  invitedAt: z.string(),
  /** When the current link stops working (null once accepted). */
  linkExpiresAt: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type TCoDeedSigner = z.infer<typeof ZCoDeedSigner>;

export const ZCoDeedStatusResponse = z.object({
  applicationUuid: ZUuid,
  loanNumber: z.string().nullable(),
  /** PRIMARY: the borrower; SIGNER: an additional signer (who sees only their own entry). */
  role: z.enum(['PRIMARY', 'SIGNER']),
  coDeedStatus: ZCoDeedStatus,
  signers: z.array(ZCoDeedSigner),
});
export type TCoDeedStatusResponse = z.infer<typeof ZCoDeedStatusResponse>;

/** The link's token as it arrives in the URL (`?token=`). */
export const ZInvitationToken = z
  .string({ error: REQUIRED_MESSAGE })
  .regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not valid');

export const ZCoDeedInvitationInfo = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  primaryName: z.string(),
  /** The e-mail already has a signer account: sign in with its password to accept. */
  accountExists: z.boolean(),
});
export type TCoDeedInvitationInfo = z.infer<typeof ZCoDeedInvitationInfo>;

export const ZCoDeedAcceptRequest = z.object({
  token: ZInvitationToken,
  password: z.string({ error: REQUIRED_MESSAGE }).min(1, REQUIRED_MESSAGE).max(256),
  /** The authenticator code, when the invited address's existing account has two-factor on. */
  totpCode: z
    .string()
    .regex(/^\d{6}$/, 'Enter the 6-digit code')
    .optional(),
});
export type TCoDeedAcceptRequest = z.infer<typeof ZCoDeedAcceptRequest>;

/** A new password's rules, checked against the invited e-mail. */
export function acceptPasswordProblem(password: string, email: string): string | null {
  return passwordProblem(password, email);
}

/** The signer's own identity: name as on their ID, birth date and phone. */
export const ZSignerIdentityRequest = z.object({
  firstName: ZNamePart,
  lastName: ZNamePart,
  dob: ZBorrowerDob,
  phoneNumber: ZPhoneDigits,
});
export type TSignerIdentityRequest = z.infer<typeof ZSignerIdentityRequest>;
export type TSignerIdentityInput = z.input<typeof ZSignerIdentityRequest>;

/** The signer's identity form: the birthdate as typed (MM/DD/YYYY), sent as ZSignerIdentityRequest. */
export const ZSignerIdentityForm = z.object({
  firstName: ZNamePart,
  lastName: ZNamePart,
  dob: ZDisplayBirthdate,
  phoneNumber: ZPhoneDigits,
});
export type TSignerIdentityFormInput = z.input<typeof ZSignerIdentityForm>;
export type TSignerIdentityForm = z.output<typeof ZSignerIdentityForm>;

/** The accept form: a new password (or the existing signer account's), checked on the server too. */
export const ZCoDeedAcceptForm = z.object({
  password: z.string({ error: REQUIRED_MESSAGE }).min(1, REQUIRED_MESSAGE).max(256),
  /** Shown once the server asks for it (an existing account with two-factor on). */
  totpCode: z
    .union([
      z.literal(''),
      z
        .string()
        .trim()
        .regex(/^\d{6}$/, 'Enter the 6-digit code'),
    ])
    .optional(),
});
export type TCoDeedAcceptForm = z.infer<typeof ZCoDeedAcceptForm>;

/** The signer's own view (GET …/co-deed/signer): their progress and the loan, no borrower data. */
export const ZSignerView = z.object({
  uuid: ZUuid,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  status: ZSignerProgress,
  loanNumber: z.string().nullable(),
  primaryName: z.string(),
  property: z
    .object({ street1: z.string(), city: z.string(), state: z.string(), zip: z.string() })
    .nullable(),
  lineAmountCents: z.number().int(),
  primaryWaiting: z.boolean(),
  /**
   * Whether this owner may still cancel the line (right of rescission): they signed, and the period
   * runs. `rescissionDeadline` is its last day (yyyy-MM-dd; it ends at midnight Pacific time at the
   * end of that day; null until the notices are dated).
   */
  canRescind: z.boolean(),
  rescissionDeadline: z.string().nullable(),
});
export type TSignerView = z.infer<typeof ZSignerView>;

export const ZSignerDocument = z.object({
  uuid: ZUuid,
  type: z.string(),
  fileName: z.string(),
  signingMethod: z.enum(['ESIGN', 'NOTARY', 'NONE']),
  signed: z.boolean(),
});
export type TSignerDocument = z.infer<typeof ZSignerDocument>;

export const ZSignerCondition = z.object({
  uuid: ZUuid,
  type: z.enum(['IDENTITY', 'UPLOAD_DOCUMENT']),
  description: z.string(),
  createdAt: z.string(),
  cleared: z.boolean(),
});
export type TSignerCondition = z.infer<typeof ZSignerCondition>;

/**
 * Where a signer belongs for their progress (the heloc-signer screens, relative to /heloc-signer):
 * identity first, then their documents, then the notary; a finished signer sees their documents.
 */
export function signerScreenFor(status: TSignerProgress): TSignerScreen {
  switch (status) {
    // A listed owner has no link yet, so never reaches the signer screens; identity comes first.
    case 'LISTED':
    case 'INVITED':
    case 'ACCEPTED':
      return 'identity';
    case 'IDENTITY_VERIFIED':
      return 'documents';
    case 'SIGNED':
      return 'intro';
    case 'COMPLETE':
      return 'documents';
    case 'CANCELLED':
      return 'cancelled';
  }
}
