/** The lender console's application file: what it answers, and the condition requests staff send. */
import { z } from 'zod';
import { ZUuid } from './common';
import { ZLoanOfficerRef, ZPipelineStepGroup } from './console-pipeline';

// ---------------------------------------------------------------------------------------------
// The application file
// ---------------------------------------------------------------------------------------------

const ZAddress = z.object({
  street1: z.string(),
  street2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
});

/** A condition as the console shows it, with how staff closed it (null: open, or the borrower/engine cleared it). */
export const ZConsoleCondition = z.object({
  uuid: z.string(),
  category: z.string(),
  commentsToBorrower: z.string().nullable(),
  numDocsRequired: z.number(),
  createdAt: z.string(),
  clearedAt: z.string().nullable(),
  resolution: z.enum(['CLEARED', 'WAIVED']).nullable(),
  evidenceDocumentUuid: z.string().nullable(),
  resolutionNote: z.string().nullable(),
  /** Whether staff may clear, waive or reopen it here (the categories a person raises). */
  staffManaged: z.boolean(),
});
export type TConsoleCondition = z.infer<typeof ZConsoleCondition>;

/** The categories a person raises and closes; the engine's own (pay stubs, ID checks…) it clears itself. */
export const STAFF_CONDITION_CATEGORIES = [
  'GENERIC_DOCUMENT_REQUEST',
  'MISSING_PHONE_NUMBER',
  'PROPERTY_LEGAL_DESCRIPTION',
  'REVIEW_TRUST_REQUIREMENTS',
] as const;

export const ZStaffReason = z.string().trim().min(3, 'Give a reason (at least 3 characters)').max(500);

/** Clear with evidence: a document of the application that satisfies the condition. */
export const ZConditionClearRequest = z.object({
  documentUuid: ZUuid,
  note: z.string().trim().max(500).optional(),
});
export const ZConditionWaiveRequest = z.object({ reason: ZStaffReason });
export const ZConditionReopenRequest = z.object({ reason: ZStaffReason });

export const ZApplicationFile = z.object({
  uuid: z.string(),
  orgCode: z.string(),
  loanNumber: z.string(),
  step: z.string(),
  stepLabel: z.string(),
  stepGroup: ZPipelineStepGroup,
  stepChangedAt: z.string(),
  daysInStep: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  submittedAt: z.string().nullable(),
  loanOfficer: ZLoanOfficerRef.nullable(),
  borrower: z.object({
    name: z.string(),
    email: z.string(),
    dob: z.string().nullable(),
    phoneNumbers: z.array(z.string()),
    /** Masked: `***-**-1234`, or null when no SSN is on file. */
    ssnMasked: z.string().nullable(),
    statedAnnualIncomeCents: z.number().nullable(),
    employmentType: z.string().nullable(),
  }),
  coOwners: z.array(
    z.object({
      uuid: z.string(),
      name: z.string(),
      email: z.string(),
      status: z.string(),
      invitedAt: z.string(),
      signedAt: z.string().nullable(),
    }),
  ),
  property: ZAddress.extend({ ownership: z.string().nullable() }).nullable(),
  liens: z.array(
    z.object({
      position: z.number(),
      lenderName: z.string(),
      balanceCents: z.number(),
      monthlyPaymentCents: z.number().nullable(),
      source: z.string(),
      confirmed: z.boolean(),
    }),
  ),
  valuation: z
    .object({
      valueCents: z.number().nullable(),
      condition: z.string().nullable(),
      source: z.string(),
      at: z.string(),
    })
    .nullable(),
  credit: z
    .object({
      score: z.number().nullable(),
      monthlyDebtCents: z.number().nullable(),
      kind: z.enum(['SOFT', 'HARD']),
      pulledAt: z.string().nullable(),
    })
    .nullable(),
  incomeSources: z.array(
    z.object({
      employmentType: z.string(),
      employerName: z.string().nullable(),
      annualIncomeCents: z.number().nullable(),
      verifiedBy: z.string(),
    }),
  ),
  underwriting: z
    .object({
      cltvBps: z.number().nullable(),
      dtiBps: z.number().nullable(),
      maxLineCents: z.number().nullable(),
      decision: z.string().nullable(),
      reasons: z.array(z.string()),
      at: z.string(),
    })
    .nullable(),
  offer: z
    .object({
      amountCents: z.number(),
      termYears: z.number(),
      rateBps: z.number(),
      originationFeeBps: z.number(),
      maxLineCents: z.number().nullable(),
    })
    .nullable(),
  consents: z.array(z.object({ type: z.string(), disclosureVersion: z.string(), at: z.string() })),
  accounts: z.array(
    z.object({
      purpose: z.string(),
      bankName: z.string().nullable(),
      accountType: z.string(),
      /** Masked: `••••1234`. */
      accountMasked: z.string(),
      verificationStatus: z.string().nullable(),
    }),
  ),
  conditions: z.array(ZConsoleCondition),
  documents: z.array(
    z.object({
      uuid: z.string(),
      type: z.string(),
      fileName: z.string(),
      contentType: z.string(),
      sizeBytes: z.number(),
      createdAt: z.string(),
      /** The staff download route of this document. */
      downloadPath: z.string(),
    }),
  ),
});
export type TApplicationFile = z.infer<typeof ZApplicationFile>;

/** `***-**-1234` from the last four digits (the only part of an SSN the server keeps in clear). */
export function maskSsn(last4: string | null): string | null {
  return last4 && /^\d{4}$/.test(last4) ? `***-**-${last4}` : null;
}

/** `••••1234` from an account number's last four. */
export function maskAccount(last4: string): string {
  return `••••${last4.slice(-4)}`;
}
