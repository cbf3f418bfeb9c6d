/**
 * Underwriting eligibility (DESIGN.md §8, spec 1 §1): credit score floor, DTI cap on verified income,
 * CLTV cap (Texas 80%), property condition at least AVERAGE, a state the organisation is licensed in,
 * and a line within the organisation's limits. Every failed rule is reported, not just the first,
 * so staff screens and the adverse action notice can list them all.
 */
import { isConditionAtLeast, MIN_APPROVABLE_PROPERTY_CONDITION, type TPropertyCondition } from '../enums';
import { cltvCapBpsFor, type TPricing } from './maximum-line';

export const DECLINE_REASONS = [
  'NO_CREDIT_SCORE',
  'CREDIT_SCORE_BELOW_FLOOR',
  'DTI_ABOVE_CAP',
  'CLTV_ABOVE_CAP',
  'PROPERTY_CONDITION',
  'STATE_NOT_LICENSED',
  'LINE_BELOW_MINIMUM',
  'LINE_ABOVE_MAXIMUM',
] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

export interface TEligibilityInput {
  /** FICO score; null when the bureau has no score (thin file). */
  creditScore: number | null;
  /** Debt-to-income on verified income, bps. */
  dtiBps: number;
  /** Combined loan-to-value including the requested line, bps. */
  cltvBps: number;
  /** Condition from the valuation report; null when there is none yet. */
  condition: TPropertyCondition | null;
  /** USPS code of the property's state. */
  state: string | null;
  licensedStates: readonly string[];
  requestedCents: number;
  pricing: Pick<
    TPricing,
    'creditScoreFloor' | 'dtiCapBps' | 'cltvCapBps' | 'texasCltvCapBps' | 'minLineCents' | 'maxLineCents'
  >;
}

export interface TEligibility {
  eligible: boolean;
  reasons: DeclineReason[];
}

/** The rules about the borrower: the credit score floor and the DTI cap. */
export type TCreditRulesInput = Pick<TEligibilityInput, 'creditScore' | 'dtiBps'> & {
  pricing: Pick<TPricing, 'creditScoreFloor' | 'dtiCapBps'>;
};

/** The rules about the property and the line: CLTV cap, condition floor, licensed state, line limits. */
export type TCollateralRulesInput = Pick<
  TEligibilityInput,
  'cltvBps' | 'condition' | 'state' | 'licensedStates' | 'requestedCents'
> & { pricing: Pick<TPricing, 'cltvCapBps' | 'texasCltvCapBps' | 'minLineCents' | 'maxLineCents'> };

/** Limits are inclusive: a score at the floor or a DTI at the cap passes. */
export function creditDeclineReasons({ creditScore, dtiBps, pricing }: TCreditRulesInput): DeclineReason[] {
  const reasons: DeclineReason[] = [];
  if (creditScore === null) reasons.push('NO_CREDIT_SCORE');
  else if (creditScore < pricing.creditScoreFloor) reasons.push('CREDIT_SCORE_BELOW_FLOOR');
  if (dtiBps > pricing.dtiCapBps) reasons.push('DTI_ABOVE_CAP');
  return reasons;
}

/**
 * Limits are inclusive: a CLTV at the cap and a line at a limit pass. These are the rules a new fact
 * about the collateral (a valuation report, more secured debt) can break after the offer was chosen
 * (assessChosenLine).
 */
export function collateralDeclineReasons({
  cltvBps,
  condition,
  state,
  licensedStates,
  requestedCents,
  pricing,
}: TCollateralRulesInput): DeclineReason[] {
  const reasons: DeclineReason[] = [];
  if (cltvBps > cltvCapBpsFor(state, pricing)) reasons.push('CLTV_ABOVE_CAP');
  if (condition === null || !isConditionAtLeast(condition, MIN_APPROVABLE_PROPERTY_CONDITION)) {
    reasons.push('PROPERTY_CONDITION');
  }
  if (state === null || !licensedStates.includes(state)) reasons.push('STATE_NOT_LICENSED');
  if (requestedCents < pricing.minLineCents) reasons.push('LINE_BELOW_MINIMUM');
  if (requestedCents > pricing.maxLineCents) reasons.push('LINE_ABOVE_MAXIMUM');
  return reasons;
}

/** Every rule, the borrower's first: the order the adverse action notice lists them in. */
export function assessEligibility(input: TEligibilityInput): TEligibility {
  const reasons = [...creditDeclineReasons(input), ...collateralDeclineReasons(input)];
  return { eligible: reasons.length === 0, reasons };
}
