/**
 * Money display (spec 1 §9): USD, en-US, 0 decimals by default. Money is integer cents everywhere;
 * this is the only place it becomes dollars.
 */
import { CURRENCY_DEFAULT_DECIMALS } from '../constants';
import { formatFixedDecimal, scaledDecimal } from './decimal';

export interface TCurrencyOptions {
  /** Fraction digits shown (0–20), 0 by default: "$15,000"; 2 gives "$15,000.00". */
  decimals?: number;
}

/**
 * formatCurrency(1_500_000) → "$15,000"; formatCurrency(12_345, { decimals: 2 }) → "$123.45".
 * Rounds half away from zero. Fractional cents are rounded to whole cents first.
 * Throws RangeError on a non-finite amount or bad decimals (a programming error, not user input).
 */
export function formatCurrency(cents: number, options: TCurrencyOptions = {}): string {
  if (!Number.isFinite(cents)) throw new RangeError(`Invalid amount in cents: ${cents}`);
  const value = scaledDecimal(Math.round(cents), 2);
  return formatFixedDecimal(value, 'currency', options.decimals ?? CURRENCY_DEFAULT_DECIMALS);
}

/**
 * The text an amount field starts with: formatDollarsInput(30_250_000) → "302,500" (whole dollars, no
 * sign), formatDollarsInput(8_500_050) → "85,000.50" (cents only when there are some); what
 * parseDollarsToCents reads back.
 */
export function formatDollarsInput(cents: number): string {
  if (!Number.isInteger(cents)) throw new RangeError(`Invalid amount in cents: ${cents}`);
  return formatFixedDecimal(scaledDecimal(cents, 2), 'decimal', cents % 100 ? 2 : 0);
}

/** "85,000", "$85000.50" → cents; anything else (negative, 3 decimals, letters) → null. */
export function parseDollarsToCents(text: string): number | null {
  const cleaned = text.trim().replace(/^\$/, '').replaceAll(',', '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole = '0', fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
