import { describe, expect, it } from 'vitest';
import { countdownText } from './complete-screen';

describe('the rescission countdown', () => {
  it('counts days, hours and minutes down to the end', () => {
    expect(countdownText(((2 * 24 + 3) * 60 + 5) * 60_000)).toBe('2 days, 3 hours, 5 minutes left to cancel');
    expect(countdownText(61 * 60_000)).toBe('1 hour, 1 minute left to cancel');
    expect(countdownText(0)).toBe('The cancellation period has ended.');
  });
});
