import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPhone, isPhone, parsePhone, phoneTelHref } from './phone';

describe('parsePhone / formatPhone', () => {
  it.each([
    ['+18888196388', '8888196388'],
    ['+1 4155550134', '4155550134'],
    ['18888196388', '8888196388'],
    ['8888196388', '8888196388'],
    ['888-819-6388', '8888196388'],
    ['1-888-819-6388', '8888196388'],
    ['+1-888-819-6388', '8888196388'],
    ['(888) 819-6388', '8888196388'],
    ['+1 (888) 819-6388', '8888196388'],
    ['  888-819-6388 ', '8888196388'],
    ['11234567890', '1234567890'],
  ])('%j → %s', (input, digits) => {
    expect(parsePhone(input)).toBe(digits);
    expect(isPhone(input)).toBe(true);
    expect(formatPhone(input)).toBe(`(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`);
    expect(phoneTelHref(input)).toBe(`tel:+1${digits}`);
  });

  it.each([
    '',
    '888819638',
    '888819638812',
    '28888196388',
    '+28888196388',
    '+8888196388',
    '+1  4155550134',
    '1 4155550134',
    '888-8196388',
    '888.819.6388',
    '888 819 6388',
    '2-888-819-6388',
    'abcdefghij',
    '888-819-638a',
    '(888)819-6388',
  ])('rejects %j', (input) => {
    expect(parsePhone(input)).toBeNull();
    expect(isPhone(input)).toBe(false);
    expect(phoneTelHref(input)).toBeNull();
  });

  it('shows an unparseable value as it is, never an empty string for data', () => {
    expect(formatPhone(' 12345 ')).toBe('12345');
    expect(formatPhone(null)).toBe('');
    expect(formatPhone(undefined)).toBe('');
  });

  const tenDigits = fc.stringMatching(/^\d{10}$/);

  it('formats every 10-digit string and parses it back', () => {
    fc.assert(
      fc.property(tenDigits, (digits) => {
        const display = formatPhone(digits);
        expect(display).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
        expect(parsePhone(display)).toBe(digits);
        expect(parsePhone(`+1${digits}`)).toBe(digits);
        expect(parsePhone(`1${digits}`)).toBe(digits);
        expect(parsePhone(`${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`)).toBe(digits);
      }),
    );
  });

  it('rejects digit strings of other lengths and 11 digits not starting with 1', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{0,20}$/), (digits) => {
        const accepted = digits.length === 10 || (digits.length === 11 && digits.startsWith('1'));
        expect(parsePhone(digits) !== null).toBe(accepted);
      }),
    );
  });

  it('rejects anything containing a letter', () => {
    fc.assert(
      fc.property(tenDigits, fc.nat(9), fc.constantFrom('a', 'x', 'O', 'l'), (digits, at, letter) => {
        expect(parsePhone(digits.slice(0, at) + letter + digits.slice(at + 1))).toBeNull();
      }),
    );
  });
});
