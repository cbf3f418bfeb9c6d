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

/** One month of the repayment schedule, in cents. */
export interface TScheduleMonth {
  /** 1 … 12 · termYears. */
  month: number;
  paymentCents: number;
  interestCents: number;
  principalCents: number;
  /** What is still owed after this payment. */
  balanceCents: number;
}

/** One year of the schedule: its months added up, and the balance at the end of the year. */
export interface TScheduleYear {
  /** 1 … termYears. */
  year: number;
  /** The payment due each month of the year (the last month's may be smaller: it clears the balance). */
  monthlyPaymentCents: number;
  paymentsCents: number;
  interestCents: number;
  principalCents: number;
  balanceCents: number;
}

export interface TPaymentSchedule {
  months: TScheduleMonth[];
  years: TScheduleYear[];
  /** Every scheduled payment added up (Regulation Z "total of payments" before any prepaid charge). */
  totalOfPaymentsCents: number;
  totalInterestCents: number;
}

/**
 * The month-by-month repayment of `amountCents` drawn at once at the fixed `rateBps` over `termYears`
 * (DESIGN §8: the initial draw is amortised over the whole term, no interest-only period): each month's
 * interest is the balance times the monthly rate, rounded half up to the cent, exactly as the payment is;
 * the level payment of `monthlyPaymentCents` pays it and the rest goes to the balance. The payment is
 * rounded, so the last one is whatever clears the balance (a few cents more or less than the others).
 * An amount of 0 has no payments. Same arguments and RangeErrors as `monthlyPaymentCents`.
 */
export function paymentSchedule(amountCents: number, rateBps: number, termYears: number): TPaymentSchedule {
  const level = monthlyPaymentCents(amountCents, rateBps, termYears);
  const scaledBps = BigInt(Math.round(rateBps * BPS_SCALE));
  const count = termYears * 12;
  const months: TScheduleMonth[] = [];
  let balance = amountCents;
  for (let month = 1; month <= count && balance > 0; month += 1) {
    const interest = Number(roundHalfUp(BigInt(balance) * scaledBps, MONTHLY_RATE_DENOMINATOR));
    // The last month clears what is left; a payment never takes more than is owed.
    const principal = month === count ? balance : Math.min(balance, level - interest);
    balance -= principal;
    months.push({
      month,
      paymentCents: principal + interest,
      interestCents: interest,
      principalCents: principal,
      balanceCents: balance,
    });
  }
  const years: TScheduleYear[] = [];
  for (let year = 1; year <= termYears; year += 1) {
    const inYear = months.slice((year - 1) * 12, year * 12);
    if (inYear.length === 0) break;
    const sum = (pick: (month: TScheduleMonth) => number) =>
      inYear.reduce((total, month) => total + pick(month), 0);
    years.push({
      year,
      monthlyPaymentCents: inYear[0]!.paymentCents,
      paymentsCents: sum((month) => month.paymentCents),
      interestCents: sum((month) => month.interestCents),
      principalCents: sum((month) => month.principalCents),
      balanceCents: inYear[inYear.length - 1]!.balanceCents,
    });
  }
  return {
    months,
    years,
    totalOfPaymentsCents: months.reduce((total, month) => total + month.paymentCents, 0),
    totalInterestCents: months.reduce((total, month) => total + month.interestCents, 0),
  };
}
