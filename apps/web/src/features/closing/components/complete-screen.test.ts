import { describe, expect, it } from 'vitest';
import { countdownText, rescissionEndsAt } from './complete-screen';

describe('the rescission countdown', () => {
  it('ends at midnight Pacific after the deadline day, in winter and in summer', () => {
    expect(rescissionEndsAt('2026-01-08').toISOString()).toBe('2026-01-09T08:00:00.000Z');
    expect(rescissionEndsAt('2026-07-08').toISOString()).toBe('2026-07-09T07:00:00.000Z');
  });
  it('counts days, hours and minutes down to the end', () => {
    expect(countdownText(((2 * 24 + 3) * 60 + 5) * 60_000)).toBe('2 days, 3 hours, 5 minutes left to cancel');
    expect(countdownText(61 * 60_000)).toBe('1 hour, 1 minute left to cancel');
    expect(countdownText(0)).toBe('The cancellation period has ended.');
  });
});
