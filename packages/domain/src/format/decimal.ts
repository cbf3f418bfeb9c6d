/**
 * Exact decimal strings from integers, so Intl formats the value itself rather than a float
 * approximation of cents / 100 (large or odd amounts would otherwise round at the last digit).
 */

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

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * One cached Intl.NumberFormat per style and fraction digits (building one is costly), always
 * with exactly `decimals` digits and no "-0" when a small negative rounds to zero. Throws
 * RangeError on bad decimals (a programming error, not user input).
 */
export function fixedDecimalsFormat(
  locale: string,
  style: Pick<Intl.NumberFormatOptions, 'style' | 'currency'>,
  decimals: number,
): Intl.NumberFormat {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 20) {
    throw new RangeError(`Invalid ${style.style ?? 'number'} decimals: ${decimals}`);
  }
  const key = `${locale}|${style.style}|${style.currency ?? ''}|${decimals}`;
  let cached = numberFormats.get(key);
  if (!cached) {
    cached = new Intl.NumberFormat(locale, {
      ...style,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      signDisplay: 'negative',
    });
    numberFormats.set(key, cached);
  }
  return cached;
}
