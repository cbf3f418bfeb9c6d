/**
 * The status poll after a borrower's action (spec 1 §4, §9), following the domain policy (nextPoll):
 * a waiting status (WAITING_FOR_*, GEN_*) is asked again, 1000 ms doubling to 5000 ms, up to 14 times;
 * a settled or final status is the answer at once (the screen for it decides what comes next); failed
 * requests are retried as settled attempts (7). Running out answers UNKNOWN (or GEN_NOTE_SIGNING), which
 * the routing table sends to the timeout page.
 */
import { isWaitingStatus, nextPoll } from '@heloc/domain';
import type { TApplicationStatusResponse } from '@heloc/domain';

export interface PollOutcome {
  /** The status to route on. */
  statusName: string;
  /** The last status answer that arrived (its flags route the declines and credit screens). */
  last: TApplicationStatusResponse | null;
  gaveUp: boolean;
}

export interface PollStatusOptions {
  fetchStatus: () => Promise<TApplicationStatusResponse>;
  /** Waits between attempts; rejects (or the signal aborts) to stop polling. */
  sleep: (ms: number) => Promise<void>;
  /** Told about each answer; `waiting` is true while the status is a waiting one. */
  onAnswer?: (answer: { statusName: string | null; waiting: boolean }) => void;
  /** A failed request that must not be retried (e.g. the application is gone) is rethrown. */
  isFatal?: (error: unknown) => boolean;
  signal?: AbortSignal;
}

export async function pollStatus({
  fetchStatus,
  sleep,
  onAnswer,
  isFatal = () => false,
  signal,
}: PollStatusOptions): Promise<PollOutcome> {
  let last: TApplicationStatusResponse | null = null;
  for (let attempt = 0; ; attempt += 1) {
    signal?.throwIfAborted();
    let statusName: string | null = null;
    try {
      last = await fetchStatus();
      statusName = last.status;
    } catch (error) {
      if (isFatal(error) || signal?.aborted) throw error;
    }
    const waiting = statusName !== null && isWaitingStatus(statusName);
    onAnswer?.({ statusName, waiting });
    if (statusName !== null && !waiting) return { statusName, last, gaveUp: false };
    const decision = nextPoll({ attempt, statusName });
    if (decision.stop) return { statusName: decision.result, last, gaveUp: decision.gaveUp };
    await sleep(decision.delayMs);
  }
}

/** setTimeout as a promise that an AbortSignal cancels. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
