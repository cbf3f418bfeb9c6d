/** Operating hours of a department (spec 1 §3, spec 2 §3); times are Pacific. */
import { z } from 'zod';

/** 24-hour wall-clock time, HH:mm or HH:mm:ss. */
export const ZWallClockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/);

export const ZOperatingHoursEntry = z.object({
  /** Day name as displayed, e.g. "Monday". */
  weekday: z.string(),
  /** 1 = Monday … 7 = Sunday (ISO); 6 and 7 are the weekend. */
  weekdayValue: z.number().int().min(1).max(7),
  isOpen: z.boolean(),
  /** Null on a closed day. */
  startTime: ZWallClockTime.nullable(),
  endTime: ZWallClockTime.nullable(),
});
export type TOperatingHoursEntry = z.infer<typeof ZOperatingHoursEntry>;

export function isWeekendDay(weekdayValue: number): boolean {
  return weekdayValue === 6 || weekdayValue === 7;
}
