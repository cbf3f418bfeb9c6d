import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildUli, isValidUli, uliCheckDigits } from './uli';

/** An independent MOD 97-10 (BigInt over the whole number) to check the chunked one against. */
function bigMod97(text: string): bigint {
  const digits = [...text.toUpperCase()]
    .map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c))
    .join('');
  return BigInt(digits) % 97n;
}

describe('ULI check digits (ISO 7064 MOD 97-10)', () => {
  // Published vectors (the CFPB check-digit service's own examples).
  it.each([
    ['10Bx939c5543TqA1144M999143X', '38'],
    ['5493001YS08XHF42M0372005203', '07'],
    ['asdgfhkjasdgfhkasd000', '03'],
  ])('%s → %s', (base, digits) => {
    expect(uliCheckDigits(base)).toBe(digits);
    expect(isValidUli(`${base}${digits}`)).toBe(true);
  });

  it.each([
    ['a changed check digit', '10Bx939c5543TqA1144M999143X39'],
    ['two swapped characters', '10Bx939c5543TqA1144M991943X38'],
    ['too short', '10Bx939c5543TqA1144M38'],
    ['not alphanumeric', '10Bx939c5543TqA1144M9@9143X38'],
    ['too long', `${'A'.repeat(44)}12`],
  ])('refuses %s', (_, uli) => expect(isValidUli(uli)).toBe(false));

  it('refuses a base with other characters', () => {
    expect(() => uliCheckDigits('10Bx9#9c')).toThrow();
  });

  const lei = fc.stringMatching(/^[0-9A-Z]{20}$/);
  const loanId = fc.stringMatching(/^[0-9A-Za-z]{1,23}$/);

  it('every built ULI validates, and its number is 1 modulo 97', () => {
    fc.assert(
      fc.property(lei, loanId, (l, id) => {
        const uli = buildUli(l, id);
        expect(uli).toHaveLength(l.length + id.length + 2);
        expect(isValidUli(uli)).toBe(true);
        expect(bigMod97(uli)).toBe(1n);
      }),
    );
  });

  // A digit for another digit, or a letter for another letter, changes the number by d·10^k with
  // 0 < |d| < 97, never a multiple of the prime 97: always caught. (A digit for a letter changes the
  // length of the digit string, which MOD 97-10 does not promise to catch.)
  it('any single character changed within its class (digit or letter) is caught', () => {
    fc.assert(
      fc.property(lei, loanId, fc.nat(), fc.nat(), (l, id, at, pick) => {
        const uli = buildUli(l, id);
        const index = at % uli.length;
        const old = uli[index]!.toUpperCase();
        const pool = /\d/.test(old) ? '0123456789' : 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
        const others = [...pool].filter((c) => c !== old);
        const c = others[pick % others.length]!;
        expect(isValidUli(`${uli.slice(0, index)}${c}${uli.slice(index + 1)}`)).toBe(false);
      }),
    );
  });

  it('letters count the same in either case', () => {
    fc.assert(
      fc.property(lei, loanId, (l, id) => {
        expect(uliCheckDigits(l + id)).toBe(uliCheckDigits((l + id).toLowerCase()));
      }),
    );
  });
});
