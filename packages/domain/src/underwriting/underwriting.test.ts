import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROPERTY_CONDITIONS } from '../enums';
import { monthlyPaymentCents } from '../heloc-math';
import { DEFAULT_PRICING, mergePricing } from '../organisation';
import { aprBps } from './apr';
import { assessEligibility, type TEligibilityInput } from './eligibility';
import { cltvCapBpsFor, combinedLtvBps, maximumLineCents } from './maximum-line';
import { gridRateBps, originationFeeCents, priceOffers } from './pricing';

describe('maximumLineCents', () => {
  it.each([
    // Sandbox happy path: 85% × $650,000 − $250,000 = $302,500.
    ['happy path', 650_000_00, 250_000_00, 'CA', 302_500_00],
    ['Texas caps at 80%', 650_000_00, 250_000_00, 'TX', 270_000_00],
    ['capped at the maximum line', 1_500_000_00, 100_000_00, 'CA', 400_000_00],
    ['no equity left', 300_000_00, 300_000_00, 'CA', 0],
    ['liens above the cap never go negative', 300_000_00, 290_000_00, 'CA', 0],
    ['no liens', 100_000_00, 0, 'CA', 85_000_00],
    ['floors a fraction of a cent', 333, 0, 'CA', 283],
    ['unknown state uses the general cap', 100_000_00, 0, null, 85_000_00],
  ] as const)('%s', (_why, valueCents, existingLiensCents, state, expected) => {
    expect(maximumLineCents({ valueCents, existingLiensCents, state, pricing: DEFAULT_PRICING })).toBe(
      expected,
    );
  });

  it('respects an organisation cap below the Texas cap, and its maximum line', () => {
    const pricing = mergePricing([{ cltvCapBps: 7500, maxLineCents: 250_000_00 }]);
    expect(cltvCapBpsFor('TX', pricing)).toBe(7500);
    expect(maximumLineCents({ valueCents: 1_000_000_00, existingLiensCents: 0, state: 'TX', pricing })).toBe(
      250_000_00,
    );
  });

  it('rejects money that is not whole non-negative cents', () => {
    expect(() =>
      maximumLineCents({ valueCents: -1, existingLiensCents: 0, state: 'CA', pricing: DEFAULT_PRICING }),
    ).toThrow(RangeError);
    expect(() =>
      maximumLineCents({ valueCents: 1, existingLiensCents: 0.5, state: 'CA', pricing: DEFAULT_PRICING }),
    ).toThrow(RangeError);
  });

  const money = fc.integer({ min: 0, max: 5_000_000_00 });
  const state = fc.constantFrom('CA', 'TX', 'NY', null);

  it('is monotone in value, anti-monotone in liens, within [0, maximum line]', () => {
    fc.assert(
      fc.property(money, money, money, state, (value, liens, extra, propertyState) => {
        const base = maximumLineCents({
          valueCents: value,
          existingLiensCents: liens,
          state: propertyState,
          pricing: DEFAULT_PRICING,
        });
        const moreValue = maximumLineCents({
          valueCents: value + extra,
          existingLiensCents: liens,
          state: propertyState,
          pricing: DEFAULT_PRICING,
        });
        const moreLiens = maximumLineCents({
          valueCents: value,
          existingLiensCents: liens + extra,
          state: propertyState,
          pricing: DEFAULT_PRICING,
        });
        expect(moreValue).toBeGreaterThanOrEqual(base);
        expect(moreLiens).toBeLessThanOrEqual(base);
        expect(base).toBeGreaterThanOrEqual(0);
        expect(base).toBeLessThanOrEqual(DEFAULT_PRICING.maxLineCents);
      }),
    );
  });

  it('never lends past the CLTV cap', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5_000_000_00 }), money, state, (value, liens, propertyState) => {
        const line = maximumLineCents({
          valueCents: value,
          existingLiensCents: liens,
          state: propertyState,
          pricing: DEFAULT_PRICING,
        });
        if (line > 0) {
          expect(
            combinedLtvBps({ valueCents: value, existingLiensCents: liens, lineCents: line }),
          ).toBeLessThanOrEqual(cltvCapBpsFor(propertyState, DEFAULT_PRICING));
        }
      }),
    );
  });
});

describe('combinedLtvBps', () => {
  it('rounds up', () => {
    expect(
      combinedLtvBps({ valueCents: 650_000_00, existingLiensCents: 250_000_00, lineCents: 302_500_00 }),
    ).toBe(8500);
    expect(combinedLtvBps({ valueCents: 3, existingLiensCents: 1, lineCents: 0 })).toBe(3334);
  });
});

