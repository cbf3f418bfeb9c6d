/**
 * Remote online notarisation identity questions (knowledge-based authentication). The MISMO RON
 * standards allow two failed attempts; after the second the signer may not try again for 48 hours.
 * Here: two failures within 48 hours of each other lock the questions for 48 hours from the second;
 * a failure after a lock has run out starts a new count.
 */
import { PACIFIC_TIME_ZONE } from './calendar';

export const NOTARY_KBA_MAX_ATTEMPTS = 2;
export const NOTARY_KBA_LOCKOUT_MS = 48 * 60 * 60_000;

// Made on first use: a formatter built at module load is a side effect no bundle can leave out.
let pacificDateTime: Intl.DateTimeFormat | null = null;

/** The refusal once the attempts are used: when the signer may try again, Pacific time. */
export function notaryKbaLockedMessage(until: Date): string {
  pacificDateTime ??= new Intl.DateTimeFormat('en-US', {
    timeZone: PACIFIC_TIME_ZONE,
    month: '2-digit',
    day: '2-digit',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  return `You answered the identity questions incorrectly ${NOTARY_KBA_MAX_ATTEMPTS} times. For your security, you can try again after ${pacificDateTime.format(until)} PT, or call us for help.`;
}

/** How many failures count towards the next lock: the run of the latest ones, each ≤ 48 h after the one before. */
export function recentNotaryKbaFailures(failures: readonly Date[]): number {
  let run = 0;
  for (let index = failures.length - 1; index >= 0 && run < NOTARY_KBA_MAX_ATTEMPTS; index -= 1) {
    const later = failures[index + 1];
    if (later && later.getTime() - failures[index]!.getTime() > NOTARY_KBA_LOCKOUT_MS) break;
    run += 1;
  }
  return run;
}

/**
 * The end of the lock running at `now`, or null. `failures` oldest first: the latest one locks when it
 * completes a run of NOTARY_KBA_MAX_ATTEMPTS, for 48 hours from it.
 */
export function notaryKbaLock(failures: readonly Date[], now: Date): Date | null {
  const last = failures.at(-1);
  if (!last || recentNotaryKbaFailures(failures) < NOTARY_KBA_MAX_ATTEMPTS) return null;
  const until = new Date(last.getTime() + NOTARY_KBA_LOCKOUT_MS);
  return now.getTime() < until.getTime() ? until : null;
}
