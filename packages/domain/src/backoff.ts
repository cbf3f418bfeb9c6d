/**
 * The one exponential backoff every retrying part uses — status polling, the retry helper, the chat
 * socket, the job queue and webhook deliveries — each with its own base, growth and cap:
 * min(baseMs × factor^step, maxMs). Steps past the cap stay at the cap without computing huge powers.
 */
export interface TBackoff {
  /** The first wait (step 0). */
  baseMs: number;
  /** How much each step multiplies the wait; 2 unless said. */
  factor?: number;
  /** The longest wait. */
  maxMs?: number;
}

/** The wait at 0-based `step` of `backoff`; a negative or fractional step counts as the nearest step ≥ 0. */
export function backoffDelayMs(backoff: TBackoff, step: number): number {
  const factor = backoff.factor ?? 2;
  const maxMs = backoff.maxMs ?? Number.POSITIVE_INFINITY;
  if (!(backoff.baseMs >= 0) || !(factor >= 1)) throw new RangeError('Invalid backoff');
  const wholeStep = Number.isFinite(step) ? Math.max(0, Math.floor(step)) : 0;
  let delay = backoff.baseMs;
  for (let i = 0; i < wholeStep && delay < maxMs; i += 1) delay *= factor;
  return Math.min(delay, maxMs);
}
