import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCY, LOCALE } from '../constants';
import { formatFixedDecimal, plainDecimal, scaledDecimal } from './decimal';
import { formatPercentFromBps } from './percent';

/**
 * The reference the hand-written digits must equal: what Intl.NumberFormat writes in the product's
 * locale and currency (a change of either fails here).
 */
function intlFormat(value: string | number, style: 'decimal' | 'currency' | 'percent', decimals: number) {
  return new Intl.NumberFormat(LOCALE, {
    style,
    ...(style === 'currency' ? { currency: CURRENCY } : {}),
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    signDisplay: 'negative',
  }).format(value as Intl.StringNumericLiteral);
}

const styles = ['decimal', 'currency', 'percent'] as const;

/** Plain decimal strings of up to 22 digits with up to 10 of them after the point. */
const plainDecimals = fc
  .tuple(fc.bigInt({ min: -(10n ** 22n), max: 10n ** 22n }), fc.integer({ min: 0, max: 10 }))
  .map(([digits, scale]) => {
    const text = (digits < 0n ? -digits : digits).toString().padStart(scale + 1, '0');
    const sign = digits < 0n ? '-' : '';
    return scale === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -scale)}.${text.slice(-scale)}`;
  });

describe('scaledDecimal', () => {
  it.each([
    [-123456, 2, '-1234.56'],
    [5, 4, '0.0005'],
    [0, 2, '0.00'],
    [42, 0, '42'],
  ])('scaledDecimal(%s, %s) → %s', (value, scale, expected) => {
    expect(scaledDecimal(value, scale)).toBe(expected);
  });

  it('rejects a fraction', () => {
    expect(() => scaledDecimal(1.5, 2)).toThrow(RangeError);
  });
});

describe('plainDecimal', () => {
  it.each([
    [0, '0'],
    [-12.5, '-12.5'],
    [1e-7, '0.0000001'],
    [-1.5e-7, '-0.00000015'],
    [1.5e21, '1500000000000000000000'],
    [1.2345e-10, '0.00000000012345'],
  ])('plainDecimal(%s) → %s', (value, expected) => {
    expect(plainDecimal(value)).toBe(expected);
  });

  it('reads back as the same number and never uses exponent notation', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        const text = plainDecimal(value);
        expect(text).toMatch(/^-?\d+(\.\d+)?$/);
        expect(Number(text)).toBe(value === 0 ? 0 : value);
      }),
    );
  });

  it.each([NaN, Infinity])('rejects %s', (value) => {
    expect(() => plainDecimal(value)).toThrow(RangeError);
  });
});

describe('formatFixedDecimal', () => {
  it.each([
    ['-1234.565', 'currency', 2, '-$1,234.57'],
    ['1234.5', 'currency', 0, '$1,235'],
    ['-0.004', 'currency', 2, '$0.00'],
    ['999.995', 'decimal', 2, '1,000.00'],
    ['0.07625', 'percent', 1, '7.6%'],
    ['0.07625', 'percent', 3, '7.625%'],
    ['-0.0025', 'percent', 2, '-0.25%'],
    ['100', 'percent', 1, '10,000.0%'],
    ['0', 'decimal', 20, '0.00000000000000000000'],
  ] as const)('formatFixedDecimal(%s, %s, %s) → %s', (value, style, decimals, expected) => {
    expect(formatFixedDecimal(value, style, decimals)).toBe(expected);
  });

  it.each([-1, 1.5, 21])('rejects decimals %s', (decimals) => {
    expect(() => formatFixedDecimal('1', 'decimal', decimals)).toThrow(RangeError);
  });

  it.each(['', '1e5', '1.', '.5', '+1', '1,000', ' 1'])('rejects the non-plain decimal %j', (value) => {
    expect(() => formatFixedDecimal(value, 'decimal', 2)).toThrow(RangeError);
  });

  it('writes what Intl.NumberFormat en-US writes, for every style and up to 20 decimals', () => {
    fc.assert(
      fc.property(
        plainDecimals,
        fc.constantFrom(...styles),
        fc.oneof(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 20 })),
        (value, style, decimals) => {
          expect(formatFixedDecimal(value, style, decimals)).toBe(intlFormat(value, style, decimals));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('rounds ties away from zero as Intl does', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.constantFrom(...styles), (whole, style) => {
        const tie = `${whole}.5`;
        expect(formatFixedDecimal(tie, style, 0)).toBe(intlFormat(tie, style, 0));
      }),
    );
  });
});

describe('formatPercentFromBps with fractional basis points', () => {
  it('writes what Intl writes for the ratio as a number', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e7, max: 1e7, noNaN: true }),
        fc.integer({ min: 0, max: 6 }),
        (bps, decimals) => {
          expect(formatPercentFromBps(bps, { decimals })).toBe(intlFormat(bps / 10_000, 'percent', decimals));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
