/**
 * The retry helper of spec 2 §9: by default 5 attempts, the first retry after 1000 ms, each further
 * delay doubling (1000, 2000, 4000, 8000 ms). Telemetry's session call uses it with 3 attempts
 * (TELEMETRY_SESSION_RETRIES). Pure apart from the `sleep` it is given, so tests run it without timers.
 */
import { backoffDelayMs } from './backoff';
import { RETRY_DEFAULT_ATTEMPTS, RETRY_INITIAL_DELAY_MS } from './constants';

export interface RetryOptions {
  /** Total attempts, the first included (≥ 1). Default 5. */
  attempts?: number;
  /** Delay before the second attempt; doubles for each later one. Default 1000 ms. */
  initialDelayMs?: number;
  /** Whether a failure is worth another attempt (default: every failure is). */
  shouldRetry?: (error: unknown, attempt: number) => boolean;
  /** Called before waiting for the next attempt (logging). `attempt` is the 1-based attempt that failed. */
  onRetry?: (error: unknown, attempt: number, delayMs: number) => void;
  /** How to wait; default setTimeout. */
  sleep?: (ms: number) => Promise<void>;
  /** Stops retrying (the last error is thrown) once aborted. */
  signal?: AbortSignal;
}

/** The delay before attempt `attempt + 1` after attempt `attempt` (1-based) failed. */
export function retryDelayMs(attempt: number, initialDelayMs = RETRY_INITIAL_DELAY_MS): number {
  return backoffDelayMs({ baseMs: initialDelayMs }, attempt - 1);
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Error thrown when every attempt failed; `cause` is the last failure, `errors` all of them. */
export class RetryError extends Error {
  override readonly name = 'RetryError';
  constructor(
    message: string,
    readonly attempts: number,
    readonly errors: readonly unknown[],
  ) {
    super(message, { cause: errors.at(-1) });
  }
}

/**
 * Runs `task` until it succeeds or the attempts run out, then throws a RetryError holding the last
 * failure as its cause. A failure `shouldRetry` refuses is thrown as it is, at once.
 */
export async function retry<T>(
  task: (attempt: number) => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  const attempts = Math.max(1, Math.floor(options.attempts ?? RETRY_DEFAULT_ATTEMPTS));
  const initialDelayMs = options.initialDelayMs ?? RETRY_INITIAL_DELAY_MS;
  const sleep = options.sleep ?? defaultSleep;
  const errors: unknown[] = [];
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await task(attempt);
    } catch (error) {
      errors.push(error);
      if (options.shouldRetry && !options.shouldRetry(error, attempt)) throw error;
      if (attempt >= attempts || options.signal?.aborted) {
        throw new RetryError(`Failed after ${attempt} attempt${attempt === 1 ? '' : 's'}`, attempt, errors);
      }
      const delayMs = retryDelayMs(attempt, initialDelayMs);
      options.onRetry?.(error, attempt, delayMs);
      await sleep(delayMs);
    }
  }
}