describe('assessEligibility', () => {
  const eligible: TEligibilityInput = {
    creditScore: 760,
    dtiBps: 3000,
    cltvBps: 8500,
    condition: 'GOOD',
    state: 'CA',
    licensedStates: ['CA', 'TX'],
    requestedCents: 100_000_00,
    pricing: DEFAULT_PRICING,
  };

  it.each([
    ['the happy path', {}, []],
    ['score at the floor', { creditScore: 640 }, []],
    ['score below the floor (Lowscore)', { creditScore: 580 }, ['CREDIT_SCORE_BELOW_FLOOR']],
    ['no score (Thinfile)', { creditScore: null }, ['NO_CREDIT_SCORE']],
    ['DTI at the cap', { dtiBps: 5000 }, []],
    ['DTI above the cap (Highdebt)', { dtiBps: 6200 }, ['DTI_ABOVE_CAP']],
    ['CLTV above 85%', { cltvBps: 8501 }, ['CLTV_ABOVE_CAP']],
    ['CLTV 85% in Texas', { cltvBps: 8500, state: 'TX' }, ['CLTV_ABOVE_CAP']],
    ['CLTV 80% in Texas', { cltvBps: 8000, state: 'TX' }, []],
    ['condition AVERAGE', { condition: 'AVERAGE' }, []],
    ['condition FAIR', { condition: 'FAIR' }, ['PROPERTY_CONDITION']],
    ['condition POOR (Poorcondition)', { condition: 'POOR' }, ['PROPERTY_CONDITION']],
    ['condition not available', { condition: 'NOT_AVAILABLE' }, ['PROPERTY_CONDITION']],
    ['no valuation yet', { condition: null }, ['PROPERTY_CONDITION']],
    ['unlicensed state', { state: 'NY' }, ['STATE_NOT_LICENSED']],
    ['line at $15,000', { requestedCents: 15_000_00 }, []],
    ['line below $15,000', { requestedCents: 14_999_99 }, ['LINE_BELOW_MINIMUM']],
    ['line at $400,000', { requestedCents: 400_000_00 }, []],
    ['line above $400,000', { requestedCents: 400_000_01 }, ['LINE_ABOVE_MAXIMUM']],
    [
      'several failures at once',
      { creditScore: 600, dtiBps: 5500, state: 'NY' },
      ['CREDIT_SCORE_BELOW_FLOOR', 'DTI_ABOVE_CAP', 'STATE_NOT_LICENSED'],
    ],
  ] as const)('%s', (_why, change, reasons) => {
    const result = assessEligibility({ ...eligible, ...change });
    expect(result.reasons).toEqual(reasons);
    expect(result.eligible).toBe(reasons.length === 0);
  });

  it('is eligible exactly when no rule fails', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 300, max: 850 })),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 12_000 }),
        fc.option(fc.constantFrom(...PROPERTY_CONDITIONS)),
        (creditScore, dtiBps, cltvBps, condition) => {
          const result = assessEligibility({ ...eligible, creditScore, dtiBps, cltvBps, condition });
          expect(result.eligible).toBe(result.reasons.length === 0);
          if (result.eligible) {
            expect(creditScore).toBeGreaterThanOrEqual(640);
            expect(dtiBps).toBeLessThanOrEqual(5000);
            expect(cltvBps).toBeLessThanOrEqual(8500);
          }
        },
      ),
    );
  });
});

