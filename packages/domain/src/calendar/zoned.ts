/**
 * Calendar days in a time zone, and the instants they start: the business runs on the Pacific clock
 * (operating hours, funding and recording days, the end of rescission), Texas counts its 12-day notice
 * in Central time. Daylight saving is the time zone database's business (@date-fns/tz over Intl),
 * never an offset written here.
 */
import { TZDate } from '@date-fns/tz';
import { OPERATING_HOURS_TIME_ZONE } from '../constants';
import { formatIsoDate } from '../format/date';
import { dayNumberFromIso, isoFromDayNumber } from './holidays';
import { rescissionDeadline } from './business-days';

export const PACIFIC_TIME_ZONE = OPERATING_HOURS_TIME_ZONE;
export const CENTRAL_TIME_ZONE = 'America/Chicago';

/** yyyy-MM-dd plus n calendar days (no zone involved: a date is a date). */
export function addCalendarDays(isoDate: string, days: number): string {
  return isoFromDayNumber(dayNumberFromIso(isoDate) + days);
}

/** The instant a calendar day starts in a zone (its midnight, whatever the offset that day). */
export function zonedStartOfDay(isoDate: string, timeZone: string): Date {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  dayNumberFromIso(isoDate); // an impossible date throws rather than rolling over
  return new Date(new TZDate(year, month - 1, day, timeZone).getTime());
}

/** The calendar day of an instant on the Pacific clock (the business's "today"). */
export function pacificIsoDate(instant: Date | number): string {
  return formatIsoDate(new Date(instant), { timeZone: PACIFIC_TIME_ZONE });
}

/** The instant a Pacific calendar day starts. */
export function pacificStartOfDay(isoDate: string): Date {
  return zonedStartOfDay(isoDate, PACIFIC_TIME_ZONE);
}

/**
 * The instant the right to cancel ends: midnight on the Pacific clock at the end of the deadline day.
 * Pacific midnight is at or after local midnight everywhere in the contiguous states, so no borrower's
 * period is cut short there.
 */
export function rescissionEndsAt(deadline: string): Date {
  return pacificStartOfDay(addCalendarDays(deadline, 1));
}

/**
 * The rescission period of a transaction date (Regulation Z 1026.15: three business days, Sundays and
 * federal holidays excluded): the last day to cancel and the instant the right ends.
 */
export function rescissionPeriod(transactionDate: string): { deadline: string; endsAt: Date } {
  const deadline = rescissionDeadline(transactionDate);
  return { deadline, endsAt: rescissionEndsAt(deadline) };
}
