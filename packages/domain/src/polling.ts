/**
 * The status polling policy (spec 1 §4, §9): after each status answer, poll again or stop.
 *
 * - Final statuses (COMPLETE, CANCELLED, DECLINED) stop at once.
 * - Waiting statuses (WAITING_FOR_*, GEN_*) are polled up to 14 attempts; giving up answers UNKNOWN,
 *   or GEN_NOTE_SIGNING when note documents were still being generated (both lead to the timeout page).
 * - Settled statuses are polled up to 7 attempts (a screen keeps its status fresh while the server
 *   may still move it on); running out then simply stops on that status: it is a valid answer, not a
 *   failure. A failed request (statusName null) counts like a settled attempt and, when it is the
 *   last, gives up with UNKNOWN.
 *
 * Delay before the next attempt: min(1000 · 2^attempt, 5000) ms.
 * `attempt` is the 0-based number of the attempt that just answered; attempt n is the (n+1)-th.
 */
import { backoffDelayMs } from './backoff';
import {
  STATUS_POLL_BASE_DELAY_MS,
  STATUS_POLL_MAX_DELAY_MS,
  STATUS_POLL_SETTLED_ATTEMPTS,
  STATUS_POLL_WAITING_ATTEMPTS,
} from './constants';
import type { TApplicationStep } from './enums';
import { isFinalStatus, isWaitingStatus } from './routing/status-names';

export type TPollDecision =
  | {
      stop: true;
      /** The status to route on. */
      result: string;
      /** True when polling ran out of attempts without a settled answer. */
      gaveUp: boolean;
    }
  | { stop: false; delayMs: number };

export interface TPollInput {
  /** 0-based index of the attempt that just answered. */
  attempt: number;
  /** The status it answered, null when the request failed. */
  statusName: string | null;
}

const GIVE_UP_STATUS: TApplicationStep = 'UNKNOWN';
const NOTE_SIGNING_GENERATION: TApplicationStep = 'GEN_NOTE_SIGNING';

/** min(1000 · 2^attempt, 5000) ms; attempts past the cap stay at 5000 (no overflow for large n). */
export function pollDelayMs(attempt: number): number {
  if (!Number.isInteger(attempt) || attempt < 0) throw new RangeError(`Invalid attempt: ${attempt}`);
  return backoffDelayMs({ baseMs: STATUS_POLL_BASE_DELAY_MS, maxMs: STATUS_POLL_MAX_DELAY_MS }, attempt);
}

/** How many attempts a status is polled for in all. */
export function maxPollAttempts(statusName: string | null): number {
  if (statusName !== null && isFinalStatus(statusName)) return 1;
  return statusName !== null && isWaitingStatus(statusName)
    ? STATUS_POLL_WAITING_ATTEMPTS
    : STATUS_POLL_SETTLED_ATTEMPTS;
}

export function nextPoll({ attempt, statusName }: TPollInput): TPollDecision {
  if (!Number.isInteger(attempt) || attempt < 0) throw new RangeError(`Invalid attempt: ${attempt}`);
  if (statusName !== null && isFinalStatus(statusName))
    return { stop: true, result: statusName, gaveUp: false };
  if (attempt + 1 < maxPollAttempts(statusName)) return { stop: false, delayMs: pollDelayMs(attempt) };
  if (statusName !== null && !isWaitingStatus(statusName))
    return { stop: true, result: statusName, gaveUp: false };
  return {
    stop: true,
    result: statusName === NOTE_SIGNING_GENERATION ? NOTE_SIGNING_GENERATION : GIVE_UP_STATUS,
    gaveUp: true,
  };
}
