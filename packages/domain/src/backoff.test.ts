import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffDelayMs } from './backoff';

describe('backoffDelayMs', () => {
  it.each([
    [{ baseMs: 1000, maxMs: 5000 }, [1000, 2000, 4000, 5000, 5000]],
    [{ baseMs: 1000, maxMs: 60_000 }, [1000, 2000, 4000, 8000, 16_000, 32_000, 60_000]],
    [
      { baseMs: 10_000, factor: 3, maxMs: 3_600_000 },
      [10_000, 30_000, 90_000, 270_000, 810_000, 2_430_000, 3_600_000],
    ],
    [{ baseMs: 500 }, [500, 1000, 2000, 4000]],
  ])('%o waits %o', (backoff, expected) => {
    expect(expected.map((_, step) => backoffDelayMs(backoff, step))).toEqual(expected);
  });

  it('treats a negative or fractional step as the nearest whole step at or above zero', () => {
    expect(backoffDelayMs({ baseMs: 1000 }, -3)).toBe(1000);
    expect(backoffDelayMs({ baseMs: 1000 }, 2.7)).toBe(4000);
  });

  it('never shrinks from one step to the next and never passes its cap, however large the step', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        (baseMs, factor, maxMs, step) => {
          const backoff = { baseMs, factor, maxMs };
          const here = backoffDelayMs(backoff, step);
          expect(here).toBeLessThanOrEqual(Math.max(maxMs, 0));
          expect(backoffDelayMs(backoff, step + 1)).toBeGreaterThanOrEqual(here);
        },
      ),
    );
  });
});
