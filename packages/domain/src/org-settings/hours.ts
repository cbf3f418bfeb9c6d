/** The settings' operating hours (phone and chat weeks) and holidays, and their table rows. */
import { z } from 'zod';
import { WEEKDAY_NAMES, weekdayName } from '../operating-hours';
import { parseIsoDate } from '../format/date';
import type { TOperatingHoursEntry } from '../schemas/operating-hours';

/** The departments whose hours the settings hold, with the words the console and the diff use. */
export const SETTINGS_DEPARTMENTS = { OPS_PHONE: 'Phone', OPS_CHAT: 'Chat' } as const;
export type TSettingsDepartment = keyof typeof SETTINGS_DEPARTMENTS;
/** A closed day in the settings document. */
export const CLOSED_DAY = 'Closed';
const DAY_RANGE = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * One day's hours as the document holds them: "HH:mm-HH:mm" (Pacific wall clock, the end after the
 * start: ranges never span midnight, as isOpenAt reads them) or "Closed". A string per day keeps the
 * diff one line per day ("hours.OPS_PHONE.Monday: 06:00-18:00 → 07:00-16:00").
 */
export const ZDayHours = z
  .string()
  .trim()
  .refine((value) => {
    if (value === CLOSED_DAY) return true;
    const match = DAY_RANGE.exec(value);
    return Boolean(match) && value.slice(0, 5) < value.slice(6);
  }, 'Hours are HH:mm-HH:mm with the end after the start, or Closed');

const ZSettingsWeek = z.object({
  Monday: ZDayHours,
  Tuesday: ZDayHours,
  Wednesday: ZDayHours,
  Thursday: ZDayHours,
  Friday: ZDayHours,
  Saturday: ZDayHours,
  Sunday: ZDayHours,
});
export type TSettingsWeek = z.infer<typeof ZSettingsWeek>;
export const ZSettingsHours = z.object({ OPS_PHONE: ZSettingsWeek, OPS_CHAT: ZSettingsWeek });
export type TSettingsHours = z.infer<typeof ZSettingsHours>;

/** A day the lender is closed (both departments): a calendar date and its name. */
export const ZSettingsHoliday = z.object({
  date: z.string().refine((value) => parseIsoDate(value) !== null, 'A holiday is a calendar date yyyy-mm-dd'),
  name: z.string().trim().min(1, 'Name the holiday').max(80),
});
export type TSettingsHoliday = z.infer<typeof ZSettingsHoliday>;
export const ZSettingsHolidays = z
  .array(ZSettingsHoliday)
  .max(60, 'At most 60 holidays')
  .refine(
    (holidays) => new Set(holidays.map((holiday) => holiday.date)).size === holidays.length,
    'A holiday date is listed twice',
  );

/** A department's seven entries (Monday first) as the document's week. */
export function settingsWeekOf(entries: readonly TOperatingHoursEntry[]): TSettingsWeek {
  const week = {} as Record<string, string>;
  for (const name of WEEKDAY_NAMES) week[name] = CLOSED_DAY;
  for (const entry of entries)
    week[weekdayName(entry.weekdayValue)] =
      entry.isOpen && entry.startTime && entry.endTime
        ? `${entry.startTime.slice(0, 5)}-${entry.endTime.slice(0, 5)}`
        : CLOSED_DAY;
  return week as TSettingsWeek;
}

/** The document's week as the seven operating-hours entries (Monday first) the hours table holds. */
export function hoursEntriesOf(week: TSettingsWeek): TOperatingHoursEntry[] {
  return WEEKDAY_NAMES.map((name, index) => {
    const value = week[name];
    const open = value !== CLOSED_DAY;
    return {
      weekday: name,
      weekdayValue: index + 1,
      isOpen: open,
      startTime: open ? value.slice(0, 5) : null,
      endTime: open ? value.slice(6) : null,
    };
  });
}
