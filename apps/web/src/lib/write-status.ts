/**
 * The status answer a borrower write brought back (issue 17): the engine's writes answer the status
 * object with their step, read once the write committed (see the server's write-answer-status.ts), so
 * the screen that wrote routes on it instead of asking the status endpoint again at once.
 *
 * Kept per application for a moment only: advance() and goTo() take it right after the write resolves;
 * an answer nobody took in that time is older than what the status endpoint would say and is dropped.
 */
import type { TApplicationStatusResponse } from '@heloc/domain';

/** How long a write's status answer stands in for a fresh status read. */
export const WRITE_STATUS_FRESH_MS = 1000;

const answers = new Map<string, { answer: TApplicationStatusResponse; at: number }>();

/** Keeps `answer` when it is a write's answer with its status object; anything else is ignored. */
export function keepWriteStatus(applicationUuid: string, answer: unknown): void {
  if (typeof answer !== 'object' || answer === null) return;
  const { status, applicationStatus } = answer as Partial<TApplicationStatusResponse>;
  if (typeof status !== 'string' || typeof applicationStatus !== 'object' || applicationStatus === null)
    return;
  answers.set(applicationUuid.toLowerCase(), { answer: { status, applicationStatus }, at: Date.now() });
}

/** The last write's status answer for the application, once, while it is fresh; else null. */
export function takeWriteStatus(applicationUuid: string): TApplicationStatusResponse | null {
  const key = applicationUuid.toLowerCase();
  const kept = answers.get(key);
  answers.delete(key);
  return kept && Date.now() - kept.at <= WRITE_STATUS_FRESH_MS ? kept.answer : null;
}
