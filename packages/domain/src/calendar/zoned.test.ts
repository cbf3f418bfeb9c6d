import { describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  pacificIsoDate,
  pacificStartOfDay,
  rescissionEndsAt,
  rescissionPeriod,
  zonedStartOfDay,
} from './zoned';

describe('zoned calendar days', () => {
  it.each([
    // the rescission deadline, the instant the right ends (midnight Pacific ending that day)
    ['2026-01-08', '2026-01-09T08:00:00.000Z'], // winter: PST
    ['2026-07-08', '2026-07-09T07:00:00.000Z'], // summer: PDT
    ['2026-03-07', '2026-03-08T08:00:00.000Z'], // the night clocks spring forward (02:00 that Sunday)
    ['2026-10-31', '2026-11-01T07:00:00.000Z'], // the night clocks fall back (02:00 that Sunday)
    ['2026-12-31', '2027-01-01T08:00:00.000Z'], // across a year
  ])('a right to cancel through %s ends at %s', (deadline, endsAt) => {
    expect(rescissionEndsAt(deadline).toISOString()).toBe(endsAt);
  });
  it('starts a Texas day at midnight Central, in either offset', () => {
    expect(zonedStartOfDay('2026-01-15', 'America/Chicago').toISOString()).toBe('2026-01-15T06:00:00.000Z');
    expect(zonedStartOfDay('2026-06-15', 'America/Chicago').toISOString()).toBe('2026-06-15T05:00:00.000Z');
  });
  it('reads the Pacific day of an instant, which is not the UTC day in the evening', () => {
    expect(pacificIsoDate(new Date('2026-03-03T06:30:00.000Z'))).toBe('2026-03-02');
    expect(pacificIsoDate(pacificStartOfDay('2026-03-08'))).toBe('2026-03-08');
    expect(pacificIsoDate(pacificStartOfDay('2026-03-08').getTime() - 1)).toBe('2026-03-07');
  });
  it('adds calendar days and refuses impossible dates', () => {
    expect(addCalendarDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addCalendarDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addCalendarDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(() => zonedStartOfDay('2026-02-30', 'America/Chicago')).toThrow(RangeError);
  });
  it('gives the rescission period of a transaction date: the deadline and its end', () => {
    // Signed Monday 2026-03-02: Tuesday, Wednesday, Thursday count; the right ends at Friday's start.
    expect(rescissionPeriod('2026-03-02')).toEqual({
      deadline: '2026-03-05',
      endsAt: new Date('2026-03-06T08:00:00.000Z'),
    });
  });
});
