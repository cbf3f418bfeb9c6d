/**
 * A department's week (spec 1 §3 "Operating hours entry", spec 2 §7 "Operating hours"): the seven
 * days Monday→Sunday, each from the organisation's own row when it has one, else the default ('*')
 * row, else closed; a holiday of the organisation's published settings closes its day. "Open now" is the domain's isOpenAt on that week, read in Pacific time; the
 * clock is a parameter so tests can pass fixed instants.
 */
import {
  ZOperatingHoursDepartment,
  isOpenAt,
  weekdayName,
  withHolidaysClosed,
  type TOperatingHoursDepartment,
  type TOperatingHoursEntry,
} from '@heloc/domain';
import type { Executor } from '../../db';
import { AppError } from '../../lib/errors';
import {
  DEFAULT_HOURS_ORG,
  listHoursRows,
  publishedHolidayDates,
  type OperatingHoursRow,
} from './repository';

export type Clock = () => number;

/** The department named in the path; an unknown one answers 404 (it is a resource, not a bad value). */
export function parseDepartment(value: string): TOperatingHoursDepartment {
  const parsed = ZOperatingHoursDepartment.safeParse(value);
  if (!parsed.success) throw new AppError('NOT_FOUND', 'Department not found');
  return parsed.data;
}

/** Merges default and organisation rows into the seven entries, Monday first. */
export function toWeek(rows: readonly OperatingHoursRow[], orgCode: string | null): TOperatingHoursEntry[] {
  return [1, 2, 3, 4, 5, 6, 7].map((weekdayValue) => {
    const row =
      rows.find((r) => r.weekdayValue === weekdayValue && orgCode && r.orgCode === orgCode) ??
      rows.find((r) => r.weekdayValue === weekdayValue && r.orgCode === DEFAULT_HOURS_ORG);
    const open = Boolean(row?.isOpen && row.startTime && row.endTime);
    return {
      weekday: weekdayName(weekdayValue),
      weekdayValue,
      isOpen: open,
      startTime: open ? row!.startTime : null,
      endTime: open ? row!.endTime : null,
    };
  });
}

/** The weekly rows of the department, as the hours table holds them (no holidays applied). */
export async function weeklyHours(
  db: Executor,
  department: TOperatingHoursDepartment,
  orgCode: string | null,
): Promise<TOperatingHoursEntry[]> {
  return toWeek(await listHoursRows(db, department, orgCode), orgCode);
}

/**
 * The department's week around the clock's instant: the weekly rows with the organisation's
 * published holidays that fall in this Monday–Sunday week (Pacific) closed.
 */
export async function weekHours(
  db: Executor,
  department: TOperatingHoursDepartment,
  orgCode: string | null,
  now: Clock = Date.now,
): Promise<TOperatingHoursEntry[]> {
  const week = await weeklyHours(db, department, orgCode);
  const holidays = orgCode ? await publishedHolidayDates(db, orgCode) : [];
  return withHolidaysClosed(week, holidays, now());
}

/** Whether the department is open at the clock's current instant. */
export async function openStatus(
  db: Executor,
  department: TOperatingHoursDepartment,
  orgCode: string | null,
  now: Clock = Date.now,
): Promise<boolean> {
  return isOpenAt(await weekHours(db, department, orgCode, now), now());
}
