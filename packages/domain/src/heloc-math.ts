/**
 * HELOC arithmetic shared by the offer box and the server's offers (DESIGN §8: "The monthly payment
 * amortises the fixed-rate initial draw over the term"). Money is integer cents, rates basis points.
 *
 * The payment is computed exactly with rationals in BigInt, not with floating-point powers: over 360
 * months `(1 + r)^n` in doubles drifts enough to flip a half-cent, and web and server must show the
 * same cent for the same offer.
 */

/** Basis points are kept to this many decimals (7.625% = 762.5 bps); finer input is rounded. */
const BPS_SCALE = 100;
/** Monthly rate denominator: 12 months × 10,000 bps per 1 × BPS_SCALE. */
const MONTHLY_RATE_DENOMINATOR = 12n * 10_000n * BigInt(BPS_SCALE);

/**
 * Level monthly payment, in cents, that repays `amountCents` at a fixed annual rate of `rateBps`
 * (nominal, compounded monthly) over `termYears` years:
 *
 *   payment = P · r / (1 − (1 + r)^−n),  r = rateBps / 10,000 / 12,  n = 12 · termYears
 *
 * rounded half up to a whole cent. A 0% rate spreads the amount evenly (P / n, half up).
 * Throws RangeError for a negative or fractional amount, a negative or non-finite rate, or a term that
 * is not a positive whole number of years (those are programming errors, not borrower input).
 */
export function monthlyPaymentCents(amountCents: number, rateBps: number, termYears: number): number {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) {
    throw new RangeError(`Invalid amount in cents: ${amountCents}`);
  }
  if (!Number.isFinite(rateBps) || rateBps < 0) throw new RangeError(`Invalid rate in bps: ${rateBps}`);
  if (!Number.isSafeInteger(termYears) || termYears <= 0) {
    throw new RangeError(`Invalid term in years: ${termYears}`);
  }

  const principal = BigInt(amountCents);
  const months = BigInt(termYears * 12);
  const scaledBps = BigInt(Math.round(rateBps * BPS_SCALE));
  if (principal === 0n) return 0;
  if (scaledBps === 0n) return Number(roundHalfUp(principal, months));

  // With r = k / D: payment = P·k·(D + k)^n / (D · ((D + k)^n − D^n)), all integers.
  const growth = (MONTHLY_RATE_DENOMINATOR + scaledBps) ** months;
  const base = MONTHLY_RATE_DENOMINATOR ** months;
  const numerator = principal * scaledBps * growth;
  const denominator = MONTHLY_RATE_DENOMINATOR * (growth - base);
  return Number(roundHalfUp(numerator, denominator));
}

/** numerator / denominator rounded half up, for non-negative numerator and positive denominator. */
function roundHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator);
}

/**
 * One month's interest, in cents, on a balance of `balanceCents` at the annual rate `rateBps` (a
 * twelfth of it), rounded half up to the cent: the same exact arithmetic as the payment.
 */
export function monthlyInterestCents(balanceCents: number, rateBps: number): number {
  const scaledBps = BigInt(Math.round(rateBps * BPS_SCALE));
  return Number(roundHalfUp(BigInt(balanceCents) * scaledBps, MONTHLY_RATE_DENOMINATOR));
}
