import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  daysInMonth,
  displayDateToIso,
  formatDisplayDate,
  formatIsoDate,
  isLeapYear,
  isoDateToDisplay,
  parseDisplayDate,
  parseIsoDate,
} from './date';

describe('parseDisplayDate / displayDateToIso', () => {
  it.each([
    ['02/29/2024', '2024-02-29'],
    ['01/01/1970', '1970-01-01'],
    ['12/31/9999', '9999-12-31'],
    ['02/28/2023', '2023-02-28'],
    ['02/29/2000', '2000-02-29'],
    [' 07/04/1990 ', '1990-07-04'],
  ])('%s → %s', (display, iso) => {
    expect(displayDateToIso(display)).toBe(iso);
  });

  it.each([
    '02/30/2024',
    '02/29/2023',
    '02/29/1900',
    '04/31/2024',
    '13/01/2024',
    '00/10/2024',
    '01/00/2024',
    '01/01/0000',
    '1/1/2024',
    '01-01-2024',
    '2024-01-01',
    '01/01/24',
    '01/01/2024x',
    '',
  ])('rejects %j', (value) => {
    expect(parseDisplayDate(value)).toBeNull();
    expect(displayDateToIso(value)).toBeNull();
  });
});

describe('parseIsoDate / isoDateToDisplay', () => {
  it.each([
    ['2024-02-29', '02/29/2024'],
    ['1999-12-31', '12/31/1999'],
  ])('%s → %s', (iso, display) => {
    expect(isoDateToDisplay(iso)).toBe(display);
    expect(parseIsoDate(iso)).not.toBeNull();
  });

  it.each(['2024-02-30', '2023-02-29', '2024-4-01', '2024/04/01', '2024-04-01T00:00:00Z', '0000-01-01'])(
    'rejects %j',
    (value) => {
      expect(parseIsoDate(value)).toBeNull();
      expect(isoDateToDisplay(value)).toBeNull();
    },
  );
});

describe('formatDisplayDate / formatIsoDate', () => {
  it('keeps an ISO date as the calendar date, whatever the zone', () => {
    expect(formatDisplayDate('2024-03-01', { timeZone: 'Pacific/Honolulu' })).toBe('03/01/2024');
    expect(formatDisplayDate({ year: 2024, month: 3, day: 1 })).toBe('03/01/2024');
  });

  it('reads an instant in the given zone', () => {
    const instant = new Date('2024-03-01T05:00:00Z');
    expect(formatDisplayDate(instant, { timeZone: 'UTC' })).toBe('03/01/2024');
    expect(formatDisplayDate(instant, { timeZone: 'America/Los_Angeles' })).toBe('02/29/2024');
    expect(formatIsoDate('2024-03-01T05:00:00Z', { timeZone: 'America/Los_Angeles' })).toBe('2024-02-29');
  });

  it.each(['2024-02-30', 'not a date', new Date(NaN)])('throws on the invalid date %s', (value) => {
    expect(() => formatDisplayDate(value)).toThrow(RangeError);
  });

  it('rejects an impossible calendar object', () => {
    expect(() => formatIsoDate({ year: 2023, month: 2, day: 29 })).toThrow(RangeError);
  });
});

const calendarDate = fc
  .record({
    year: fc.integer({ min: 1, max: 9999 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 31 }),
  })
  .filter(({ year, month, day }) => day <= daysInMonth(year, month));

describe('date properties', () => {
  it('display and ISO forms round-trip every valid date', () => {
    fc.assert(
      fc.property(calendarDate, (date) => {
        const iso = formatIsoDate(date);
        const display = formatDisplayDate(date);
        expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(display).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
        expect(parseIsoDate(iso)).toEqual(date);
        expect(parseDisplayDate(display)).toEqual(date);
        expect(displayDateToIso(display)).toBe(iso);
      }),
    );
  });

  it('agrees with the UTC calendar on which days exist', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 9999 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        (year, month, day) => {
          const utc = new Date(Date.UTC(year, month - 1, day));
          const exists = utc.getUTCMonth() === month - 1 && utc.getUTCDate() === day;
          const iso = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
          expect(parseIsoDate(iso) !== null).toBe(exists);
        },
      ),
    );
  });

  it('knows leap years', () => {
    expect([1900, 2000, 2023, 2024].map(isLeapYear)).toEqual([false, true, false, true]);
  });
});
