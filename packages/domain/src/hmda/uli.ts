/**
 * The HMDA Universal Loan Identifier (Regulation C, 12 CFR 1003.4(a)(1)(i) and appendix C): the
 * institution's LEI, then its own identifier for the loan (letters and digits), then two check
 * digits computed with ISO/IEC 7064 MOD 97-10 — the same scheme as an IBAN.
 */

/** A ULI is 23 to 45 characters: a 20-character LEI, at least one character of loan id, two check digits. */
export const ULI_MIN_LENGTH = 23;
export const ULI_MAX_LENGTH = 45;

const ALPHANUMERIC = /^[0-9A-Za-z]+$/;

/** Letters become numbers (A or a = 10 … Z or z = 35), digits stay: appendix C step 1. */
function toDigits(text: string): string {
  return [...text.toUpperCase()]
    .map((c) => (c >= 'A' && c <= 'Z' ? String(c.charCodeAt(0) - 55) : c))
    .join('');
}

/** The digit string modulo 97, read in pieces so it never exceeds a safe integer. */
function mod97(digits: string): number {
  let remainder = 0;
  for (let i = 0; i < digits.length; i += 7) remainder = Number(`${remainder}${digits.slice(i, i + 7)}`) % 97;
  return remainder;
}

/**
 * The two check digits of a ULI base (LEI + loan id): append "00", take the number modulo 97,
 * subtract from 98, pad to two digits (appendix C).
 */
export function uliCheckDigits(base: string): string {
  if (!ALPHANUMERIC.test(base)) throw new Error('A ULI holds only letters and digits');
  return String(98 - mod97(toDigits(`${base}00`))).padStart(2, '0');
}

/** LEI + loan id + check digits. */
export function buildUli(lei: string, loanId: string): string {
  const base = `${lei}${loanId}`;
  return `${base}${uliCheckDigits(base)}`;
}

/** Whether a ULI has the right length, characters and check digits (the whole number mod 97 is 1). */
export function isValidUli(uli: string): boolean {
  if (uli.length < ULI_MIN_LENGTH || uli.length > ULI_MAX_LENGTH || !ALPHANUMERIC.test(uli)) return false;
  return mod97(toDigits(uli)) === 1;
}
