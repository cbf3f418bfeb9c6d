/**
 * The lender console (apps/ops, `/service-ops/api/v1/applications…`): what the pipeline, the
 * application file and the timeline ask for and answer, and the rules both sides share (step groups,
 * a step in words, timeline kinds). The server's policy decides who sees which rows; these only say
 * what a row looks like.
 */
import { z } from 'zod';
import { APPLICATION_STEPS, type TApplicationStep } from '../enums';
import { ZUsStateCode } from '../organisation';
import { progressCodeForStep } from '../progress';
import { ZIsoDate, ZUuid } from './common';

// ---------------------------------------------------------------------------------------------
// Step groups and words
// ---------------------------------------------------------------------------------------------

/** The pipeline's step groups: the borrower's progress steps, then the three outcomes. */
export const PIPELINE_STEP_GROUPS = [
  'BASIC_INFO',
  'OFFER',
  'MORE_INFO',
  'INCOME_AND_ACCOUNTS',
  'IDENTITY',
  'SIGNING',
  'NOTARY',
  'CLOSING',
  'FUNDED',
  'DECLINED',
  'CANCELLED',
] as const;
export const ZPipelineStepGroup = z.enum(PIPELINE_STEP_GROUPS);
export type TPipelineStepGroup = z.infer<typeof ZPipelineStepGroup>;

export const PIPELINE_STEP_GROUP_LABELS: Record<TPipelineStepGroup, string> = {
  BASIC_INFO: 'Basic info',
  OFFER: 'Offer',
  MORE_INFO: 'More info',
  INCOME_AND_ACCOUNTS: 'Income and accounts',
  IDENTITY: 'Identity',
  SIGNING: 'Signing',
  NOTARY: 'Notary',
  CLOSING: 'Closing',
  FUNDED: 'Funded',
  DECLINED: 'Declined',
  CANCELLED: 'Cancelled',
};

/** The group of a step: the sidebar's progress step (spec 1 §4) for one in flight, else its outcome. */
export function pipelineStepGroup(step: TApplicationStep): TPipelineStepGroup {
  if (step === 'COMPLETE') return 'FUNDED';
  if (step === 'DECLINED') return 'DECLINED';
  if (step === 'CANCELLED') return 'CANCELLED';
  const code = progressCodeForStep(step, false);
  switch (code) {
    case 'INITIAL':
      return 'BASIC_INFO';
    case 'PRODUCT_SELECT':
      return 'OFFER';
    case 'MORE_INFO':
      return 'MORE_INFO';
    case 'LINK_INCOME':
      return 'INCOME_AND_ACCOUNTS';
    case 'ID_UPLOAD':
      return 'IDENTITY';
    case 'SIGNING':
      return 'SIGNING';
    case 'ENOTARY':
    case 'MANUAL_NOTARY':
      return 'NOTARY';
    default:
      // Insurance, rescission, recording, funding: the steps before the line is funded.
      return 'CLOSING';
  }
}

/** Every step of a group, for the server's `step IN (…)` filter. */
export function stepsOfGroups(groups: readonly TPipelineStepGroup[]): TApplicationStep[] {
  return APPLICATION_STEPS.filter((step) => groups.includes(pipelineStepGroup(step)));
}

/** Words a step name does not spell out (acronyms, abbreviations). */
const STEP_WORD_OVERRIDES: Partial<Record<TApplicationStep, string>> = {
  HMDA: 'HMDA questions',
  NO_AVM: 'No automated valuation',
  BPO_ORDER: 'Valuation order',
  BPO_PROCESSING: 'Valuation in progress',
  CLTV_REQUALIFY: 'Requalify for a lower line (CLTV)',
  FACTA_REVIEW: 'FACTA review',
  APP_SUBMISSION: 'Application submission',
  GEN_APP_SUMMARY: 'Preparing the application summary',
  COMPLETE: 'Funded',
  CO_DEED: 'Co-owners signing',
  IN_PROGRESS: 'Profile in progress',
};

