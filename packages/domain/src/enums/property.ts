/** The property: condition ratings, ownership, valuation (BPO) and title statuses. */
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Property
// ---------------------------------------------------------------------------------------------

/** Ordered worst to best after the two "no rating" values; isConditionAtLeast relies on the order. */
export const PROPERTY_CONDITIONS = [
  'UNKNOWN_CONDITION',
  'NOT_AVAILABLE',
  'POOR',
  'FAIR',
  'AVERAGE',
  'GOOD',
  'EXCELLENT',
] as const;
export const ZPropertyCondition = z.enum(PROPERTY_CONDITIONS);
export type TPropertyCondition = z.infer<typeof ZPropertyCondition>;

/** The conditions a report can actually rate, worst to best. */
export const RATED_PROPERTY_CONDITIONS = ['POOR', 'FAIR', 'AVERAGE', 'GOOD', 'EXCELLENT'] as const;
export type TRatedPropertyCondition = (typeof RATED_PROPERTY_CONDITIONS)[number];

/** Approval needs a report of at least this condition (spec 1 §1). */
export const MIN_APPROVABLE_PROPERTY_CONDITION: TRatedPropertyCondition = 'AVERAGE';

/**
 * True when `condition` is rated and at least `min`. An unknown or unavailable condition is never
 * "at least" anything: a missing report must not pass an underwriting floor.
 */
export function isConditionAtLeast(condition: TPropertyCondition, min: TRatedPropertyCondition): boolean {
  const rank = (RATED_PROPERTY_CONDITIONS as readonly string[]).indexOf(condition);
  return rank >= 0 && rank >= RATED_PROPERTY_CONDITIONS.indexOf(min);
}

/**
 * How the borrower holds title (our values; the spec names only "ownership"). A trust triggers the
 * REVIEW_TRUST_REQUIREMENTS condition, a mismatch with public records FALSE_OWNERSHIP_TYPE_REVIEW.
 */
export const OWNERSHIP_TYPES = ['SOLE', 'JOINT', 'TRUST'] as const;
export const ZOwnershipType = z.enum(OWNERSHIP_TYPES);
export type TOwnershipType = z.infer<typeof ZOwnershipType>;

/**
 * Valuation (BPO) statuses: values not shown in the spec, ours. The routing table needs "no AVM or
 * estimate", "BPO order" and "BPO processing"; Texas needs "not required or unknown".
 */
export const BPO_STATUSES = [
  'UNKNOWN',
  'NOT_REQUIRED',
  'NO_AVM',
  'ESTIMATE_REQUESTED',
  'ORDER_REQUIRED',
  'ORDERED',
  'PROCESSING',
  'COMPLETE',
] as const;
export const ZBpoStatus = z.enum(BPO_STATUSES);
export type TBpoStatus = z.infer<typeof ZBpoStatus>;

/** Title statuses: values not shown in the spec, ours. CLEARED and FAILED are final. */
export const TITLE_STATUSES = [
  'NOT_ORDERED',
  'ORDERED',
  'IN_REVIEW',
  'PAYOFF_PENDING',
  'CLEARED',
  'FAILED',
] as const;
export const ZTitleStatus = z.enum(TITLE_STATUSES);
export type TTitleStatus = z.infer<typeof ZTitleStatus>;
export const FINAL_TITLE_STATUSES: readonly TTitleStatus[] = ['CLEARED', 'FAILED'];
