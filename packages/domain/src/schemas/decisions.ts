/**
 * Staff decisions in the lender console (issue 15 item 5): the request each kind takes, the
 * Regulation B reasons a decline names, and which decisions need a second person.
 *
 * Maker-checker (the team's choice, README "Decisions"):
 * - In policy: DECLINE (with Regulation B reasons), CANCEL and REOPEN. A member holding DECISIONS_APPROVE
 *   takes them at once; a member holding only DECISIONS_PROPOSE proposes them for an approver.
 * - Out of policy (OUT_OF_POLICY_DECISIONS: COUNTER_OFFER, VALUATION_OVERRIDE, APPROVE_EXCEPTION): always proposed, and only a different member holding
 *   DECISIONS_APPROVE applies them; nobody approves their own proposal.
 */
import { z } from 'zod';
import type { TApplicationStep } from '../enums';
import { ZStaffReason } from './console-file';

/**
 * The principal reasons of Regulation B's sample notice (12 CFR 1002, appendix C, form C-1), as
 * codes. The adverse action notice prints the text; OTHER prints the staff member's own words.
 */
export const REG_B_REASON_TEXT = {
  CREDIT_APPLICATION_INCOMPLETE: 'Credit application incomplete',
  INSUFFICIENT_CREDIT_REFERENCES: 'Insufficient number of credit references provided',
  UNACCEPTABLE_CREDIT_REFERENCES: 'Unacceptable type of credit references provided',
  UNABLE_TO_VERIFY_CREDIT_REFERENCES: 'Unable to verify credit references',
  TEMPORARY_OR_IRREGULAR_EMPLOYMENT: 'Temporary or irregular employment',
  UNABLE_TO_VERIFY_EMPLOYMENT: 'Unable to verify employment',
  LENGTH_OF_EMPLOYMENT: 'Length of employment',
  INSUFFICIENT_INCOME: 'Income insufficient for amount of credit requested',
  EXCESSIVE_OBLIGATIONS: 'Excessive obligations in relation to income',
  UNABLE_TO_VERIFY_INCOME: 'Unable to verify income',
  LENGTH_OF_RESIDENCE: 'Length of residence',
  TEMPORARY_RESIDENCE: 'Temporary residence',
  UNABLE_TO_VERIFY_RESIDENCE: 'Unable to verify residence',
  NO_CREDIT_FILE: 'No credit file',
  LIMITED_CREDIT_EXPERIENCE: 'Limited credit experience',
  POOR_CREDIT_PERFORMANCE_WITH_US: 'Poor credit performance with us',
  DELINQUENT_CREDIT_OBLIGATIONS: 'Delinquent past or present credit obligations with others',
  COLLECTION_ACTION_OR_JUDGMENT: 'Collection action or judgment',
  GARNISHMENT_OR_ATTACHMENT: 'Garnishment or attachment',
  FORECLOSURE_OR_REPOSSESSION: 'Foreclosure or repossession',
  BANKRUPTCY: 'Bankruptcy',
  NUMBER_OF_RECENT_INQUIRIES: 'Number of recent inquiries on credit bureau report',
  INSUFFICIENT_COLLATERAL: 'Value or type of collateral not sufficient',
  OTHER: 'Other',
} as const;
export type TRegBReason = keyof typeof REG_B_REASON_TEXT;
export const REG_B_REASONS = Object.keys(REG_B_REASON_TEXT) as TRegBReason[];
export const ZRegBReason = z.enum(REG_B_REASONS as [TRegBReason, ...TRegBReason[]]);

/**
 * Regulation B's commentary: more than four principal reasons is unlikely to help the applicant
 * (the FCRA key factors are also four).
 */
export const MAX_DECLINE_REASONS = 4;

export const STAFF_DECISION_TYPES = [
  'DECLINE',
  'CANCEL',
  'COUNTER_OFFER',
  'REOPEN',
  'VALUATION_OVERRIDE',
  'APPROVE_EXCEPTION',
] as const;
export const ZStaffDecisionType = z.enum(STAFF_DECISION_TYPES);
export type TStaffDecisionType = z.infer<typeof ZStaffDecisionType>;

/** Decisions that always need a second person (see the file comment). */
export const OUT_OF_POLICY_DECISIONS: readonly TStaffDecisionType[] = [
  'COUNTER_OFFER',
  'VALUATION_OVERRIDE',
  'APPROVE_EXCEPTION',
];

/**
 * The steps a cancelled application can be reopened at: the one it was cancelled from, when the
 * borrower acts there and no provider work was under way (a step that waits for a job would wait
 * for one nobody queued; such an application starts again instead). Its data is kept as it was.
 */
export const REOPENABLE_STEPS = [
  'IN_PROGRESS',
  'CREDIT_NO_MATCH',
  'CREDIT_FROZEN',
  'CREDIT_FROZEN_PIN',
  'MULTIPLE_PROPERTIES',
  'LIEN_VERIFICATION',
  'NO_AVM',
  'OFFER_SELECTION',
  'COLLECT_ADDITIONAL_INFO',
  'HMDA',
  'SUMMARY',
] as const satisfies readonly TApplicationStep[];
export type TReopenableStep = (typeof REOPENABLE_STEPS)[number];

/**
 * The rules the engine's underwriting declines on (DECLINE_REASONS, and the bureau's decline
 * indicators) that an underwriter may make an exception to: the score floor, the DTI cap and the
 * property's condition are credit judgement. Not the others: no score means nothing to price on; the
 * CLTV cap (Texas's 80% is the state constitution's), the licensed states and the line limits are
 * law or product limits; bureau decline indicators (bankruptcy, fraud alerts) are policy.
 */
