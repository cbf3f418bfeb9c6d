/**
 * The chosen line checked again after the offer, on a new fact about the collateral: the full credit
 * file's secured debt at the hard pull, or a valuation report's value and condition (Texas orders one
 * before closing). The line is sized and judged by the same rules the offers were
 * (maximumLineCents, combinedLtvBps, collateralDeclineReasons), now against the amount the borrower
 * chose:
 *
 * - DECLINED: a collateral rule fails. The rules are judged at the chosen amount or, when the new
 *   maximum is lower, at that maximum — but never below the minimum line: a maximum under the minimum
 *   means even the smallest line would break the CLTV cap, so the reason given is insufficient equity
 *   (CLTV_ABOVE_CAP), the way a lender words a line it cannot make on this collateral.
 * - REDUCE: the rules pass but the new maximum is below the chosen amount; the borrower may take a
 *   line between the minimum and the new maximum (product/prequal-winback).
 * - APPROVED: the chosen amount still fits.
 */
import type { TPropertyCondition } from '../enums';
import { collateralDeclineReasons, type DeclineReason, type TCollateralRulesInput } from './eligibility';
import { combinedLtvBps, maximumLineCents } from './maximum-line';

export interface TChosenLineInput {
  valueCents: number;
  /** Condition from the valuation report; null when there is none. */
  condition: TPropertyCondition | null;
  existingLiensCents: number;
  /** USPS code of the property's state. */
  state: string | null;
  licensedStates: readonly string[];
  /** The amount the borrower chose. */
  amountCents: number;
  pricing: TCollateralRulesInput['pricing'];
}

export type TChosenLineDecision = 'APPROVED' | 'REDUCE' | 'DECLINED';

export interface TChosenLine {
  decision: TChosenLineDecision;
  /** The largest line the value, the liens and the CLTV cap allow now. */
  maxLineCents: number;
  /** The amount the rules were judged at. */
  assessedCents: number;
  /** CLTV with the assessed amount, bps; null for a value of 0 (no loan-to-value exists). */
  cltvBps: number | null;
  /** Empty unless DECLINED. */
  reasons: DeclineReason[];
}

export function assessChosenLine(input: TChosenLineInput): TChosenLine {
  const { valueCents, condition, existingLiensCents, state, licensedStates, amountCents, pricing } = input;
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    throw new RangeError(`Invalid chosen amount in cents: ${amountCents}`);
  }
  const maxLineCents = maximumLineCents({ valueCents, existingLiensCents, state, pricing });
  const assessedCents = Math.min(amountCents, Math.max(maxLineCents, pricing.minLineCents));
  const cltvBps =
    valueCents > 0 ? combinedLtvBps({ valueCents, existingLiensCents, lineCents: assessedCents }) : null;
  const reasons = collateralDeclineReasons({
    cltvBps: cltvBps ?? Number.POSITIVE_INFINITY,
    condition,
    state,
    licensedStates,
    requestedCents: assessedCents,
    pricing,
  });
  const decision: TChosenLineDecision =
    reasons.length > 0 ? 'DECLINED' : maxLineCents < amountCents ? 'REDUCE' : 'APPROVED';
  return { decision, maxLineCents, assessedCents, cltvBps, reasons };
}
