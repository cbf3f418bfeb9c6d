import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maxPollAttempts, nextPoll, pollDelayMs } from './polling';
import { STATUS_NAMES, isFinalStatus, isWaitingStatus } from './routing/status-names';

describe('pollDelayMs', () => {
  it.each([
    [0, 1000],
    [1, 2000],
    [2, 4000],
    [3, 5000],
    [13, 5000],
    [1000, 5000],
  ])('attempt %i → %i ms', (attempt, delay) => {
    expect(pollDelayMs(attempt)).toBe(delay);
  });

  it('rejects a negative or fractional attempt', () => {
    expect(() => pollDelayMs(-1)).toThrow(RangeError);
    expect(() => pollDelayMs(1.5)).toThrow(RangeError);
  });
});

describe('nextPoll', () => {
  it.each([
    [
      'final status stops at once',
      { attempt: 0, statusName: 'COMPLETE' },
      { stop: true, result: 'COMPLETE', gaveUp: false },
    ],
    [
      'declined stops at once',
      { attempt: 3, statusName: 'DECLINED' },
      { stop: true, result: 'DECLINED', gaveUp: false },
    ],
    [
      'waiting, first attempt',
      { attempt: 0, statusName: 'WAITING_FOR_CREDIT' },
      { stop: false, delayMs: 1000 },
    ],
    [
      'waiting, 13th attempt',
      { attempt: 12, statusName: 'WAITING_FOR_CREDIT' },
      { stop: false, delayMs: 5000 },
    ],
    [
      'waiting, 14th attempt gives up',
      { attempt: 13, statusName: 'WAITING_FOR_CREDIT' },
      { stop: true, result: 'UNKNOWN', gaveUp: true },
    ],
    [
      'note generation gives up as itself',
      { attempt: 13, statusName: 'GEN_NOTE_SIGNING' },
      { stop: true, result: 'GEN_NOTE_SIGNING', gaveUp: true },
    ],
    [
      'other generation gives up as UNKNOWN',
      { attempt: 13, statusName: 'GEN_CLOSING_DOCS' },
      { stop: true, result: 'UNKNOWN', gaveUp: true },
    ],
    ['settled, first attempt', { attempt: 0, statusName: 'OFFER_SELECTION' }, { stop: false, delayMs: 1000 }],
    [
      'settled, 7th attempt stops on it',
      { attempt: 6, statusName: 'OFFER_SELECTION' },
      { stop: true, result: 'OFFER_SELECTION', gaveUp: false },
    ],
    [
      'settled late in a wait stops on it',
      { attempt: 10, statusName: 'NOTE_SIGNING' },
      { stop: true, result: 'NOTE_SIGNING', gaveUp: false },
    ],
    ['failed request retries', { attempt: 2, statusName: null }, { stop: false, delayMs: 4000 }],
    [
      'failed 7th request gives up',
      { attempt: 6, statusName: null },
      { stop: true, result: 'UNKNOWN', gaveUp: true },
    ],
  ] as const)('%s', (_why, input, decision) => {
    expect(nextPoll(input)).toEqual(decision);
  });

  const statusArbitrary = fc.constantFrom<string | null>(null, 'SOMETHING_NEW', ...STATUS_NAMES);

  it('never waits more than 5000 ms, and waits never shrink', () => {
    fc.assert(
      fc.property(statusArbitrary, fc.nat(40), (statusName, attempt) => {
        const now = nextPoll({ attempt, statusName });
        const next = nextPoll({ attempt: attempt + 1, statusName });
        if (!now.stop) {
          expect(now.delayMs).toBeGreaterThanOrEqual(1000);
          expect(now.delayMs).toBeLessThanOrEqual(5000);
          if (!next.stop) expect(next.delayMs).toBeGreaterThanOrEqual(now.delayMs);
        }
      }),
    );
  });

  it('stops within 14 attempts for waiting statuses, 7 for the rest, 1 for final ones', () => {
    fc.assert(
      fc.property(statusArbitrary, (statusName) => {
        let attempt = 0;
        while (!nextPoll({ attempt, statusName }).stop) attempt += 1;
        const attempts = attempt + 1;
        expect(attempts).toBe(maxPollAttempts(statusName));
        if (statusName !== null && isFinalStatus(statusName)) expect(attempts).toBe(1);
        else if (statusName !== null && isWaitingStatus(statusName)) expect(attempts).toBe(14);
        else expect(attempts).toBe(7);
      }),
    );
  });

  it('gives up only with UNKNOWN or GEN_NOTE_SIGNING, and only for waiting statuses or failures', () => {
    fc.assert(
      fc.property(statusArbitrary, fc.nat(20), (statusName, attempt) => {
        const decision = nextPoll({ attempt, statusName });
        if (decision.stop && decision.gaveUp) {
          expect(['UNKNOWN', 'GEN_NOTE_SIGNING']).toContain(decision.result);
          expect(statusName === null || isWaitingStatus(statusName)).toBe(true);
        }
      }),
    );
  });
});
