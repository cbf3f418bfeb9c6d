import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCurrency, formatDollarsInput, parseDollarsToCents } from './currency';

describe('formatCurrency', () => {
  it.each([
    [1_500_000, undefined, '$15,000'],
    [40_000_000, undefined, '$400,000'],
    [18_000, undefined, '$180'],
    [0, undefined, '$0'],
    [99, undefined, '$1'],
    [50, undefined, '$1'],
    [49, undefined, '$0'],
    [-150, undefined, '-$2'],
    [-40, undefined, '$0'],
    [12_345, 2, '$123.45'],
    [5, 2, '$0.05'],
    [-12_345, 2, '-$123.45'],
    [1_500_000, 2, '$15,000.00'],
    [123_456_789, 1, '$1,234,567.9'],
    [Number.MAX_SAFE_INTEGER, 2, '$90,071,992,547,409.91'],
    [100.6, 2, '$1.01'],
  ])('formatCurrency(%s, { decimals: %s }) → %s', (cents, decimals, expected) => {
    expect(formatCurrency(cents, decimals === undefined ? {} : { decimals })).toBe(expected);
  });

  it.each([NaN, Infinity, -Infinity])('rejects the non-finite amount %s', (cents) => {
    expect(() => formatCurrency(cents)).toThrow(RangeError);
  });

  it.each([-1, 1.5, 21])('rejects decimals %s', (decimals) => {
    expect(() => formatCurrency(100, { decimals })).toThrow(RangeError);
  });

  it('never throws for safe integers and keeps every digit with 2 decimals', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (cents) => {
        const text = formatCurrency(cents, { decimals: 2 });
        expect(text).toMatch(/^-?\$\d{1,3}(,\d{3})*\.\d{2}$/);
        expect(text.replace(/\D/g, '').replace(/^0+/, '')).toBe(String(Math.abs(cents)).replace(/^0+/, ''));
        expect(text.startsWith('-')).toBe(cents < 0);
      }),
    );
  });

  it('shows whole dollars by default, rounding half away from zero', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        const dollars = Math.sign(cents) * Math.round(Math.abs(cents) / 100);
        const text = formatCurrency(cents);
        expect(text).toMatch(/^-?\$\d{1,3}(,\d{3})*$/);
        expect(Number(text.replace(/[$,]/g, ''))).toBe(dollars === 0 ? 0 : dollars);
      }),
    );
  });
});

describe('formatDollarsInput', () => {
  it.each([
    [30_250_000, '302,500'],
    [8_500_050, '85,000.50'],
    [1, '0.01'],
    [0, '0'],
  ])('formatDollarsInput(%s) → %s', (cents, expected) => {
    expect(formatDollarsInput(cents)).toBe(expected);
  });

  it('reads back as the same cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e13 }), (cents) => {
        expect(parseDollarsToCents(formatDollarsInput(cents))).toBe(cents);
      }),
    );
  });

  it('rejects fractional cents', () => {
    expect(() => formatDollarsInput(1.5)).toThrow(RangeError);
  });
});
