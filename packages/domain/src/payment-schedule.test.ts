import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { monthlyPaymentCents } from './heloc-math';
import { paymentSchedule } from './payment-schedule';
import { offerCost, offerFigures } from './underwriting';

describe('paymentSchedule: table', () => {
  // Expected values computed independently with exact rational arithmetic (Python fractions), each
  // month's interest rounded half up to the cent, the last payment clearing the balance.
  it.each([
    {
      amount: 10_000_000,
      bps: 760,
      years: 10,
      level: 119_224,
      first: { interestCents: 63_333, principalCents: 55_891, balanceCents: 9_944_109 },
      last: 119_290,
      total: 14_306_946,
      interest: 4_306_946,
      year1: { interestCents: 736_138, balanceCents: 9_305_450 },
    },
    {
      amount: 1_200,
      bps: 1200,
      years: 1,
      level: 107,
      first: { interestCents: 12, principalCents: 95, balanceCents: 1_105 },
      last: 101,
      total: 1_278,
      interest: 78,
      year1: { interestCents: 78, balanceCents: 0 },
    },
    {
      amount: 40_000_000,
      bps: 1720,
      years: 30,
      level: 576_769,
      first: { interestCents: 573_333, principalCents: 3_436, balanceCents: 39_996_564 },
      last: 571_096,
      total: 207_631_167,
      interest: 167_631_167,
      year1: { interestCents: 6_876_588, balanceCents: 39_955_360 },
    },
    {
      amount: 2_500_000,
      bps: 762.5,
      years: 10,
      level: 29_839,
      first: { interestCents: 15_885, principalCents: 13_954, balanceCents: 2_486_046 },
      last: 29_802,
      total: 3_580_643,
      interest: 1_080_643,
      year1: { interestCents: 184_648, balanceCents: 2_326_580 },
    },
    {
      amount: 5_000_000,
      bps: 0,
      years: 5,
      level: 83_333,
      first: { interestCents: 0, principalCents: 83_333, balanceCents: 4_916_667 },
      last: 83_353,
      total: 5_000_000,
      interest: 0,
      year1: { interestCents: 0, balanceCents: 4_000_004 },
    },
  ])('$amount cents at $bps bps over $years years', (row) => {
    const schedule = paymentSchedule(row.amount, row.bps, row.years);
    expect(schedule.months).toHaveLength(row.years * 12);
    expect(schedule.months[0]).toEqual({ month: 1, paymentCents: row.level, ...row.first });
    expect(schedule.months.at(-1)!.paymentCents).toBe(row.last);
    expect(schedule.months.at(-1)!.balanceCents).toBe(0);
    expect(schedule.totalOfPaymentsCents).toBe(row.total);
    expect(schedule.totalInterestCents).toBe(row.interest);
    expect(schedule.years[0]).toMatchObject({ year: 1, monthlyPaymentCents: row.level, ...row.year1 });
    expect(schedule.years).toHaveLength(row.years);
  });

  it('has no payments for nothing drawn', () => {
    expect(paymentSchedule(0, 760, 10)).toEqual({
      months: [],
      years: [],
      totalOfPaymentsCents: 0,
      totalInterestCents: 0,
    });
  });

  it('rejects what monthlyPaymentCents rejects', () => {
    expect(() => paymentSchedule(-1, 760, 10)).toThrow(RangeError);
    expect(() => paymentSchedule(100, 760, 2.5)).toThrow(RangeError);
  });
});

const amounts = fc.integer({ min: 1_500_000, max: 40_000_000 });
const rates = fc.integer({ min: 0, max: 2000 });
const terms = fc.constantFrom(5, 10, 15, 30);

describe('paymentSchedule: properties', () => {
  it('repays exactly the draw: principal adds up to it, the balance falls to 0 and never rises', () => {
    fc.assert(
      fc.property(amounts, rates, terms, (amount, bps, years) => {
        const { months } = paymentSchedule(amount, bps, years);
        expect(months.reduce((sum, month) => sum + month.principalCents, 0)).toBe(amount);
        expect(months.at(-1)!.balanceCents).toBe(0);
        let before = amount;
        for (const month of months) {
          expect(month.balanceCents).toBeLessThanOrEqual(before);
          expect(month.paymentCents).toBe(month.interestCents + month.principalCents);
          before = month.balanceCents;
        }
      }),
    );
  });

  it('pays the level payment every month but the last, off by at most the rounding grown with interest', () => {
    fc.assert(
      fc.property(amounts, rates, terms, (amount, bps, years) => {
        const level = monthlyPaymentCents(amount, bps, years);
        const { months } = paymentSchedule(amount, bps, years);
        expect(months).toHaveLength(years * 12);
        expect(months.slice(0, -1).every((month) => month.paymentCents === level)).toBe(true);
        // Each month the payment and the interest are each up to half a cent off the exact figures;
        // the difference stays in (or leaves) the balance and earns interest: at most 1 cent × the
        // annuity's future-value factor.
        const r = bps / 10_000 / 12;
        const n = years * 12;
        const growth = r === 0 ? n : ((1 + r) ** n - 1) / r;
        expect(Math.abs(months.at(-1)!.paymentCents - level)).toBeLessThanOrEqual(growth + 1);
      }),
    );
  });

  it('years add up to the months, and the total of payments is the draw plus the interest', () => {
    fc.assert(
      fc.property(amounts, rates, terms, (amount, bps, years) => {
        const schedule = paymentSchedule(amount, bps, years);
        const yearly = schedule.years.reduce((sum, year) => sum + year.paymentsCents, 0);
        expect(yearly).toBe(schedule.totalOfPaymentsCents);
        expect(schedule.totalOfPaymentsCents).toBe(amount + schedule.totalInterestCents);
        schedule.years.forEach((year) =>
          expect(year.balanceCents).toBe(schedule.months[year.year * 12 - 1]!.balanceCents),
        );
      }),
    );
  });
});

describe('offerCost', () => {
  it('finance charge = interest + fee = total of payments − amount financed (Regulation Z)', () => {
    const offer = { rateBps: 760, originationFeeBps: 199, termYears: 10 };
    const cost = offerCost(10_000_000, offer, offerFigures(10_000_000, offer).feeCents);
    expect(cost.feeCents).toBe(199_000);
    expect(cost.amountFinancedCents).toBe(9_801_000);
    expect(cost.totalOfPaymentsCents).toBe(14_306_946);
    expect(cost.financeChargeCents).toBe(4_306_946 + 199_000);
    expect(cost.months[0]!.paymentCents).toBe(offerFigures(10_000_000, offer).monthlyPaymentCents);
  });

  it('holds for any offer', () => {
    fc.assert(
      fc.property(amounts, rates, fc.integer({ min: 0, max: 499 }), terms, (amount, bps, feeBps, years) => {
        const offer = { rateBps: bps, originationFeeBps: feeBps, termYears: years };
        const cost = offerCost(amount, offer, offerFigures(amount, offer).feeCents);
        expect(cost.financeChargeCents).toBe(cost.totalInterestCents + cost.feeCents);
        expect(cost.totalOfPaymentsCents - cost.financeChargeCents).toBe(cost.amountFinancedCents);
      }),
    );
  });
});
