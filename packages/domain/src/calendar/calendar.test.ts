import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  isBusinessDay,
  rescissionDeadline,
  texasNoticeEarliestClosing,
} from './business-days';
import {
  federalHolidays,
  isFederalHoliday,
  isFederalReserveHoliday,
  isObservedFederalHoliday,
} from './holidays';

describe('federalHolidays', () => {
  it('lists the eleven holidays of 2026 with their observed days', () => {
    expect(federalHolidays(2026).map(({ date, observed }) => [date, observed])).toEqual([
      ['2026-01-01', '2026-01-01'],
      ['2026-01-19', '2026-01-19'],
      ['2026-02-16', '2026-02-16'],
      ['2026-05-25', '2026-05-25'],
      ['2026-06-19', '2026-06-19'],
      // Saturday: federal offices close on Friday the 3rd.
      ['2026-07-04', '2026-07-03'],
      ['2026-09-07', '2026-09-07'],
      ['2026-10-12', '2026-10-12'],
      ['2026-11-11', '2026-11-11'],
      ['2026-11-26', '2026-11-26'],
      ['2026-12-25', '2026-12-25'],
    ]);
  });

  it.each([
    [2021, 'Independence Day', '2021-07-04', '2021-07-05'],
    [2027, 'Juneteenth National Independence Day', '2027-06-19', '2027-06-18'],
    [2028, "New Year's Day", '2028-01-01', '2027-12-31'],
    [2024, 'Thanksgiving Day', '2024-11-28', '2024-11-28'],
    [2024, 'Memorial Day', '2024-05-27', '2024-05-27'],
    [2030, 'Birthday of Martin Luther King, Jr.', '2030-01-21', '2030-01-21'],
  ])('%i %s: %s, observed %s', (year, name, date, observed) => {
    expect(federalHolidays(year).find((holiday) => holiday.name === name)).toEqual({ name, date, observed });
  });

  it('has Juneteenth only from 2021', () => {
    expect(federalHolidays(2020)).toHaveLength(10);
    expect(federalHolidays(2021)).toHaveLength(11);
    expect(isFederalHoliday('2020-06-19')).toBe(false);
  });

  it('puts the floating holidays on their weekdays in any year', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 2200 }), (year) => {
        const holidays = federalHolidays(year);
        const weekday = (name: string) =>
          new Date(`${holidays.find((holiday) => holiday.name === name)?.date}T00:00:00Z`).getUTCDay();
        for (const name of [
          'Birthday of Martin Luther King, Jr.',
          "Washington's Birthday",
          'Memorial Day',
          'Labor Day',
          'Columbus Day',
        ]) {
          expect(weekday(name)).toBe(1);
        }
        expect(weekday('Thanksgiving Day')).toBe(4);
        for (const holiday of holidays) expect(holiday.date.startsWith(String(year))).toBe(true);
      }),
    );
  });
});

describe('observed closures', () => {
  it.each([
    // date, offices closed, Federal Reserve closed
    ['2026-07-03', true, false], // Friday before Independence Day on a Saturday
    ['2026-07-04', false, false], // the Saturday itself is no observed weekday closure
    ['2027-07-05', true, true], // Monday after Independence Day on a Sunday
    ['2027-07-04', false, false],
    ['2026-12-25', true, true], // Christmas on a Friday
    ['2027-12-31', true, false], // New Year's Day 2028 is a Saturday: observed the 31st before
    ['2026-03-10', false, false],
  ])('%s: offices closed %s, Federal Reserve closed %s', (date, offices, federalReserve) => {
    expect(isObservedFederalHoliday(date)).toBe(offices);
    expect(isFederalReserveHoliday(date)).toBe(federalReserve);
  });
});

