import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidAccountNumber, isValidRoutingNumber } from './routing-number';

describe('isValidRoutingNumber', () => {
  it.each([
    ['011000015', true], // Federal Reserve Bank of Boston
    ['021000021', true], // JPMorgan Chase, New York
    ['121000358', true], // Bank of America, California
    ['111000025', true],
    [' 021000021 ', true],
    ['021000022', false], // last digit off by one
    ['123456789', false],
    ['000000000', false],
    ['02100002', false], // 8 digits
    ['0210000211', false], // 10 digits
    ['02100002a', false],
    ['021-000-021', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('%j → %j', (value, expected) => expect(isValidRoutingNumber(value)).toBe(expected));

  it('accepts exactly one check digit for every 8-digit prefix', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{8}$/), (prefix) => {
        const valid = Array.from({ length: 10 }, (_, digit) => `${prefix}${digit}`).filter((candidate) =>
          isValidRoutingNumber(candidate),
        );
        expect(valid.length).toBe(prefix === '00000000' ? 0 : 1);
      }),
    );
  });
});

describe('isValidAccountNumber', () => {
  it.each([
    ['1234', true],
    ['12345678901234567', true],
    [' 000123456789 ', true],
    ['123', false],
    ['123456789012345678', false],
    ['1234-5678', false],
    ['', false],
    [null, false],
  ])('%j → %j', (value, expected) => expect(isValidAccountNumber(value)).toBe(expected));
});
