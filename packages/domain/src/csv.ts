/**
 * CSV for staff downloads (RFC 4180: comma-separated, CRLF lines, fields with a comma, quote or line
 * break quoted, quotes doubled), safe to open in a spreadsheet: a cell starting with = + - @ (or a
 * tab or carriage return) would run as a formula ("CSV injection", OWASP), so it gets a leading
 * apostrophe and is quoted. Numbers are written as numbers, never prefixed.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) || safe !== value ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvLine(values: readonly (string | number | boolean | null | undefined)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