describe('isBusinessDay (rescission)', () => {
  it.each([
    ['2026-07-03', true, 'the Friday July 4 is observed on still counts'],
    ['2026-07-04', false, 'Independence Day on a Saturday'],
    ['2026-07-05', false, 'Sunday'],
    ['2026-03-07', true, 'an ordinary Saturday counts'],
    ['2021-07-05', true, 'the Monday a Sunday holiday is observed on counts'],
    ['2026-11-26', false, 'Thanksgiving'],
    ['2026-11-27', true, 'the day after Thanksgiving'],
  ])('%s → %s (%s)', (date, expected) => {
    expect(isBusinessDay(date)).toBe(expected);
  });

  it('rejects a date that does not exist', () => {
    expect(() => isBusinessDay('2026-02-29')).toThrow(RangeError);
    expect(() => addBusinessDays('2026-13-01', 1)).toThrow(RangeError);
    expect(() => addBusinessDays('2026-01-01', -1)).toThrow(RangeError);
  });
});

describe('rescissionDeadline', () => {
  it.each([
    ['2026-07-02', '2026-07-07', 'Thursday before the 4th: Fri 3 counts, Sat 4 and Sun 5 do not'],
    ['2026-07-03', '2026-07-08', 'Friday before a Saturday 4th of July'],
    ['2021-07-02', '2021-07-06', 'Friday before a Sunday 4th of July: the observed Monday counts'],
    ['2026-11-25', '2026-11-30', 'the day before Thanksgiving'],
    ['2026-11-24', '2026-11-28', 'two days before Thanksgiving: ends on a Saturday'],
    ['2026-12-23', '2026-12-28', 'before Christmas'],
    ['2026-12-31', '2027-01-05', "before New Year's Day"],
    ['2027-12-30', '2028-01-04', "before a Saturday New Year's Day: the observed Friday counts"],
    ['2027-06-17', '2027-06-22', 'before a Saturday Juneteenth'],
    ['2026-03-05', '2026-03-09', 'Thursday: Friday, Saturday, Monday'],
    ['2026-03-06', '2026-03-10', 'Friday: Saturday counts'],
    ['2026-03-08', '2026-03-11', 'signed on a Sunday'],
  ])('signed %s → rescind until midnight ending %s (%s)', (signed, deadline) => {
    expect(rescissionDeadline(signed)).toBe(deadline);
  });

  const date = fc
    .date({
      min: new Date('2000-01-01T00:00:00Z'),
      max: new Date('2100-12-31T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((value) => value.toISOString().slice(0, 10));

  it('falls after the signing, on a business day, with exactly three business days counted', () => {
    fc.assert(
      fc.property(date, (signed) => {
        const deadline = rescissionDeadline(signed);
        expect(deadline > signed).toBe(true);
        expect(isBusinessDay(deadline)).toBe(true);
        expect(new Date(`${deadline}T00:00:00Z`).getUTCDay()).not.toBe(0);
        expect(isFederalHoliday(deadline)).toBe(false);
        let counted = 0;
        for (let day = new Date(`${signed}T00:00:00Z`); ;) {
          day = new Date(day.getTime() + 86_400_000);
          const iso = day.toISOString().slice(0, 10);
          if (isBusinessDay(iso)) counted += 1;
          if (iso === deadline) break;
        }
        expect(counted).toBe(3);
      }),
      { numRuns: 300 },
    );
  });

  it('never ends more than a week later', () => {
    fc.assert(
      fc.property(date, (signed) => {
        const days = (Date.parse(rescissionDeadline(signed)) - Date.parse(signed)) / 86_400_000;
        expect(days).toBeGreaterThanOrEqual(3);
        expect(days).toBeLessThanOrEqual(6);
      }),
    );
  });
});

describe('addBusinessDays', () => {
  it.each([
    ['2026-07-02', 0, '2026-07-02'],
    ['2026-07-02', 1, '2026-07-03'],
    ['2026-07-03', 1, '2026-07-06'],
    ['2026-12-24', 1, '2026-12-26'],
  ])('%s + %i → %s', (start, days, expected) => {
    expect(addBusinessDays(start, days)).toBe(expected);
  });
});

describe('texasNoticeEarliestClosing', () => {
  it.each([
    ['2026-07-01', '2026-07-13'],
    ['2026-12-25', '2027-01-06'],
    ['2028-02-20', '2028-03-03'],
  ])('notice %s → close on or after %s', (notice, closing) => {
    expect(texasNoticeEarliestClosing(notice)).toBe(closing);
  });
});
