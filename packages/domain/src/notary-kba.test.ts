import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { NOTARY_KBA_LOCKOUT_MS, notaryKbaLock, recentNotaryKbaFailures } from './notary-kba';

const H = 3_600_000;
const at = (hours: number) => new Date(Date.UTC(2026, 10, 24) + hours * H);

describe('notaryKbaLock (two failures within 48 h lock for 48 h from the second)', () => {
  it.each([
    { name: 'no failure', failures: [], now: 1, until: null },
    { name: 'one failure', failures: [0], now: 1, until: null },
    { name: 'two within 48 h, now locked', failures: [0, 1], now: 2, until: 49 },
    { name: 'two within 48 h, lock over', failures: [0, 1], now: 49, until: null },
    { name: 'two 49 h apart: no lock', failures: [0, 49], now: 50, until: null },
    { name: 'a failure after a lock ran out starts again', failures: [0, 1, 50], now: 51, until: null },
    { name: 'and a second one locks again', failures: [0, 1, 50, 51], now: 52, until: 99 },
  ])('$name', ({ failures, now, until }) => {
    expect(notaryKbaLock(failures.map(at), at(now))).toEqual(until === null ? null : at(until));
  });

  it('a lock never outlasts 48 h from the latest failure', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 500 }), { maxLength: 8 }),
        fc.integer({ min: 0, max: 600 }),
        (hours, now) => {
          const failures = [...hours].sort((a, b) => a - b).map(at);
          const until = notaryKbaLock(failures, at(Math.max(now, hours.length ? Math.max(...hours) : 0)));
          if (until) expect(until.getTime()).toBe(failures.at(-1)!.getTime() + NOTARY_KBA_LOCKOUT_MS);
          expect(recentNotaryKbaFailures(failures)).toBeLessThanOrEqual(2);
        },
      ),
    );
  });
});
