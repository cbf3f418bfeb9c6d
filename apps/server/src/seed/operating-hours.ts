/**
 * Default operating hours (wall-clock, America/Los_Angeles) and two organisation overrides,
 * inserted at every start when missing; a row an operator changed is never overwritten.
 *
 * Defaults ('*'): OPS_PHONE Mon–Fri 06:00–18:00, Sat 08:00–14:00, Sun closed;
 * OPS_CHAT Mon–Fri 06:00–20:00, Sat–Sun 08:00–17:00.
 * CASCADE_TEACHERS (credit union): phone Mon–Fri 07:00–16:00 and closed Saturday; chat closed at
 * the weekend. SUNDIAL_CU: phone closes at 15:00 on Fridays. Every other day is the default.
 */
import type { TOperatingHoursDepartment } from '@heloc/domain';
import type { Database } from '../db';
import {
  DEFAULT_HOURS_ORG,
  insertMissingHours,
  type NewOperatingHours,
} from '../modules/operating-hours/repository';

type DayHours = [start: string, end: string] | 'closed';

function rows(
  department: TOperatingHoursDepartment,
  orgCode: string,
  days: Partial<Record<1 | 2 | 3 | 4 | 5 | 6 | 7, DayHours>>,
): NewOperatingHours[] {
  return Object.entries(days).map(([weekday, hours]) => ({
    department,
    orgCode,
    weekdayValue: Number(weekday),
    isOpen: hours !== 'closed',
    startTime: hours === 'closed' ? null : hours[0],
    endTime: hours === 'closed' ? null : hours[1],
  }));
}

const weekdays = (hours: DayHours) => ({ 1: hours, 2: hours, 3: hours, 4: hours, 5: hours });

export const OPERATING_HOURS_SEED: readonly NewOperatingHours[] = [
  ...rows('OPS_PHONE', DEFAULT_HOURS_ORG, {
    ...weekdays(['06:00', '18:00']),
    6: ['08:00', '14:00'],
    7: 'closed',
  }),
  ...rows('OPS_CHAT', DEFAULT_HOURS_ORG, {
    ...weekdays(['06:00', '20:00']),
    6: ['08:00', '17:00'],
    7: ['08:00', '17:00'],
  }),
  ...rows('OPS_PHONE', 'CASCADE_TEACHERS', { ...weekdays(['07:00', '16:00']), 6: 'closed' }),
  ...rows('OPS_CHAT', 'CASCADE_TEACHERS', { 6: 'closed', 7: 'closed' }),
  ...rows('OPS_PHONE', 'SUNDIAL_CU', { 5: ['06:00', '15:00'] }),
];

export async function seedOperatingHours(db: Database): Promise<void> {
  await insertMissingHours(db, OPERATING_HOURS_SEED);
}
