import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const NOW = new Date('2024-04-15T12:00:00Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatRelativeTime', () => {
  it.each([
    [0, 'now'],
    [59_999, 'now'],
    [-5 * MINUTE, 'now'],
    [MINUTE, '1m'],
    [5 * MINUTE, '5m'],
    [59 * MINUTE + 59_999, '59m'],
    [HOUR, '1h'],
    [23 * HOUR + 59 * MINUTE, '23h'],
    [DAY, '1d'],
    [6 * DAY + 23 * HOUR, '6d'],
    [7 * DAY, '1w'],
    [13 * DAY, '1w'],
    [14 * DAY, '2w'],
    [28 * DAY, '4w'],
    [28 * DAY + 23 * HOUR, '4w'],
    [29 * DAY, 'Mar 17'],
    [42 * DAY, 'Mar 4'],
    [400 * DAY, 'Mar 12'],
  ])('%s ms ago → %s', (ago, expected) => {
    expect(formatRelativeTime(new Date(NOW.getTime() - ago), NOW, { timeZone: 'UTC' })).toBe(expected);
  });

  it('accepts ISO strings and epoch numbers', () => {
    expect(formatRelativeTime('2024-04-15T11:55:00Z', NOW)).toBe('5m');
    expect(formatRelativeTime(NOW.getTime() - 3 * HOUR, NOW.getTime())).toBe('3h');
  });

  it('shows the month and day in the given zone', () => {
    const old = new Date('2024-03-04T03:00:00Z');
    expect(formatRelativeTime(old, NOW, { timeZone: 'UTC' })).toBe('Mar 4');
    expect(formatRelativeTime(old, NOW, { timeZone: 'America/Los_Angeles' })).toBe('Mar 3');
  });

  it('throws on an invalid date', () => {
    expect(() => formatRelativeTime('yesterday', NOW)).toThrow(RangeError);
  });

  it('always answers in one of the documented forms, coarser as time passes', () => {
    const order = ['now', 'm', 'h', 'd', 'w', 'date'];
    const kind = (text: string): string =>
      text === 'now' ? 'now' : /^\d+[mhdw]$/.test(text) ? text.slice(-1) : 'date';
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5e10 }), fc.integer({ min: 0, max: 5e10 }), (a, b) => {
        const [near, far] = a <= b ? [a, b] : [b, a];
        const nearText = formatRelativeTime(NOW.getTime() - near, NOW, { timeZone: 'UTC' });
        const farText = formatRelativeTime(NOW.getTime() - far, NOW, { timeZone: 'UTC' });
        expect(nearText).toMatch(/^(now|\d+[mhdw]|[A-Z][a-z]{2} \d{1,2})$/);
        expect(order.indexOf(kind(nearText))).toBeLessThanOrEqual(order.indexOf(kind(farText)));
        if (/^\d+w$/.test(nearText)) expect(Number(nearText.slice(0, -1))).toBeLessThanOrEqual(4);
      }),
    );
  });
});
