import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPercentFromBps } from './percent';

describe('formatPercentFromBps', () => {
  it.each([
    [760, undefined, '7.6%'],
    [1720, undefined, '17.2%'],
    [499, undefined, '5.0%'],
    [700, undefined, '7.0%'],
    [0, undefined, '0.0%'],
    [760, 2, '7.60%'],
    [1720, 2, '17.20%'],
    [499, 2, '4.99%'],
    [762.5, 3, '7.625%'],
    [765, 1, '7.7%'],
    [764, 1, '7.6%'],
    [760, 0, '8%'],
    [-25, 2, '-0.25%'],
    [-4, 1, '0.0%'],
    [1_000_000, 1, '10,000.0%'],
  ])('formatPercentFromBps(%s, { decimals: %s }) → %s', (bps, decimals, expected) => {
    expect(formatPercentFromBps(bps, decimals === undefined ? {} : { decimals })).toBe(expected);
  });

  it.each([NaN, Infinity])('rejects %s', (bps) => {
    expect(() => formatPercentFromBps(bps)).toThrow(RangeError);
  });

  it('with 2 decimals, integer bps are shown exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (bps) => {
        const text = formatPercentFromBps(bps, { decimals: 2 });
        expect(text).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}%$/);
        expect(Number(text.replace(/[,%]/g, '').replace('.', ''))).toBe(bps);
      }),
    );
  });

  it('always shows exactly the requested decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 6 }), (bps, decimals) => {
        const text = formatPercentFromBps(bps, { decimals });
        const fraction = /\.(\d+)%$/.exec(text)?.[1] ?? '';
        expect(fraction.length).toBe(decimals);
      }),
    );
  });
});
