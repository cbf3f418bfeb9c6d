/**
 * Calendar dates (spec 1 §9): displayed MM/dd/yyyy, exchanged as ISO yyyy-MM-dd. Parsing is strict:
 * exact digits and separators, and the day must exist (02/30/2024 and 2023-02-29 are rejected), so a
 * birth date typed by hand never rolls over into another day the way `new Date()` would.
 */

export interface TCalendarDate {
  year: number;
  /** 1–12 */
  month: number;
  /** 1–31 */
  day: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DISPLAY_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Years 0001–9999 (what four digits can express), real months, real days. */
export function isValidCalendarDate({ year, month, day }: TCalendarDate): boolean {
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    year >= 1 &&
    year <= 9999 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

function toDate(year: string, month: string, day: string): TCalendarDate | null {
  const date = { year: Number(year), month: Number(month), day: Number(day) };
  return isValidCalendarDate(date) ? date : null;
}

/** "2024-02-29" → { year: 2024, month: 2, day: 29 }; anything else (or an impossible day) → null. */
export function parseIsoDate(value: string): TCalendarDate | null {
  const match = ISO_DATE.exec(value);
  return match ? toDate(match[1] ?? '', match[2] ?? '', match[3] ?? '') : null;
}

/** "02/29/2024" → { year: 2024, month: 2, day: 29 }; anything else (or an impossible day) → null. */
export function parseDisplayDate(value: string): TCalendarDate | null {
  const match = DISPLAY_DATE.exec(value);
  return match ? toDate(match[3] ?? '', match[1] ?? '', match[2] ?? '') : null;
}

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

export interface TDateZoneOptions {
  /** IANA zone used to read a Date (an instant); the runtime's zone when omitted. */
  timeZone?: string;
}

/** The calendar date of an instant in a zone. */
export function calendarDateOf(instant: Date, options: TDateZoneOptions = {}): TCalendarDate {
  if (Number.isNaN(instant.getTime())) throw new RangeError('Invalid Date');
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: options.timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((candidate) => candidate.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/**
 * Accepts a calendar date, an ISO date string (taken as a calendar date, never shifted by a time
 * zone), any other string Date can parse (an ISO date-time, read in the zone), or a Date.
 */
export type TDateInput = TCalendarDate | Date | string;

function resolve(input: TDateInput, options: TDateZoneOptions): TCalendarDate {
  if (input instanceof Date) return calendarDateOf(input, options);
  if (typeof input === 'string') {
    const isoDate = parseIsoDate(input);
    if (isoDate) return isoDate;
    if (ISO_DATE.test(input)) throw new RangeError(`Invalid date: ${input}`);
    return calendarDateOf(new Date(input), options);
  }
  if (!isValidCalendarDate(input)) throw new RangeError(`Invalid date: ${JSON.stringify(input)}`);
  return input;
}

/** → "MM/dd/yyyy", e.g. "02/29/2024". Throws RangeError on an invalid date. */
export function formatDisplayDate(input: TDateInput, options: TDateZoneOptions = {}): string {
  const { year, month, day } = resolve(input, options);
  return `${pad(month, 2)}/${pad(day, 2)}/${pad(year, 4)}`;
}

/** → "yyyy-MM-dd", e.g. "2024-02-29". Throws RangeError on an invalid date. */
export function formatIsoDate(input: TDateInput, options: TDateZoneOptions = {}): string {
  const { year, month, day } = resolve(input, options);
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** "02/29/2024" → "2024-02-29", or null when not a strict, existing display date (form input). */
export function displayDateToIso(value: string): string | null {
  const date = parseDisplayDate(value.trim());
  return date ? formatIsoDate(date) : null;
}

/** "2024-02-29" → "02/29/2024", or null when not a strict, existing ISO date. */
export function isoDateToDisplay(value: string): string | null {
  const date = parseIsoDate(value.trim());
  return date ? formatDisplayDate(date) : null;
}
