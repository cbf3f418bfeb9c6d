import { describe, expect, it } from 'vitest';
import {
  formatHoursLine,
  formatWallClockTime,
  isOpenAt,
  pacificWallClock,
  weekdayName,
  withHolidaysClosed,
} from './operating-hours';
import type { TOperatingHoursEntry } from './schemas/operating-hours';

function week(
  hours: Partial<Record<number, [string, string] | null>>,
  fallback: [string, string] | null = null,
): TOperatingHoursEntry[] {
  return [1, 2, 3, 4, 5, 6, 7].map((weekdayValue) => {
    const range = weekdayValue in hours ? hours[weekdayValue] : fallback;
    return {
      weekday: weekdayName(weekdayValue),
      weekdayValue,
      isOpen: Boolean(range),
      startTime: range?.[0] ?? null,
      endTime: range?.[1] ?? null,
    };
  });
}

/** The seeded OPS_PHONE default: Mon–Fri 06:00–18:00, Sat 08:00–14:00, Sun closed. */
const PHONE = week({ 6: ['08:00', '14:00'], 7: null }, ['06:00', '18:00']);
/** The seeded OPS_CHAT default: Mon–Fri 06:00–20:00, Sat–Sun 08:00–17:00. */
const CHAT = week({ 6: ['08:00', '17:00'], 7: ['08:00', '17:00'] }, ['06:00', '20:00']);

describe('formatWallClockTime', () => {
  it.each([
    ['06:00', '6:00 AM'],
    ['18:00', '6:00 PM'],
    ['12:00', '12:00 PM'],
    ['00:30', '12:30 AM'],
    ['23:59:59', '11:59 PM'],
    ['09:05', '9:05 AM'],
  ])('%s → %s', (time, shown) => expect(formatWallClockTime(time)).toBe(shown));

  it('rejects a malformed time', () => {
    expect(() => formatWallClockTime('6pm')).toThrow(RangeError);
  });
});

describe('formatHoursLine', () => {
  it('gives the working week and the weekend in Pacific time (footer line)', () => {
    expect(formatHoursLine(PHONE)).toBe(
      'Monday–Friday: 6:00 AM – 6:00 PM PT, Saturday: 8:00 AM – 2:00 PM PT, Sunday: Closed',
    );
  });

  it('joins a weekend with the same hours into one range', () => {
    expect(formatHoursLine(CHAT)).toBe(
      'Monday–Friday: 6:00 AM – 8:00 PM PT, Saturday–Sunday: 8:00 AM – 5:00 PM PT',
    );
  });

  it('never joins Friday and Saturday, even with the same hours', () => {
    expect(formatHoursLine(week({}, ['09:00', '17:00']))).toBe(
      'Monday–Friday: 9:00 AM – 5:00 PM PT, Saturday–Sunday: 9:00 AM – 5:00 PM PT',
    );
  });

  it('splits the working week where the hours change', () => {
    expect(formatHoursLine(week({ 5: ['06:00', '15:00'], 6: null, 7: null }, ['06:00', '18:00']))).toBe(
      'Monday–Thursday: 6:00 AM – 6:00 PM PT, Friday: 6:00 AM – 3:00 PM PT, Saturday–Sunday: Closed',
    );
  });

  it('counts missing days as closed, and answers nothing without entries', () => {
    const mondayOnly = PHONE.filter((entry) => entry.weekdayValue === 1);
    expect(formatHoursLine(mondayOnly)).toBe(
      'Monday: 6:00 AM – 6:00 PM PT, Tuesday–Friday: Closed, Saturday–Sunday: Closed',
    );
    expect(formatHoursLine([])).toBe('');
  });

  it('does not depend on the order of the entries', () => {
    expect(formatHoursLine([...PHONE].reverse())).toBe(formatHoursLine(PHONE));
  });
});

describe('pacificWallClock', () => {
  it('reads an instant in America/Los_Angeles, whatever the runtime zone', () => {
    // 2024-01-15 is a Monday; 17:00Z is 09:00 PST.
    expect(pacificWallClock(new Date('2024-01-15T17:00:00Z'))).toEqual({
      weekdayValue: 1,
      secondsOfDay: 9 * 3600,
    });
    // Midnight reads as 0, not 24.
    expect(pacificWallClock(Date.parse('2024-01-15T08:00:00Z'))).toEqual({
      weekdayValue: 1,
      secondsOfDay: 0,
    });
  });

  it('rejects an invalid instant', () => {
    expect(() => pacificWallClock(new Date('nope'))).toThrow(RangeError);
  });
});