/** A step in words for staff ("WAITING_FOR_CREDIT" → "Waiting for credit"). */
export function stepInWords(step: string): string {
  const override = STEP_WORD_OVERRIDES[step as TApplicationStep];
  if (override) return override;
  const words = step.toLowerCase().split('_');
  if (words[0] === 'gen') words.splice(0, 1, 'generating');
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// ---------------------------------------------------------------------------------------------
// The pipeline
// ---------------------------------------------------------------------------------------------

export const PIPELINE_SORTS = ['updatedAt', 'createdAt', 'stepChangedAt', 'amount', 'loanNumber'] as const;
export const ZPipelineSort = z.enum(PIPELINE_SORTS);
export type TPipelineSort = z.infer<typeof ZPipelineSort>;

export const PIPELINE_PAGE_SIZE_MAX = 100;

/** A comma-separated query value as a list (`?group=OFFER,SIGNING`). */
const commaList = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .string()
    .max(500)
    .transform((value) => value.split(',').filter((part) => part !== ''))
    .pipe(z.array(item).max(20));

const booleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');

/** `GET /service-ops/api/v1/applications` query. */
export const ZPipelineQuery = z
  .object({
    /** Platform staff: one organisation (else all); organisation staff: their own only (another → 404). */
    orgCode: z.string().trim().min(1).max(64).optional(),
    /** Borrower name, e-mail, loan number or property address (at least 2 characters). */
    q: z.string().trim().min(2, 'Search for at least 2 characters').max(100).optional(),
    group: commaList(ZPipelineStepGroup).optional(),
    step: commaList(z.enum(APPLICATION_STEPS)).optional(),
    /** A loan officer's originator record (`none`: applications without one). */
    loanOfficer: z.union([ZUuid, z.literal('none')]).optional(),
    state: ZUsStateCode.optional(),
    createdFrom: ZIsoDate.optional(),
    createdTo: ZIsoDate.optional(),
    updatedFrom: ZIsoDate.optional(),
    updatedTo: ZIsoDate.optional(),
    /** No step change for at least this many days (applications still in flight). */
    stalledDays: z.coerce.number().int().min(1).max(3650).optional(),
    openConditions: booleanQuery.optional(),
    sort: ZPipelineSort.default('updatedAt'),
    dir: z.enum(['asc', 'desc']).default('desc'),
    limit: z.coerce.number().int().min(1).max(PIPELINE_PAGE_SIZE_MAX).default(25),
    /** The previous page's nextCursor (opaque). */
    cursor: z.string().max(500).optional(),
  })
  .refine((query) => !query.createdFrom || !query.createdTo || query.createdFrom <= query.createdTo, {
    message: 'createdFrom is after createdTo',
    path: ['createdFrom'],
  })
  .refine((query) => !query.updatedFrom || !query.updatedTo || query.updatedFrom <= query.updatedTo, {
    message: 'updatedFrom is after updatedTo',
    path: ['updatedFrom'],
  });
export type TPipelineQuery = z.infer<typeof ZPipelineQuery>;
export type TPipelineQueryInput = z.input<typeof ZPipelineQuery>;

export const ZLoanOfficerRef = z.object({ uuid: z.string(), name: z.string().nullable() });

export const ZPipelineItem = z.object({
  uuid: z.string(),
  orgCode: z.string(),
  loanNumber: z.string(),
  borrowerName: z.string(),
  email: z.string(),
  propertyState: z.string().nullable(),
  propertyCity: z.string().nullable(),
  amountCents: z.number(),
  step: z.string(),
  stepLabel: z.string(),
  stepGroup: ZPipelineStepGroup,
  stepChangedAt: z.string(),
  daysInStep: z.number(),
  loanOfficer: ZLoanOfficerRef.nullable(),
  openConditions: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TPipelineItem = z.infer<typeof ZPipelineItem>;

export const ZPipelinePage = z.object({
  items: z.array(ZPipelineItem),
  /** null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TPipelinePage = z.infer<typeof ZPipelinePage>;

/** Whole days between two instants (the console's "days in step"). */
export function wholeDaysBetween(from: Date, to: Date): number {
  return Math.max(0, Math.floor((to.getTime() - from.getTime()) / 86_400_000));
}

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

// ---------------------------------------------------------------------------------------------
// The timeline
// ---------------------------------------------------------------------------------------------

export const TIMELINE_KINDS = [
  'STEP',
  'BORROWER',
  'PROVIDER',
  'DOCUMENT',
  'CONDITION',
  'STAFF',
  'NOTE',
  'SENSITIVE',
  'SYSTEM',
] as const;
export const ZTimelineKind = z.enum(TIMELINE_KINDS);
export type TTimelineKind = z.infer<typeof ZTimelineKind>;

export const TIMELINE_KIND_LABELS: Record<TTimelineKind, string> = {
  STEP: 'Step changes',
  BORROWER: 'Borrower actions',
  PROVIDER: 'Provider results',
  DOCUMENT: 'Documents',
  CONDITION: 'Conditions',
  STAFF: 'Staff actions',
  NOTE: 'Staff notes',
  SENSITIVE: 'Sensitive data reads',
  SYSTEM: 'System',
};

/**
 * The kind of one audit entry. Conditions and documents first (whoever acted), then step changes,
 * then who acted: a borrower's or co-owner's action, a staff member's, a provider's, the system's.
 */
export function timelineKind(entry: { kind: string; action: string; actorType: string }): TTimelineKind {
  const action = entry.action.toUpperCase();
  // Literals, not the constants of ./console-records (which imports this file): kept equal by its test.
  if (action === 'STAFF_NOTE_ADDED') return 'NOTE';
  if (action === 'SENSITIVE_DATA_REVEALED') return 'SENSITIVE';
  if (action.includes('CONDITION')) return 'CONDITION';
  if (/DOCUMENT|UPLOAD|SIGNED|NOTICE/.test(action)) return 'DOCUMENT';
  if (entry.kind === 'STEP_CHANGE') return 'STEP';
  if (entry.actorType === 'BORROWER' || entry.actorType === 'CO_DEEDER') return 'BORROWER';
  if (entry.actorType === 'STAFF') return 'STAFF';
  if (entry.actorType === 'PROVIDER') return 'PROVIDER';
  return 'SYSTEM';
}

export const ZTimelineQuery = z.object({
  /** Comma-separated kinds (none: every kind). */
  kind: commaList(ZTimelineKind).optional(),
});

export const ZTimelineEntry = z.object({
  id: z.number(),
  at: z.string(),
  kind: ZTimelineKind,
  action: z.string(),
  actorType: z.string(),
  /** Who: the staff member's or borrower's e-mail, else the actor type in words. */
  actor: z.string(),
  fromStep: z.string().nullable(),
  toStep: z.string().nullable(),
  fromStepLabel: z.string().nullable(),
  toStepLabel: z.string().nullable(),
  reason: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
});
export type TTimelineEntry = z.infer<typeof ZTimelineEntry>;

export const ZTimeline = z.object({ items: z.array(ZTimelineEntry) });
export type TTimeline = z.infer<typeof ZTimeline>;

// ---------------------------------------------------------------------------------------------
// Saved views (per staff member)
// ---------------------------------------------------------------------------------------------

export const SAVED_VIEWS_MAX = 50;

/** A pipeline query string as a view keeps it: a valid pipeline query without a cursor. */
export const ZSavedViewQuery = z
  .string()
  .max(1000)
  .refine((query) => {
    const params = Object.fromEntries(new URLSearchParams(query));
    return !('cursor' in params) && ZPipelineQuery.safeParse(params).success;
  }, 'Not a pipeline query');

export const ZSavedViewRequest = z.object({
  name: z.string().trim().min(1, 'Required').max(60),
  query: ZSavedViewQuery,
});

export const ZSavedView = z.object({
  uuid: z.string(),
  name: z.string(),
  query: z.string(),
  createdAt: z.string(),
});
export type TSavedView = z.infer<typeof ZSavedView>;
export const ZSavedViews = z.object({ items: z.array(ZSavedView) });
