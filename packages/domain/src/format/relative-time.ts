/**
 * Notification times (spec 1 §9, spec 2 §9): compact units as the spec writes weeks ("w"), so
 * "now" (under a minute), "5m", "3h", "2d", "1w" … "4w"; once older than 4 weeks (29 days and up),
 * the month and day, "Mar 4". Whole units, rounded down. Pure: the caller passes `now`.
 */
import { RELATIVE_TIME_MAX_WEEKS } from '../constants';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const WEEK_DAYS = 7;

export interface TRelativeTimeOptions {
  /** Zone for the "Mar 4" form; the runtime's zone when omitted. */
  timeZone?: string;
}

function toInstant(value: Date | string | number): number {
  const time = value instanceof Date ? value.getTime() : new Date(value).getTime();
  if (Number.isNaN(time)) throw new RangeError(`Invalid date: ${String(value)}`);
  return time;
}

/**
 * formatRelativeTime('2024-03-04T12:00:00Z', new Date('2024-03-04T12:05:00Z')) → "5m".
 * A time in the future (clock skew between server and browser) shows "now".
 */
export function formatRelativeTime(
  value: Date | string | number,
  now: Date | number,
  options: TRelativeTimeOptions = {},
): string {
  const time = toInstant(value);
  const elapsed = toInstant(now) - time;
  if (elapsed < MINUTE_MS) return 'now';
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)}m`;
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}h`;
  const days = Math.floor(elapsed / DAY_MS);
  if (days < WEEK_DAYS) return `${days}d`;
  if (days <= RELATIVE_TIME_MAX_WEEKS * WEEK_DAYS) return `${Math.floor(days / WEEK_DAYS)}w`;
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: options.timeZone,
  }).format(time);
}
