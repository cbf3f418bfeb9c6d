/**
 * ABA routing transit numbers (bank account form, disbursement/autopay, bank account verification).
 * The web form and the server both validate with this one function so a typo is caught before the
 * verification provider is ever called, and both sides agree on what "valid" means.
 */

/** Nine digits, nothing else (no separators: the number is printed without them on a cheque). */
const ROUTING_NUMBER_PATTERN = /^\d{9}$/;

/** Weights of the ABA checksum, digit by digit: 3, 7, 1 repeating. */
const ROUTING_WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1] as const;

/**
 * True when `value` is nine digits and passes the ABA checksum
 * 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). Surrounding blanks are ignored (pasted
 * values); anything else non-numeric fails. All zeros passes the arithmetic but is no bank, so it fails.
 */
export function isValidRoutingNumber(value: string | null | undefined): boolean {
  const digits = (value ?? '').trim();
  if (!ROUTING_NUMBER_PATTERN.test(digits) || digits === '000000000') return false;
  let sum = 0;
  for (let index = 0; index < ROUTING_WEIGHTS.length; index += 1) {
    sum += (ROUTING_WEIGHTS[index] ?? 0) * Number(digits[index]);
  }
  return sum % 10 === 0;
}

/** Account numbers: 4–17 digits (the NACHA DFI account number field is 17 characters). */
const ACCOUNT_NUMBER_PATTERN = /^\d{4,17}$/;

/** True when `value` (surrounding blanks ignored) is 4–17 digits. */
export function isValidAccountNumber(value: string | null | undefined): boolean {
  return ACCOUNT_NUMBER_PATTERN.test((value ?? '').trim());
}
