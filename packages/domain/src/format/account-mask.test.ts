import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountMask, formatMaskedAccount } from './account-mask';

describe('accountMask', () => {
  it.each([
    ['123456789', '6789'],
    ['6789', '6789'],
    ['789', '789'],
    [' 000123456789 ', '6789'],
    ['****6789', '6789'],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('%j → %j', (value, expected) => expect(accountMask(value)).toBe(expected));

  it('formats with a visual prefix, or nothing', () => {
    expect(formatMaskedAccount('123456789')).toBe('••••6789');
    expect(formatMaskedAccount('')).toBe('');
  });

  it('shows at most 4 characters, always the end of the number', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{0,17}$/), (account) => {
        const mask = accountMask(account);
        expect(mask.length).toBe(Math.min(4, account.length));
        expect(mask).toMatch(/^\d{0,4}$/);
        expect(account.endsWith(mask)).toBe(true);
      }),
    );
  });

  it('never reveals more than the last 4 characters of any input', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const mask = accountMask(value);
        expect(mask.length).toBeLessThanOrEqual(4);
        expect(value.trim().endsWith(mask)).toBe(true);
      }),
    );
  });
});