export const EXCEPTIONABLE_RULES = [
  'CREDIT_SCORE_BELOW_FLOOR',
  'DTI_ABOVE_CAP',
  'PROPERTY_CONDITION',
] as const;
export const ZExceptionableRule = z.enum(EXCEPTIONABLE_RULES);
export type TExceptionableRule = z.infer<typeof ZExceptionableRule>;
export const EXCEPTIONABLE_RULE_TEXT: Record<TExceptionableRule, string> = {
  CREDIT_SCORE_BELOW_FLOOR: 'Credit score below the floor',
  DTI_ABOVE_CAP: 'Debt-to-income above the cap',
  PROPERTY_CONDITION: 'Property condition below average',
};

export const ZDeclineDecision = z
  .object({
    type: z.literal('DECLINE'),
    reasons: z
      .array(ZRegBReason)
      .min(1, 'Choose at least one reason')
      .max(MAX_DECLINE_REASONS, `At most ${MAX_DECLINE_REASONS} reasons`)
      .refine((reasons) => new Set(reasons).size === reasons.length, 'A reason is listed twice'),
    /** The words printed for OTHER (required with it, refused without it). */
    otherReason: z.string().trim().min(3).max(200).optional(),
    note: ZStaffReason,
  })
  .superRefine((value, context) => {
    const other = value.reasons.includes('OTHER');
    if (other && !value.otherReason)
      context.addIssue({ code: 'custom', path: ['otherReason'], message: 'Say what the other reason is' });
    if (!other && value.otherReason)
      context.addIssue({ code: 'custom', path: ['otherReason'], message: 'Only with the reason OTHER' });
  });

export const ZCancelDecision = z.object({ type: z.literal('CANCEL'), note: ZStaffReason });

/**
 * A lower maximum line while the borrower chooses an offer: every offer's line becomes this one
 * (terms, rates and fees as priced; a lower line only lowers the CLTV) and the borrower sees it at
 * their next poll. Between the organisation's minimum line and below the current maximum.
 */
export const ZCounterOfferDecision = z.object({
  type: z.literal('COUNTER_OFFER'),
  maxLineCents: z.number().int().positive().max(10_000_000_000),
  note: ZStaffReason,
});

/** Reopen a cancelled application at the step it was cancelled from (REOPENABLE_STEPS). */
export const ZReopenDecision = z.object({ type: z.literal('REOPEN'), note: ZStaffReason });

/**
 * A manual value of the home and where it comes from (an appraisal, a field review): the engine's
 * underwriting runs again on it in place of the automated value (offer selection, or instead of the
 * valuation order at NO_AVM).
 */
export const ZValuationOverrideDecision = z.object({
  type: z.literal('VALUATION_OVERRIDE'),
  valueCents: z.number().int().min(1_000_000, 'At least $10,000').max(100_000_000_000),
  source: z.string().trim().min(3, 'Say where the value comes from').max(200),
  note: ZStaffReason,
});

/**
 * An exception to the rules the engine's underwriting declined on: every rule of that decline must
 * be named and exceptionable; underwriting runs again without them.
 */
export const ZApproveExceptionDecision = z.object({
  type: z.literal('APPROVE_EXCEPTION'),
  rules: z
    .array(ZExceptionableRule)
    .min(1, 'Choose the rules to except')
    .refine((rules) => new Set(rules).size === rules.length, 'A rule is listed twice'),
  note: ZStaffReason,
});

export const ZStaffDecisionRequest = z.discriminatedUnion('type', [
  ZDeclineDecision,
  ZCancelDecision,
  ZCounterOfferDecision,
  ZReopenDecision,
  ZValuationOverrideDecision,
  ZApproveExceptionDecision,
]);
export type TStaffDecisionRequest = z.infer<typeof ZStaffDecisionRequest>;

export const STAFF_DECISION_STATUSES = ['APPLIED', 'PROPOSED', 'REJECTED'] as const;
export const ZStaffDecisionStatus = z.enum(STAFF_DECISION_STATUSES);

export const ZStaffDecision = z.object({
  uuid: z.string(),
  type: ZStaffDecisionType,
  status: ZStaffDecisionStatus,
  /** The decision's own fields (a decline's reasons and otherReason, …). */
  details: z.record(z.string(), z.unknown()),
  note: z.string(),
  proposedBy: z.string(),
  proposedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
});
export type TStaffDecision = z.infer<typeof ZStaffDecision>;
export const ZStaffDecisions = z.object({ items: z.array(ZStaffDecision) });

export const ZStaffDecisionApproveRequest = z.object({ note: z.string().trim().max(500).optional() });
export const ZStaffDecisionRejectRequest = z.object({ reason: ZStaffReason });

/**
 * The decisions the console offers at a step (the server checks again and answers 409 in words):
 * a cancelled application takes a reopening, a declined one an exception, a complete one nothing;
 * an open one the others (a counter-offer and an override only where the engine allows them).
 */
export function staffDecisionsAt(step: string): readonly TStaffDecisionType[] {
  if (step === 'CANCELLED') return ['REOPEN'];
  if (step === 'DECLINED') return ['APPROVE_EXCEPTION'];
  if (step === 'COMPLETE') return [];
  return ['DECLINE', 'CANCEL', 'COUNTER_OFFER', 'VALUATION_OVERRIDE'];
}
