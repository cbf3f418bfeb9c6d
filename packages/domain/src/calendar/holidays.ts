/**
 * United States federal legal public holidays (5 U.S.C. 6103(a)), for any year, by their actual
 * dates. Those actual dates are what Regulation Z's rescission business day excludes; the observed
 * weekday (a Saturday holiday observed on Friday, a Sunday one on Monday) is given for display and for
 * the general business day of offices, and is NOT excluded from rescission counting (see
 * business-days.ts).
 *
 * Juneteenth National Independence Day exists from 2021 (Pub. L. 117-17); the other ten follow their
 * current rules (the Monday holidays of the Uniform Monday Holiday Act) for every year.
 */
import { parseIsoDate } from '../format/date';

export const FEDERAL_HOLIDAY_NAMES = [
  "New Year's Day",
  'Birthday of Martin Luther King, Jr.',
  "Washington's Birthday",
  'Memorial Day',
  'Juneteenth National Independence Day',
  'Independence Day',
  'Labor Day',
  'Columbus Day',
  'Veterans Day',
  'Thanksgiving Day',
  'Christmas Day',
] as const;
export type TFederalHolidayName = (typeof FEDERAL_HOLIDAY_NAMES)[number];

export interface TFederalHoliday {
  name: TFederalHolidayName;
  /** The legal date, yyyy-MM-dd. */
  date: string;
  /** The weekday federal offices observe it on, yyyy-MM-dd (equal to `date` on a weekday). */
  observed: string;
}

const JUNETEENTH_FIRST_YEAR = 2021;
const MS_PER_DAY = 86_400_000;

/** Days since 1970-01-01 of a calendar date (UTC arithmetic: no zone, no daylight saving). */
export function dayNumber(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day) / MS_PER_DAY;
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOfDayNumber(days: number): number {
  return new Date(days * MS_PER_DAY).getUTCDay();
}

export function isoFromDayNumber(days: number): string {
  return new Date(days * MS_PER_DAY).toISOString().slice(0, 10);
}

/** yyyy-MM-dd → day number; throws RangeError for anything that is not a real date. */
export function dayNumberFromIso(isoDate: string): number {
  const date = parseIsoDate(isoDate);
  if (date === null) throw new RangeError(`Invalid ISO date: ${isoDate}`);
  return dayNumber(date.year, date.month, date.day);
}

/** The nth (1-based) given weekday of a month. */
function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  const first = dayNumber(year, month, 1);
  return first + ((weekday - weekdayOfDayNumber(first) + 7) % 7) + (n - 1) * 7;
}

/** The last given weekday of a month. */
function lastWeekday(year: number, month: number, weekday: number): number {
  const last = dayNumber(year, month + 1, 0);
  return last - ((weekdayOfDayNumber(last) - weekday + 7) % 7);
}

const MONDAY = 1;
const THURSDAY = 4;

function observedDay(days: number): number {
  const weekday = weekdayOfDayNumber(days);
  if (weekday === 6) return days - 1;
  if (weekday === 0) return days + 1;
  return days;
}

/** The federal holidays of a year in calendar order. */
export function federalHolidays(year: number): TFederalHoliday[] {
  if (!Number.isInteger(year) || year < 1 || year > 9999) throw new RangeError(`Invalid year: ${year}`);
  const days: [TFederalHolidayName, number][] = [
    ["New Year's Day", dayNumber(year, 1, 1)],
    ['Birthday of Martin Luther King, Jr.', nthWeekday(year, 1, MONDAY, 3)],
    ["Washington's Birthday", nthWeekday(year, 2, MONDAY, 3)],
    ['Memorial Day', lastWeekday(year, 5, MONDAY)],
    ['Juneteenth National Independence Day', dayNumber(year, 6, 19)],
    ['Independence Day', dayNumber(year, 7, 4)],
    ['Labor Day', nthWeekday(year, 9, MONDAY, 1)],
    ['Columbus Day', nthWeekday(year, 10, MONDAY, 2)],
    ['Veterans Day', dayNumber(year, 11, 11)],
    ['Thanksgiving Day', nthWeekday(year, 11, THURSDAY, 4)],
    ['Christmas Day', dayNumber(year, 12, 25)],
  ];
  return days
    .filter(([name]) => name !== 'Juneteenth National Independence Day' || year >= JUNETEENTH_FIRST_YEAR)
    .map(([name, day]) => ({
      name,
      date: isoFromDayNumber(day),
      observed: isoFromDayNumber(observedDay(day)),
    }));
}

const holidayCache = new Map<number, ReadonlySet<string>>();

/** True when the date is a federal holiday by its legal (not observed) date. */
export function isFederalHoliday(isoDate: string): boolean {
  dayNumberFromIso(isoDate); // validates: an impossible date throws rather than answering false
  const year = Number(isoDate.slice(0, 4));
  let dates = holidayCache.get(year);
  if (dates === undefined) {
    dates = new Set(federalHolidays(year).map((holiday) => holiday.date));
    holidayCache.set(year, dates);
  }
  return dates.has(isoDate);
}

const observedCache = new Map<
  number,
  { offices: ReadonlySet<string>; federalReserve: ReadonlySet<string> }
>();

function closedDays(year: number) {
  let days = observedCache.get(year);
  if (days === undefined) {
    // A holiday observed near a year's edge (New Year's Day on a Saturday is observed on the 31st of
    // December before) belongs to the neighbouring year's list too.
    const holidays = [year - 1, year, year + 1].flatMap((each) =>
      each >= 1 && each <= 9999 ? federalHolidays(each) : [],
    );
    days = {
      offices: new Set(holidays.map((holiday) => holiday.observed)),
      // The Federal Reserve Banks close on a holiday's weekday and on the Monday after a Sunday
      // holiday, but stay open on the Friday before a Saturday one.
      federalReserve: new Set(
        holidays
          .filter((holiday) => weekdayOfDayNumber(dayNumberFromIso(holiday.date)) !== 6)
          .map((holiday) => holiday.observed),
      ),
    };
    observedCache.set(year, days);
  }
  return days;
}

/**
 * True when federal (and most county) offices are closed for a holiday that day: the observed date,
 * so a Saturday holiday closes the Friday before and a Sunday one the Monday after.
 */
export function isObservedFederalHoliday(isoDate: string): boolean {
  dayNumberFromIso(isoDate);
  return closedDays(Number(isoDate.slice(0, 4))).offices.has(isoDate);
}

/**
 * True when the Federal Reserve (Fedwire, FedACH) is closed for a holiday that day: ACH settles on
 * none of these. Unlike offices, it does not close on the Friday before a Saturday holiday.
 */
export function isFederalReserveHoliday(isoDate: string): boolean {
  dayNumberFromIso(isoDate);
  return closedDays(Number(isoDate.slice(0, 4))).federalReserve.has(isoDate);
}
