import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { monthlyPaymentCents } from './heloc-math';

describe('monthlyPaymentCents: table', () => {
  // Expected values computed independently with 80-digit decimal arithmetic, rounded half up.
  it.each([
    { amount: 10_000_000, bps: 760, years: 30, cents: 70_607 },
    { amount: 10_000_000, bps: 760, years: 10, cents: 119_224 },
    { amount: 1_500_000, bps: 1720, years: 5, cents: 37_440 },
    { amount: 40_000_000, bps: 1720, years: 30, cents: 576_769 },
    { amount: 5_000_000, bps: 999, years: 15, cents: 53_700 },
    { amount: 2_500_000, bps: 762.5, years: 10, cents: 29_839 },
    { amount: 12_345_678, bps: 850, years: 20, cents: 107_139 },
    { amount: 100, bps: 760, years: 30, cents: 1 },
    { amount: 0, bps: 760, years: 30, cents: 0 },
  ])('$amount cents at $bps bps over $years years → $cents', ({ amount, bps, years, cents }) => {
    expect(monthlyPaymentCents(amount, bps, years)).toBe(cents);
  });

  it.each([
    { amount: 10_000_000, years: 10, cents: 83_333 },
    // 180 / 360 = 0.5 and 540 / 120 = 4.5: exact halves round up.
    { amount: 180, years: 30, cents: 1 },
    { amount: 540, years: 10, cents: 5 },
  ])('a 0% rate spreads $amount cents evenly over $years years → $cents', ({ amount, years, cents }) => {
    expect(monthlyPaymentCents(amount, 0, years)).toBe(cents);
  });

  it.each([
    [-1, 760, 10],
    [1.5, 760, 10],
    [Number.NaN, 760, 10],
    [100, -1, 10],
    [100, Number.POSITIVE_INFINITY, 10],
    [100, 760, 0],
    [100, 760, 2.5],
  ])('rejects amount %s, rate %s, term %s', (amount, bps, years) => {
    expect(() => monthlyPaymentCents(amount, bps, years)).toThrow(RangeError);
  });
});

const amounts = fc.integer({ min: 0, max: 40_000_000 });
const rates = fc.integer({ min: 0, max: 3000 });
const terms = fc.constantFrom(5, 10, 15, 20, 30);

/** The textbook formula in doubles: good to far better than a cent for these ranges. */
function floatPayment(amount: number, bps: number, years: number): number {
  const n = years * 12;
  if (bps === 0) return amount / n;
  const r = bps / 10_000 / 12;
  return (amount * r) / (1 - (1 + r) ** -n);
}

describe('monthlyPaymentCents: properties', () => {
  it('is a whole, non-negative number of cents within half a cent of the exact payment', () => {
    fc.assert(
      fc.property(amounts, rates, terms, (amount, bps, years) => {
        const payment = monthlyPaymentCents(amount, bps, years);
        expect(Number.isInteger(payment)).toBe(true);
        expect(payment).toBeGreaterThanOrEqual(0);
        expect(Math.abs(payment - floatPayment(amount, bps, years))).toBeLessThanOrEqual(0.5 + 1e-6);
      }),
    );
  });

  it('never falls below the interest-free share nor above it plus a month of interest', () => {
    fc.assert(
      fc.property(amounts, rates, terms, (amount, bps, years) => {
        const payment = monthlyPaymentCents(amount, bps, years);
        const share = amount / (years * 12);
        const interest = (amount * bps) / 10_000 / 12;
        expect(payment).toBeGreaterThanOrEqual(Math.round(share) - 1);
        expect(payment).toBeLessThanOrEqual(Math.ceil(share + interest) + 1);
      }),
    );
  });

  it('grows with the rate and shrinks with the term', () => {
    fc.assert(
      fc.property(amounts, rates, rates, terms, terms, (amount, a, b, t1, t2) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        const [short, long] = t1 <= t2 ? [t1, t2] : [t2, t1];
        expect(monthlyPaymentCents(amount, low, short)).toBeLessThanOrEqual(
          monthlyPaymentCents(amount, high, short),
        );
        expect(monthlyPaymentCents(amount, low, long)).toBeLessThanOrEqual(
          monthlyPaymentCents(amount, low, short),
        );
      }),
    );
  });

  it('repays the amount: the balance left after the term is only the compounded rounding', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_500_000, max: 40_000_000 }), rates, terms, (amount, bps, years) => {
        const payment = monthlyPaymentCents(amount, bps, years);
        const r = bps / 10_000 / 12;
        const months = years * 12;
        let balance = amount;
        for (let month = 0; month < months; month += 1) balance = balance * (1 + r) - payment;
        // Each payment is off by at most half a cent, and each such error then accrues interest.
        const accrued = r === 0 ? months : ((1 + r) ** months - 1) / r;
        expect(Math.abs(balance)).toBeLessThanOrEqual(0.5 * accrued + 1e-3);
      }),
    );
  });
});
