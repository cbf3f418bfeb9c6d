import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROPERTY_CONDITIONS } from '../enums';
import { DEFAULT_PRICING } from '../organisation';
import { assessChosenLine, type TChosenLineInput } from './chosen-line';
import { assessEligibility, collateralDeclineReasons, creditDeclineReasons } from './eligibility';
import { cltvCapBpsFor, combinedLtvBps } from './maximum-line';

/** The Texas sandbox borrower: $650,000 home, a $250,000 lien, a $100,000 line chosen (max $270,000). */
const TEXAS: TChosenLineInput = {
  valueCents: 650_000_00,
  condition: 'GOOD',
  existingLiensCents: 250_000_00,
  state: 'TX',
  licensedStates: ['CA', 'TX'],
  amountCents: 100_000_00,
  pricing: DEFAULT_PRICING,
};

describe('assessChosenLine', () => {
  it.each([
    ['the report confirms the value', {}, 'APPROVED', 270_000_00, []],
    // 80% × $437,500 − $250,000 = $100,000: exactly the chosen amount still fits.
    ['a lower value that still covers the amount', { valueCents: 437_500_00 }, 'APPROVED', 100_000_00, []],
    // 80% × $400,000 − $250,000 = $70,000 < $100,000.
    ['a lower value: requalify at most $70,000', { valueCents: 400_000_00 }, 'REDUCE', 70_000_00, []],
    // 80% × $331,250 − $250,000 = $15,000: the minimum line is still possible.
    ['a maximum at the minimum line', { valueCents: 331_250_00 }, 'REDUCE', 15_000_00, []],
    // 80% × $320,000 − $250,000 = $6,000: even $15,000 breaks the 80% cap.
    [
      'a maximum under the minimum line',
      { valueCents: 320_000_00 },
      'DECLINED',
      6_000_00,
      ['CLTV_ABOVE_CAP'],
    ],
    ['liens above the cap: no equity at all', { valueCents: 300_000_00 }, 'DECLINED', 0, ['CLTV_ABOVE_CAP']],
    ['condition POOR', { condition: 'POOR' }, 'DECLINED', 270_000_00, ['PROPERTY_CONDITION']],
    ['condition AVERAGE passes', { condition: 'AVERAGE' }, 'APPROVED', 270_000_00, []],
    ['no condition in the report', { condition: null }, 'DECLINED', 270_000_00, ['PROPERTY_CONDITION']],
    [
      'POOR and too little equity',
      { condition: 'POOR', valueCents: 320_000_00 },
      'DECLINED',
      6_000_00,
      ['CLTV_ABOVE_CAP', 'PROPERTY_CONDITION'],
    ],
    // The same figures outside Texas: 85% × $400,000 − $250,000 = $90,000.
    ['California caps at 85%', { valueCents: 400_000_00, state: 'CA' }, 'REDUCE', 90_000_00, []],
    ['a value of 0', { valueCents: 0 }, 'DECLINED', 0, ['CLTV_ABOVE_CAP']],
  ] as const)('%s', (_why, change, decision, maxLineCents, reasons) => {
    const result = assessChosenLine({ ...TEXAS, ...change });
    expect(result).toMatchObject({ decision, maxLineCents, reasons });
  });

  it('judges a reduced line at the new maximum, and a too-small maximum at the minimum line', () => {
    expect(assessChosenLine({ ...TEXAS, valueCents: 400_000_00 })).toMatchObject({
      assessedCents: 70_000_00,
      cltvBps: 8000,
    });
    expect(assessChosenLine({ ...TEXAS, valueCents: 320_000_00 })).toMatchObject({
      assessedCents: 15_000_00,
      cltvBps: combinedLtvBps({
        valueCents: 320_000_00,
        existingLiensCents: 250_000_00,
        lineCents: 15_000_00,
      }),
    });
    expect(assessChosenLine({ ...TEXAS, valueCents: 0 }).cltvBps).toBeNull();
  });

  it('rejects a chosen amount that is not a positive whole number of cents', () => {
    expect(() => assessChosenLine({ ...TEXAS, amountCents: 0 })).toThrow(RangeError);
    expect(() => assessChosenLine({ ...TEXAS, amountCents: 1.5 })).toThrow(RangeError);
  });

  it('never approves a line over the CLTV cap or the new maximum, and declines whenever the maximum is under the minimum', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000_000_00 }),
        fc.integer({ min: 0, max: 1_000_000_00 }),
        fc.integer({ min: DEFAULT_PRICING.minLineCents, max: DEFAULT_PRICING.maxLineCents }),
        fc.constantFrom('TX', 'CA'),
        fc.option(fc.constantFrom(...PROPERTY_CONDITIONS)),
        (valueCents, existingLiensCents, amountCents, state, condition) => {
          const result = assessChosenLine({
            ...TEXAS,
            valueCents,
            existingLiensCents,
            amountCents,
            state,
            condition,
          });
          const cap = cltvCapBpsFor(state, DEFAULT_PRICING);
          expect(result.decision === 'DECLINED').toBe(result.reasons.length > 0);
          if (result.maxLineCents < DEFAULT_PRICING.minLineCents) expect(result.decision).toBe('DECLINED');
          if (result.decision === 'APPROVED') {
            expect(amountCents).toBeLessThanOrEqual(result.maxLineCents);
            expect(
              combinedLtvBps({ valueCents, existingLiensCents, lineCents: amountCents }),
            ).toBeLessThanOrEqual(cap);
          }
          if (result.decision === 'REDUCE') {
            expect(result.maxLineCents).toBeLessThan(amountCents);
            expect(result.maxLineCents).toBeGreaterThanOrEqual(DEFAULT_PRICING.minLineCents);
            expect(result.cltvBps!).toBeLessThanOrEqual(cap);
          }
        },
      ),
    );
  });
});

describe('assessEligibility is the credit rules then the collateral rules', () => {
  it('lists every failed rule in that order', () => {
    const input = {
      creditScore: 600,
      dtiBps: 5500,
      cltvBps: 9000,
      condition: 'POOR' as const,
      state: 'NY',
      licensedStates: ['CA'],
      requestedCents: 14_000_00,
      pricing: DEFAULT_PRICING,
    };
    expect(assessEligibility(input).reasons).toEqual([
      ...creditDeclineReasons(input),
      ...collateralDeclineReasons(input),
    ]);
    expect(assessEligibility(input).reasons).toEqual([
      'CREDIT_SCORE_BELOW_FLOOR',
      'DTI_ABOVE_CAP',
      'CLTV_ABOVE_CAP',
      'PROPERTY_CONDITION',
      'STATE_NOT_LICENSED',
      'LINE_BELOW_MINIMUM',
    ]);
  });
});
