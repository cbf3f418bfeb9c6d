/**
 * Operating hours rules (spec 1 §3 "Operating hours entry", §9 "Footer operating hours line"; spec 2
 * §1, §7, §9 "Hours are shown in Pacific time"): whether a department is open at an instant, and the
 * footer's one-line summary. Entries hold wall-clock times in America/Los_Angeles, so "open now" reads
 * the instant in that zone (DST-correct through Intl), never in the runtime's zone.
 */
import { addCalendarDays, pacificIsoDate } from './calendar/zoned';
import { OPERATING_HOURS_TIME_ZONE } from './constants';
import type { TOperatingHoursEntry } from './schemas/operating-hours';

/** Display names by weekdayValue (1 = Monday … 7 = Sunday). */
export const WEEKDAY_NAMES = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
export type TWeekdayName = (typeof WEEKDAY_NAMES)[number];

/** The display name of a weekdayValue (1–7). */
export function weekdayName(weekdayValue: number): TWeekdayName {
  const name = WEEKDAY_NAMES[weekdayValue - 1];
  if (!name) throw new RangeError(`Invalid weekdayValue: ${weekdayValue}`);
  return name;
}

/** Suffix of every time range in the hours line. */
export const PACIFIC_TIME_LABEL = 'PT';
export const HOURS_CLOSED_LABEL = 'Closed';

const SHORT_WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

let pacificFormat: Intl.DateTimeFormat | null = null;

/** An instant read as a Pacific wall clock: weekday (1–7) and seconds since local midnight. */
export function pacificWallClock(instant: Date | number): { weekdayValue: number; secondsOfDay: number } {
  const date = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid Date');
  pacificFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: OPERATING_HOURS_TIME_ZONE,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const parts = pacificFormat.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes): string =>
    parts.find((candidate) => candidate.type === type)?.value ?? '';
  const weekdayValue = SHORT_WEEKDAYS[part('weekday')];
  if (!weekdayValue) throw new RangeError(`Unexpected weekday: ${part('weekday')}`);
  return {
    weekdayValue,
    secondsOfDay: Number(part('hour')) * 3600 + Number(part('minute')) * 60 + Number(part('second')),
  };
}

/** "HH:mm" or "HH:mm:ss" → seconds since midnight; null when absent or malformed. */
function secondsOf(time: string | null | undefined): number | null {
  const match = time ? /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(time) : null;
  if (!match) return null;
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3] ?? 0);
}

/**
 * Whether the department is open at `instant`: the Pacific weekday's entry is open and the Pacific
 * time lies in [startTime, endTime). A missing day, a closed day or a range that does not end after
 * it starts (ranges never span midnight) counts as closed.
 */
export function isOpenAt(entries: readonly TOperatingHoursEntry[], instant: Date | number): boolean {
  const { weekdayValue, secondsOfDay } = pacificWallClock(instant);
  const entry = entries.find((candidate) => candidate.weekdayValue === weekdayValue);
  if (!entry?.isOpen) return false;
  const start = secondsOf(entry.startTime);
  const end = secondsOf(entry.endTime);
  if (start === null || end === null || end <= start) return false;
  return secondsOfDay >= start && secondsOfDay < end;
}

/** "18:00" → "6:00 PM"; "00:30" → "12:30 AM"; "12:00" → "12:00 PM". */
export function formatWallClockTime(time: string): string {
  const seconds = secondsOf(time);
  if (seconds === null) throw new RangeError(`Invalid time: ${time}`);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** One day's hours as shown: "6:00 AM – 6:00 PM PT" or "Closed". */
function dayHours(entry: TOperatingHoursEntry | undefined): string {
  if (!entry?.isOpen || !entry.startTime || !entry.endTime) return HOURS_CLOSED_LABEL;
  return `${formatWallClockTime(entry.startTime)} – ${formatWallClockTime(entry.endTime)} ${PACIFIC_TIME_LABEL}`;
}

/**
 * The footer's hours line: the working week and the weekend, each as runs of consecutive days
 * with the same hours, e.g. "Monday–Friday: 6:00 AM – 6:00 PM PT, Saturday: 8:00 AM – 2:00 PM PT,
 * Sunday: Closed". A run never crosses from Friday into Saturday; a missing day counts as closed.
 * No entries at all → "" (nothing to show rather than a week of "Closed").
 */
export function formatHoursLine(entries: readonly TOperatingHoursEntry[]): string {
  if (entries.length === 0) return '';
  const byDay = new Map(entries.map((entry) => [entry.weekdayValue, entry]));
  const runs: { first: number; last: number; hours: string }[] = [];
  for (let day = 1; day <= 7; day += 1) {
    const hours = dayHours(byDay.get(day));
    const previous = runs.at(-1);
    if (previous && previous.hours === hours && previous.last === day - 1 && day !== 6) {
      previous.last = day;
    } else {
      runs.push({ first: day, last: day, hours });
    }
  }
  return runs
    .map(({ first, last, hours }) => {
      const days = first === last ? weekdayName(first) : `${weekdayName(first)}–${weekdayName(last)}`;
      return `${days}: ${hours}`;
    })
    .join(', ');
}

/**
 * The week as it stands around `instant` once the organisation's holidays (yyyy-MM-dd, days the
 * lender is closed) are applied: each entry is the day of the Monday–Sunday week (Pacific) that
 * holds `instant`, and a day that is a holiday answers closed. `isOpenAt` on the result is "open now"
 * with the holidays; the weekly rows themselves never change for a holiday.
 */
export function withHolidaysClosed(
  entries: readonly TOperatingHoursEntry[],
  holidays: readonly string[],
  instant: Date | number,
): TOperatingHoursEntry[] {
  if (holidays.length === 0) return [...entries];
  const closed = new Set(holidays);
  const today = pacificIsoDate(instant);
  const { weekdayValue: todayValue } = pacificWallClock(instant);
  return entries.map((entry) =>
    closed.has(addCalendarDays(today, entry.weekdayValue - todayValue))
      ? { ...entry, isOpen: false, startTime: null, endTime: null }
      : entry,
  );
}
