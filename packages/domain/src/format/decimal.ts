/**
 * Exact decimal formatting for money and rates in the product's one locale (en-US).
 *
 * Values travel as exact decimal strings built from integers, so nothing is formatted from a float
 * approximation of cents / 100 (large or odd amounts would otherwise round at the last digit).
 *
 * The en-US digits are written here rather than by Intl.NumberFormat: in the browser the first
 * Intl.NumberFormat of a page loads ICU's number data, ~90 ms of main thread on a phone, and the
 * footer's disclosures format money on every first screen. The output is the same as Intl's
 * (`minimumFractionDigits = maximumFractionDigits = decimals`, `signDisplay: 'negative'`, rounding
 * half away from zero); decimal.test.ts holds it to Intl for every style over random values.
 */

import { CURRENCY } from '../constants';

/** The product's currency's sign; typed by CURRENCY, so another currency fails to compile here. */
const CURRENCY_SIGN: Record<typeof CURRENCY, string> = { USD: '$' };

/** scaledDecimal(-123456, 2) → "-1234.56"; scaledDecimal(5, 4) → "0.0005". Integers only. */
export function scaledDecimal(value: number, scale: number): string {
  if (!Number.isInteger(value)) throw new RangeError(`Not an integer: ${value}`);
  // BigInt, not toFixed: toFixed switches to exponent notation from 1e21.
  const digits = BigInt(Math.abs(value))
    .toString()
    .padStart(scale + 1, '0');
  const sign = value < 0 ? '-' : '';
  if (scale === 0) return `${sign}${digits}`;
  return `${sign}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/**
 * The shortest decimal string that reads back as `value` (JavaScript's own number → string
 * conversion), without exponent notation: plainDecimal(1e-7) → "0.0000001", plainDecimal(1.5e21) →
 * "1500000000000000000000". Intl formats a number from the same shortest digits.
 */
export function plainDecimal(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
  const text = String(value);
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign = '', whole = '', fraction = '', exponentText = '0'] = match;
  return `${sign}${shiftPoint(`${whole}.${fraction}`, Number(exponentText))}`;
}

/** Moves the decimal point of an unsigned plain decimal by `places` (right when positive). */
function shiftPoint(unsigned: string, places: number): string {
  const [whole = '', fraction = ''] = unsigned.split('.');
  const digits = whole + fraction;
  const point = whole.length + places;
  const padded = point <= 0 ? '0'.repeat(1 - point) + digits : digits.padEnd(point, '0');
  const at = Math.max(point, 1);
  const integer = padded.slice(0, at).replace(/^0+(?=\d)/, '');
  const rest = padded.slice(at).replace(/0+$/, '');
  return rest ? `${integer}.${rest}` : integer;
}

export type TDecimalStyle = 'decimal' | 'currency' | 'percent';

const PLAIN_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * formatFixedDecimal("-1234.565", 'currency', 2) → "-$1,234.57"; ("0.07625", 'percent', 1) → "7.6%".
 * Always exactly `decimals` fraction digits (0–20), rounded half away from zero, grouped by
 * thousands, and no "-" when a small negative rounds to zero. Currency is CURRENCY (US dollars); percent
 * multiplies by 100 as Intl does. Throws RangeError on bad decimals or a value that is not a plain
 * decimal string (programming errors, not user input).
 */
export function formatFixedDecimal(value: string, style: TDecimalStyle, decimals: number): string {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 20) {
    throw new RangeError(`Invalid ${style} decimals: ${decimals}`);
  }
  const match = PLAIN_DECIMAL.exec(value);
  if (!match) throw new RangeError(`Not a plain decimal: ${value}`);
  const [, sign = '', whole = '', fraction = ''] = match;
  const unsigned = style === 'percent' ? shiftPoint(`${whole}.${fraction}`, 2) : `${whole}.${fraction}`;
  const [shownWhole, shownFraction] = roundHalfAwayFromZero(unsigned, decimals);
  const isZero = /^0*$/.test(shownWhole + shownFraction);
  const grouped = shownWhole.replace(/\B(?=(\d{3})+$)/g, ',');
  const number = decimals === 0 ? grouped : `${grouped}.${shownFraction}`;
  const negative = sign === '-' && !isZero ? '-' : '';
  if (style === 'currency') return `${negative}${CURRENCY_SIGN[CURRENCY]}${number}`;
  if (style === 'percent') return `${negative}${number}%`;
  return `${negative}${number}`;
}

/** Splits an unsigned plain decimal into whole and exactly `decimals` fraction digits, rounded. */
function roundHalfAwayFromZero(unsigned: string, decimals: number): [string, string] {
  const [whole = '0', fraction = ''] = unsigned.split('.');
  const kept = whole + fraction.slice(0, decimals).padEnd(decimals, '0');
  const roundsUp = (fraction[decimals] ?? '0') >= '5';
  const digits = roundsUp ? (BigInt(kept) + 1n).toString().padStart(kept.length, '0') : kept;
  const wholeDigits = digits.slice(0, digits.length - decimals).replace(/^0+(?=\d)/, '') || '0';
  return [wholeDigits, digits.slice(digits.length - decimals)];
}
