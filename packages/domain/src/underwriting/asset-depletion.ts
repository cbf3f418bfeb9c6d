/**
 * Asset depletion (DESIGN.md §7 "Assets": unverified DTI limited → product/assets): when debts are too
 * high for the stated income alone, but not by far, the borrower may qualify on liquid assets spread
 * over a fixed number of months (the usual asset-depletion method: qualifying monthly income =
 * eligible assets ÷ months). Retirement and investment balances count at a haircut because selling
 * them costs taxes, penalties or market risk. Money in integer cents, ratios in bps.
 */
import type { TAssetType } from '../schemas/submission';

/** Months the eligible assets are spread over (a 30-year horizon). */
export const ASSET_DEPLETION_MONTHS = 360;

/**
 * Above the DTI cap but at or below this ceiling, on stated income, underwriting offers asset depletion
 * instead of declining (UNVERIFIED_DTI_LIMITED); above it, the debt-to-income decline stands.
 */
export const ASSET_DEPLETION_DTI_CEILING_BPS = 6_000;

/** Share of a balance that counts, bps. */
export const ASSET_ELIGIBILITY_BPS: Record<TAssetType, number> = {
  CHECKING: 10_000,
  SAVINGS: 10_000,
  INVESTMENT: 7_000,
  RETIREMENT: 6_000,
};

export function eligibleAssetsCents(assets: readonly { type: TAssetType; balanceCents: number }[]): number {
  return assets.reduce((sum, asset) => {
    if (!Number.isSafeInteger(asset.balanceCents) || asset.balanceCents < 0) {
      throw new RangeError(`Invalid balance in cents: ${asset.balanceCents}`);
    }
    return sum + Math.floor((asset.balanceCents * ASSET_ELIGIBILITY_BPS[asset.type]) / 10_000);
  }, 0);
}

/** Qualifying monthly income from assets, rounded down (income is never overstated). */
export function assetDepletionMonthlyIncomeCents(
  eligibleCents: number,
  months: number = ASSET_DEPLETION_MONTHS,
): number {
  if (!Number.isInteger(months) || months <= 0) throw new RangeError(`Invalid months: ${months}`);
  return Math.floor(eligibleCents / months);
}

/**
 * Before income is verified, no more income counts than the bureau's estimate supports: the stated
 * annual income, capped by the estimate when the bureau gives one.
 */
export function qualifyingAnnualIncomeCents(
  statedAnnualIncomeCents: number | null | undefined,
  bureauEstimateCents: number | null | undefined,
): number {
  return Math.min(statedAnnualIncomeCents ?? 0, bureauEstimateCents ?? Number.POSITIVE_INFINITY);
}

/**
 * The one DTI formula (prequalification, asset depletion, hard pull, verified income): monthly debt
 * over monthly qualifying income, in bps, rounded up so a hair over a cap stays over. Worked on
 * annual figures so the annual income is never rounded before the division (flooring it to a monthly
 * figure first overstated DTI by a bp at the cap). Infinity when there is no income at all.
 */
export function dtiWithAssetsBps(input: {
  monthlyDebtCents: number;
  statedAnnualIncomeCents: number;
  eligibleAssetsCents?: number;
  months?: number;
}): number {
  const annualIncomeCents =
    input.statedAnnualIncomeCents +
    12 * assetDepletionMonthlyIncomeCents(input.eligibleAssetsCents ?? 0, input.months);
  if (annualIncomeCents <= 0) return Number.POSITIVE_INFINITY;
  return Math.ceil((input.monthlyDebtCents * 12 * 10_000) / annualIncomeCents);
}

/** A DTI-only failure within reach of the ceiling is "unverified DTI limited": ask for assets. */
export function qualifiesForAssetDepletion(input: {
  reasons: readonly string[];
  dtiBps: number;
  ceilingBps?: number;
}): boolean {
  return (
    input.reasons.length === 1 &&
    input.reasons[0] === 'DTI_ABOVE_CAP' &&
    Number.isFinite(input.dtiBps) &&
    input.dtiBps <= (input.ceilingBps ?? ASSET_DEPLETION_DTI_CEILING_BPS)
  );
}
