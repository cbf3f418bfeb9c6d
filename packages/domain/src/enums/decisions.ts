/** Underwriting decisions, sub-decisions and rate types. */
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Underwriting decisions and pricing
// ---------------------------------------------------------------------------------------------

/** Decision types; uwDecision of the status object takes these values. */
export const DECISION_TYPES = [
  'APPROVED',
  'ASSET_DEPLETION',
  'DECLINE',
  'ERROR',
  'FINAL',
  'INELIGIBLE',
  'INITIAL',
  'REVIEW',
  'SELECT',
  'UNKNOWN',
] as const;
export const ZDecisionType = z.enum(DECISION_TYPES);
export type TDecisionType = z.infer<typeof ZDecisionType>;

/** Sub-decisions; uwSubDecision of the status object takes these values. */
export const SUB_DECISIONS = [
  'BPO_PENDING',
  'CREDIT_FROZEN',
  'FINAL_OFFER',
  'VERIFIED_OFFER',
  'UNVERIFIED_OFFER',
  'VERIFIED_INCOME_MATCHED_OFFER',
  'UNVERIFIED_DTI_LIMITED',
  'RESERVE_LIMITED',
] as const;
export const ZSubDecision = z.enum(SUB_DECISIONS);
export type TSubDecision = z.infer<typeof ZSubDecision>;

export const RATE_TYPES = ['FIXED', 'FLOATING'] as const;
export const ZRateType = z.enum(RATE_TYPES);
export type TRateType = z.infer<typeof ZRateType>;