describe('aprBps', () => {
  // Expected values from an independent 60-digit decimal bisection.
  it.each([
    [100_000_00, 4_990_00, 1000, 10, 1123.64],
    [100_000_00, 2_000_00, 950, 30, 973.45],
    [15_000_00, 748_50, 1596, 5, 1832.93],
    [400_000_00, 19_960_00, 760, 15, 844.79],
    [50_000_00, 1_000_00, 0, 10, 40.21],
    [100_000_00, 0, 1000, 10, 1000],
    [100_000_00, 0, 762.5, 10, 762.5],
  ])('%i cents, fee %i, %s bps, %i years → %s bps', (amountCents, feeCents, rateBps, termYears, expected) => {
    expect(aprBps({ amountCents, feeCents, rateBps, termYears })).toBe(expected);
  });

  it.each([
    [{ amountCents: 0, feeCents: 0, rateBps: 1000, termYears: 10 }],
    [{ amountCents: 100, feeCents: 100, rateBps: 1000, termYears: 10 }],
    [{ amountCents: 100, feeCents: -1, rateBps: 1000, termYears: 10 }],
    [{ amountCents: 100, feeCents: 1, rateBps: -1, termYears: 10 }],
    [{ amountCents: 100, feeCents: 1, rateBps: 1000, termYears: 0 }],
  ])('rejects %o', (input) => {
    expect(() => aprBps(input)).toThrow(RangeError);
  });

  const amount = fc.integer({ min: 15_000_00, max: 400_000_00 });
  // Rates with at most 2 decimals of a bps: the precision aprBps answers in.
  const rate = fc.integer({ min: 500_00, max: 3000_00 }).map((hundredths) => hundredths / 100);
  const term = fc.constantFrom(5, 10, 15, 20, 30);

  it('is at least the note rate with a fee, and exactly the note rate without one', () => {
    fc.assert(
      fc.property(
        amount,
        fc.integer({ min: 0, max: 499 }),
        rate,
        term,
        (amountCents, feeBps, rateBps, termYears) => {
          const feeCents = originationFeeCents(amountCents, feeBps);
          const apr = aprBps({ amountCents, feeCents, rateBps, termYears });
          if (feeCents === 0) expect(apr).toBe(rateBps);
          else expect(apr).toBeGreaterThanOrEqual(rateBps);
        },
      ),
    );
  });

  it('grows with the fee', () => {
    fc.assert(
      fc.property(
        amount,
        fc.integer({ min: 1, max: 498 }),
        rate,
        term,
        (amountCents, feeBps, rateBps, termYears) => {
          const lower = aprBps({
            amountCents,
            feeCents: originationFeeCents(amountCents, feeBps),
            rateBps,
            termYears,
          });
          const higher = aprBps({
            amountCents,
            feeCents: originationFeeCents(amountCents, feeBps + 1),
            rateBps,
            termYears,
          });
          expect(higher).toBeGreaterThanOrEqual(lower);
        },
      ),
    );
  });
});

