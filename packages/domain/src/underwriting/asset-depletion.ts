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
 * DTI in bps (rounded up) on the stated annual income plus the asset-depletion income.
 * Infinity when there is no income at all.
 */
export function dtiWithAssetsBps(input: {
  monthlyDebtCents: number;
  statedAnnualIncomeCents: number;
  eligibleAssetsCents: number;
  months?: number;
}): number {
  const monthlyIncome =
    Math.floor(input.statedAnnualIncomeCents / 12) +
    assetDepletionMonthlyIncomeCents(input.eligibleAssetsCents, input.months);
  if (monthlyIncome <= 0) return Number.POSITIVE_INFINITY;
  return Math.ceil((input.monthlyDebtCents * 10_000) / monthlyIncome);
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
