/** Rate display (spec 1 §9): percent with 1 decimal by default, from basis points (100 bps = 1%). */
import { PERCENT_DEFAULT_DECIMALS } from '../constants';
import { formatFixedDecimal, plainDecimal, scaledDecimal } from './decimal';

export interface TPercentOptions {
  /** Fraction digits shown (0–20), always that many: 1 by default ("7.0%"), 2 for "7.60%". */
  decimals?: number;
}

/**
 * formatPercentFromBps(760) → "7.6%"; formatPercentFromBps(760, { decimals: 2 }) → "7.60%".
 * Fractional basis points are allowed (a rate of 7.625% is 762.5 bps). Rounds half away from zero.
 */
export function formatPercentFromBps(bps: number, options: TPercentOptions = {}): string {
  if (!Number.isFinite(bps)) throw new RangeError(`Invalid basis points: ${bps}`);
  // Integer bps are exact as a decimal string; fractional ones go through a number (bps / 10000).
  const ratio = Number.isInteger(bps) ? scaledDecimal(bps, 4) : plainDecimal(bps / 10_000);
  return formatFixedDecimal(ratio, 'percent', options.decimals ?? PERCENT_DEFAULT_DECIMALS);
}
