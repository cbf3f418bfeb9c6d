// The day-number helpers of holidays.ts stay internal: the package exposes dates as ISO strings.
export {
  FEDERAL_HOLIDAY_NAMES,
  federalHolidays,
  isFederalHoliday,
  isFederalReserveHoliday,
  isObservedFederalHoliday,
} from './holidays';
export type { TFederalHoliday, TFederalHolidayName } from './holidays';
export {
  addBusinessDays,
  isBusinessDay,
  rescissionDeadline,
  texasNoticeEarliestClosing,
} from './business-days';
export {
  addCalendarDays,
  CENTRAL_TIME_ZONE,
  PACIFIC_TIME_ZONE,
  pacificIsoDate,
  pacificStartOfDay,
  rescissionEndsAt,
  rescissionPeriod,
  zonedStartOfDay,
} from './zoned';