describe('priceOffers', () => {
  it('prices the sandbox happy path from the grid', () => {
    // FICO 760 (740–779: 850), CLTV 85% (+150), terms 5/10/15/30 (−50/0/+25/+75), no margin.
    const offers = priceOffers({
      creditScore: 760,
      cltvBps: 8500,
      pricing: DEFAULT_PRICING,
      lineCents: 302_500_00,
    });
    expect(
      offers.map((offer) => [
        offer.termYears,
        offer.rateBps,
        offer.originationFeeBps,
        offer.originationFeeCents,
        offer.monthlyPaymentCents,
        offer.aprBps,
      ]),
    ).toEqual([
      // Payments and APRs checked against an independent 60-digit decimal computation.
      [5, 950, 0, 0, 635_306, 950],
      [5, 900, 200, 605_000, 627_940, 986.77],
      [5, 826, 499, 1_509_475, 617_132, 1045.69],
      [10, 1000, 0, 0, 399_756, 1000],
      [10, 950, 200, 605_000, 391_428, 997.97],
      [10, 876, 499, 1_509_475, 379_276, 996.66],
      [15, 1025, 0, 0, 329_710, 1025],
      [15, 975, 200, 605_000, 320_457, 1010.41],
      [15, 901, 499, 1_509_475, 306_996, 989.45],
      [30, 1075, 0, 0, 282_378, 1075],
      [30, 1025, 200, 605_000, 271_071, 1049.53],
      [30, 951, 499, 1_509_475, 254_579, 1011.1],
    ]);
  });

  it.each([
    [780, 6000, 10, 0, 800],
    [779, 6000, 10, 0, 850],
    [700, 7000, 5, 0, 900],
    [670, 8000, 15, 0, 1125],
    [640, 8500, 30, 0, 1375],
    [639, 9000, 30, 0, 1675],
    [760, 6000, 20, 0, 925],
    [760, 6000, 10, 35, 885],
  ])('grid: score %i, CLTV %i, %i years, margin %i → %i bps', (score, cltv, years, margin, expected) => {
    expect(gridRateBps(score, cltv, years, margin)).toBe(expected);
  });

  it("follows the organisation's terms, margin, fee cap and APR range", () => {
    const pricing = mergePricing([
      { termsYears: [10, 20], marginAdjustmentBps: 25, originationFeeMaxBps: 100 },
    ]);
    const offers = priceOffers({ creditScore: 760, cltvBps: 8500, pricing, lineCents: 100_000_00 });
    expect(offers.map((offer) => [offer.termYears, offer.rateBps, offer.originationFeeBps])).toEqual([
      [10, 1025, 0],
      [10, 1000, 100],
      [20, 1100, 0],
      [20, 1075, 100],
    ]);
  });

  it('clamps to the APR floor and drops a fee that buys nothing', () => {
    const pricing = mergePricing([{ marginAdjustmentBps: -500 }]);
    const offers = priceOffers({ creditScore: 800, cltvBps: 5000, pricing, lineCents: 100_000_00 });
    expect(offers.every((offer) => offer.rateBps === 760 && offer.originationFeeBps === 0)).toBe(true);
    expect(offers.map((offer) => offer.termYears)).toEqual([5, 10, 15, 30]);
  });

  it('keeps a fee choice only while its APR stays within the ceiling', () => {
    const offers = priceOffers({
      creditScore: 600,
      cltvBps: 9000,
      pricing: mergePricing([{ marginAdjustmentBps: 300 }]),
      lineCents: 50_000_00,
    });
    expect(offers.filter((offer) => offer.termYears === 5)).toEqual([
      expect.objectContaining({ rateBps: 1720, originationFeeBps: 0, aprBps: 1720 }),
    ]);
  });

  it('offers nothing for a line outside the limits', () => {
    expect(
      priceOffers({ creditScore: 760, cltvBps: 8000, pricing: DEFAULT_PRICING, lineCents: 14_999_99 }),
    ).toEqual([]);
    expect(
      priceOffers({ creditScore: 760, cltvBps: 8000, pricing: DEFAULT_PRICING, lineCents: 400_000_01 }),
    ).toEqual([]);
  });

  const pricingArbitrary = fc
    .record({
      aprMinBps: fc.integer({ min: 300, max: 1200 }),
      aprSpread: fc.integer({ min: 0, max: 1500 }),
      originationFeeMaxBps: fc.integer({ min: 0, max: 600 }),
      marginAdjustmentBps: fc.integer({ min: -300, max: 600 }),
      termsYears: fc.uniqueArray(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 5 }),
    })
    .map(({ aprSpread, ...entry }) => mergePricing([{ ...entry, aprMaxBps: entry.aprMinBps + aprSpread }]));

  it("always stays within the organisation's limits, with one to three choices per term", () => {
    fc.assert(
      fc.property(
        pricingArbitrary,
        fc.integer({ min: 300, max: 850 }),
        fc.integer({ min: 1000, max: 10_000 }),
        fc.integer({ min: 15_000_00, max: 400_000_00 }),
        (pricing, creditScore, cltvBps, lineCents) => {
          const offers = priceOffers({ creditScore, cltvBps, pricing, lineCents });
          for (const offer of offers) {
            expect(pricing.termsYears).toContain(offer.termYears);
            expect(offer.rateBps).toBeGreaterThanOrEqual(pricing.aprMinBps);
            expect(offer.rateBps).toBeLessThanOrEqual(pricing.aprMaxBps);
            expect(offer.aprBps).toBeGreaterThanOrEqual(pricing.aprMinBps);
            expect(offer.aprBps).toBeLessThanOrEqual(pricing.aprMaxBps);
            expect(offer.originationFeeBps).toBeLessThanOrEqual(pricing.originationFeeMaxBps);
            expect(offer.lineCents).toBe(lineCents);
            // Payment × n repays the principal.
            expect(offer.monthlyPaymentCents * offer.termYears * 12).toBeGreaterThanOrEqual(lineCents);
          }
          for (const termYears of pricing.termsYears) {
            const choices = offers.filter((offer) => offer.termYears === termYears);
            expect(choices.length).toBeGreaterThanOrEqual(1);
            expect(choices.length).toBeLessThanOrEqual(3);
            expect(choices[0]?.originationFeeBps).toBe(0);
            // A higher fee always buys a strictly lower rate.
            for (let index = 1; index < choices.length; index += 1) {
              expect(choices[index]!.originationFeeBps).toBeGreaterThan(
                choices[index - 1]!.originationFeeBps,
              );
              expect(choices[index]!.rateBps).toBeLessThan(choices[index - 1]!.rateBps);
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('payment × months covers the principal', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 15_000_00, max: 400_000_00 }),
        fc.integer({ min: 760, max: 1720 }),
        fc.constantFrom(5, 10, 15, 30),
        (amount, rate, years) => {
          expect(monthlyPaymentCents(amount, rate, years) * years * 12).toBeGreaterThanOrEqual(amount);
        },
      ),
    );
  });
});
