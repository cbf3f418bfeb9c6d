/**
 * Offer pricing (DESIGN.md §8): for each fixed term the organisation offers, two or three rate/fee
 * choices priced from the grid below, plus the organisation's margin, kept within its APR range and
 * origination fee cap.
 *
 * The grid (our defaults; the spec gives only the APR range and the fee cap):
 *
 *   note rate = score band base + CLTV band adjustment + term adjustment + org margin − buy-down
 *
 *   score band    base      CLTV band      adj.     term         adj.
 *   780+          800 bps   ≤ 60%          +0       ≤ 5 years    −50
 *   740–779       850       60–70%         +25      6–10         +0
 *   700–739       925       70–80%         +75      11–15        +25
 *   670–699      1025       80–85%        +150      16+          +75
 *   640–669      1150       > 85%         +250
 *   below 640    1350
 *
 *   choices: no origination fee; 2.00% fee; 4.99% fee (each capped at the org's fee maximum).
 *   buy-down: 25 bps of rate per 100 bps of fee (one point buys a quarter point), rounded down.
 *
 * Limits: the note rate is clamped to [aprMin, aprMax]; a fee choice is kept only if it still buys a
 * lower rate than the cheaper-fee choice before it and its APR (fee included, Regulation Z) stays
 * within aprMax. The no-fee choice always stays (its APR is its rate), so every term has an offer.
 */
import { monthlyPaymentCents } from '../heloc-math';
import { aprBps } from './apr';
import type { TPricing } from './maximum-line';

export interface TScoreBand {
  minScore: number;
  baseRateBps: number;
}
export interface TCltvBand {
  /** Inclusive upper bound, bps. */
  maxCltvBps: number;
  adjustmentBps: number;
}
export interface TTermBand {
  /** Inclusive upper bound, years. */
  maxYears: number;
  adjustmentBps: number;
}

/** Best band first. */
export const SCORE_BANDS: readonly TScoreBand[] = [
  { minScore: 780, baseRateBps: 800 },
  { minScore: 740, baseRateBps: 850 },
  { minScore: 700, baseRateBps: 925 },
  { minScore: 670, baseRateBps: 1025 },
  { minScore: 640, baseRateBps: 1150 },
  { minScore: 0, baseRateBps: 1350 },
];
export const CLTV_BANDS: readonly TCltvBand[] = [
  { maxCltvBps: 6000, adjustmentBps: 0 },
  { maxCltvBps: 7000, adjustmentBps: 25 },
  { maxCltvBps: 8000, adjustmentBps: 75 },
  { maxCltvBps: 8500, adjustmentBps: 150 },
  { maxCltvBps: Number.POSITIVE_INFINITY, adjustmentBps: 250 },
];
export const TERM_BANDS: readonly TTermBand[] = [
  { maxYears: 5, adjustmentBps: -50 },
  { maxYears: 10, adjustmentBps: 0 },
  { maxYears: 15, adjustmentBps: 25 },
  { maxYears: Number.POSITIVE_INFINITY, adjustmentBps: 75 },
];
/** Origination fee of each choice, cheapest fee first. */
export const FEE_CHOICES_BPS: readonly number[] = [0, 200, 499];
/** Rate bought down per bps of fee. */
export const BUY_DOWN_PER_FEE_BPS = 0.25;

export interface TOffer {
  termYears: number;
  /** Fixed note rate, bps. */
  rateBps: number;
  originationFeeBps: number;
  originationFeeCents: number;
  /** The initial draw: the whole line, drawn at origination (the fee comes out of it). */
  lineCents: number;
  monthlyPaymentCents: number;
  /** Regulation Z APR including the origination fee, bps with 2 decimals. */
  aprBps: number;
}

export interface TPriceOffersInput {
  creditScore: number;
  /** Combined loan-to-value including this line, bps. */
  cltvBps: number;
  pricing: Pick<
    TPricing,
    | 'termsYears'
    | 'marginAdjustmentBps'
    | 'aprMinBps'
    | 'aprMaxBps'
    | 'originationFeeMaxBps'
    | 'minLineCents'
    | 'maxLineCents'
  >;
  lineCents: number;
}

function bandFor<T>(bands: readonly T[], matches: (band: T) => boolean): T {
  const band = bands.find(matches);
  // Every grid ends with an open band, so a band always matches.
  if (band === undefined) throw new Error('Pricing grid has no band for this value');
  return band;
}

/** The no-fee note rate before clamping: base + CLTV + term + margin. */
export function gridRateBps(
  creditScore: number,
  cltvBps: number,
  termYears: number,
  marginAdjustmentBps: number,
): number {
  return (
    bandFor(SCORE_BANDS, (band) => creditScore >= band.minScore).baseRateBps +
    bandFor(CLTV_BANDS, (band) => cltvBps <= band.maxCltvBps).adjustmentBps +
    bandFor(TERM_BANDS, (band) => termYears <= band.maxYears).adjustmentBps +
    marginAdjustmentBps
  );
}

/** line × fee / 10,000, rounded half up to a cent. */
export function originationFeeCents(lineCents: number, feeBps: number): number {
  return Number((BigInt(lineCents) * BigInt(feeBps) * 2n + 10_000n) / 20_000n);
}

/**
 * Offers for a line, by term (ascending) then fee (ascending). A line outside the organisation's
 * limits gets no offers: the caller sizes the line (maximumLineCents) and checks eligibility first.
 */
export function priceOffers({ creditScore, cltvBps, pricing, lineCents }: TPriceOffersInput): TOffer[] {
  if (
    !Number.isSafeInteger(lineCents) ||
    lineCents < pricing.minLineCents ||
    lineCents > pricing.maxLineCents
  ) {
    return [];
  }
  const clampRate = (rate: number) => Math.min(Math.max(rate, pricing.aprMinBps), pricing.aprMaxBps);
  const feeChoices = [...new Set(FEE_CHOICES_BPS.map((fee) => Math.min(fee, pricing.originationFeeMaxBps)))];
  const terms = [...new Set(pricing.termsYears)].sort((a, b) => a - b);

  const offers: TOffer[] = [];
  for (const termYears of terms) {
    const noFeeRate = gridRateBps(creditScore, cltvBps, termYears, pricing.marginAdjustmentBps);
    let previousRate = Number.POSITIVE_INFINITY;
    for (const feeBps of feeChoices) {
      const rateBps = clampRate(noFeeRate - Math.floor(feeBps * BUY_DOWN_PER_FEE_BPS));
      if (rateBps >= previousRate) continue;
      const feeCents = originationFeeCents(lineCents, feeBps);
      const apr = aprBps({ amountCents: lineCents, feeCents, rateBps, termYears });
      if (feeBps > 0 && apr > pricing.aprMaxBps) continue;
      previousRate = rateBps;
      offers.push({
        termYears,
        rateBps,
        originationFeeBps: feeBps,
        originationFeeCents: feeCents,
        lineCents,
        monthlyPaymentCents: monthlyPaymentCents(lineCents, rateBps, termYears),
        aprBps: apr,
      });
    }
  }
  return offers;
}
