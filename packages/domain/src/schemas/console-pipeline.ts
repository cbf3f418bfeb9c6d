/**
 * The lender console's pipeline (`GET /service-ops/api/v1/applications`): step groups, a step in
 * words, the query and the page. The server's policy decides who sees which rows; these only say
 * what a row looks like. The file: console-file.ts; the timeline: console-timeline.ts.
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
export const commaList = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .string()
    .max(500)
    .transform((value) => value.split(',').filter((part) => part !== ''))
    .pipe(z.array(item).max(20));

const ZBooleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');

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
    openConditions: ZBooleanQuery.optional(),
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