describe('isOpenAt', () => {
  it.each([
    ['Monday 09:00 PST', '2024-01-15T17:00:00Z', true],
    ['Monday 05:59 PST (a minute before opening)', '2024-01-15T13:59:00Z', false],
    ['Monday 06:00 PST (opening)', '2024-01-15T14:00:00Z', true],
    ['Monday 17:59 PST (a minute before closing)', '2024-01-16T01:59:00Z', true],
    ['Monday 18:00 PST (closing)', '2024-01-16T02:00:00Z', false],
    ['Monday 18:01 PST', '2024-01-16T02:01:00Z', false],
    ['Saturday 13:59 PST', '2024-01-20T21:59:00Z', true],
    ['Saturday 14:00 PST', '2024-01-20T22:00:00Z', false],
    ['Sunday noon (closed all day)', '2024-01-21T20:00:00Z', false],
  ])('phone hours, %s → %s', (_label, instant, open) => {
    expect(isOpenAt(PHONE, new Date(instant))).toBe(open);
  });

  it('follows daylight saving time (the spring change, 2025-03-09)', () => {
    // Sunday 08:30 PDT (15:30Z); in PST it would still be 07:30, before opening.
    expect(isOpenAt(CHAT, Date.parse('2025-03-09T15:30:00Z'))).toBe(true);
    // Monday 06:00 PDT is 13:00Z (it was 14:00Z the Monday before).
    expect(isOpenAt(CHAT, Date.parse('2025-03-10T12:59:00Z'))).toBe(false);
    expect(isOpenAt(CHAT, Date.parse('2025-03-10T13:00:00Z'))).toBe(true);
    expect(isOpenAt(CHAT, Date.parse('2025-03-03T13:00:00Z'))).toBe(false);
  });

  it('follows daylight saving time (the autumn change, 2025-11-02)', () => {
    // Sunday 07:30 PST (15:30Z); in PDT it would be 08:30 and open.
    expect(isOpenAt(CHAT, Date.parse('2025-11-02T15:30:00Z'))).toBe(false);
    expect(isOpenAt(CHAT, Date.parse('2025-11-02T16:00:00Z'))).toBe(true);
  });

  it('is closed on a missing day, a closed day or a range that does not end after it starts', () => {
    const monday = Date.parse('2024-01-15T17:00:00Z');
    expect(isOpenAt([], monday)).toBe(false);
    expect(isOpenAt(week({ 1: null }), monday)).toBe(false);
    expect(isOpenAt(week({ 1: ['10:00', '10:00'] }), monday)).toBe(false);
    expect(isOpenAt(week({ 1: ['20:00', '02:00'] }), monday)).toBe(false);
  });

  it('honours seconds in the stored times', () => {
    const entries = week({ 1: ['09:00:30', '17:00'] });
    expect(isOpenAt(entries, Date.parse('2024-01-15T17:00:29Z'))).toBe(false);
    expect(isOpenAt(entries, Date.parse('2024-01-15T17:00:30Z'))).toBe(true);
  });
});

describe('withHolidaysClosed', () => {
  const fullWeek = [1, 2, 3, 4, 5, 6, 7].map((weekdayValue) => ({
    weekday: weekdayName(weekdayValue),
    weekdayValue,
    isOpen: true,
    startTime: '06:00',
    endTime: '18:00',
  }));
  // Wednesday 2026-11-25 10:00 PT (18:00 UTC); that week runs Monday 23 → Sunday 29 November.
  const wednesday = Date.parse('2026-11-25T18:00:00Z');

  it.each<[string, string[], number[]]>([
    ['no holidays', [], []],
    ['today', ['2026-11-25'], [3]],
    ['a later day of the week', ['2026-11-26'], [4]],
    ['an earlier day of the week', ['2026-11-23'], [1]],
    ['the week’s Sunday', ['2026-11-29'], [7]],
    ['a day of another week', ['2026-11-30', '2026-11-22', '2025-11-26'], []],
  ])('closes %s', (_, holidays, closedDays) => {
    const result = withHolidaysClosed(fullWeek, holidays, wednesday);
    expect(result.filter((entry) => !entry.isOpen).map((entry) => entry.weekdayValue)).toEqual(closedDays);
    expect(isOpenAt(result, wednesday)).toBe(!closedDays.includes(3));
  });

  it('reads "today" on the Pacific clock (05:00 UTC Thursday is still Wednesday in California)', () => {
    const lateWednesday = Date.parse('2026-11-26T05:00:00Z');
    const result = withHolidaysClosed(fullWeek, ['2026-11-25'], lateWednesday);
    expect(result.find((entry) => entry.weekdayValue === 3)!.isOpen).toBe(false);
    expect(result.find((entry) => entry.weekdayValue === 4)!.isOpen).toBe(true);
  });
});
