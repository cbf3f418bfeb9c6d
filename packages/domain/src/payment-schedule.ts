/**
 * The repayment schedule of a drawn amount (the offer screen's cost over time), month by month and year
 * by year, on the payment and interest arithmetic of heloc-math.ts. Its own module so the screens that
 * only show the monthly payment (the application frame's offer box) do not carry it.
 */
import { monthlyInterestCents, monthlyPaymentCents } from './heloc-math';

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
  const count = termYears * 12;
  const months: TScheduleMonth[] = [];
  let balance = amountCents;
  for (let month = 1; month <= count && balance > 0; month += 1) {
    const interest = monthlyInterestCents(balance, rateBps);
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
