/**
 * Business days for the right of rescission (Regulation Z, 12 CFR 1026.2(a)(6), 1026.15).
 *
 * For rescission a business day is every calendar day except Sundays and the federal legal public
 * holidays of 5 U.S.C. 6103(a): Saturdays count. Our reading of the official commentary (comment
 * 2(a)(6)-2) for holidays on a weekend: only the legal date is excluded. A holiday on a Saturday
 * (July 4, 2026) removes that Saturday, and the Friday federal offices observe it on stays a business
 * day; a holiday on a Sunday changes nothing, and the Monday it is observed on stays a business day.
 *
 * The borrower may rescind until midnight of the third business day following the last of
 * consummation, delivery of the notice of the right to rescind and delivery of the material
 * disclosures; we take that one latest date as the input.
 */
import { dayNumberFromIso, isFederalHoliday, isoFromDayNumber, weekdayOfDayNumber } from './holidays';

const SUNDAY = 0;
const RESCISSION_BUSINESS_DAYS = 3;
/** Tex. Const. art. XVI §50(a)(6)(M)(i): no closing before the 12th day after the notice. */
const TEXAS_NOTICE_DAYS = 12;

/** Rescission business day: not a Sunday and not a federal holiday (by its legal date). */
export function isBusinessDay(isoDate: string): boolean {
  return weekdayOfDayNumber(dayNumberFromIso(isoDate)) !== SUNDAY && !isFederalHoliday(isoDate);
}

/** The date `days` rescission business days after `isoDate` (the start date itself is not counted). */
export function addBusinessDays(isoDate: string, days: number): string {
  if (!Number.isSafeInteger(days) || days < 0)
    throw new RangeError(`Invalid number of business days: ${days}`);
  let day = dayNumberFromIso(isoDate);
  for (let counted = 0; counted < days;) {
    day += 1;
    if (isBusinessDay(isoFromDayNumber(day))) counted += 1;
  }
  return isoFromDayNumber(day);
}

/**
 * The last day the borrower may rescind, yyyy-MM-dd: the right ends at midnight at the end of this
 * day; funding may follow the next day.
 * `consummationDate` is the latest of consummation and delivery of the notice and disclosures.
 */
export function rescissionDeadline(consummationDate: string): string {
  return addBusinessDays(consummationDate, RESCISSION_BUSINESS_DAYS);
}

/** The earliest closing date of a Texas home equity loan: 12 calendar days after the notice. */
export function texasNoticeEarliestClosing(noticeDate: string): string {
  return isoFromDayNumber(dayNumberFromIso(noticeDate) + TEXAS_NOTICE_DAYS);
}
