import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RETRY_DEFAULT_ATTEMPTS, RETRY_INITIAL_DELAY_MS, TELEMETRY_SESSION_RETRIES } from './constants';
import { retry, RetryError, retryDelayMs } from './retry';

function recorder() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

describe('retry (spec 2 §9: 5 attempts, 1000 ms doubling)', () => {
  it('has the spec defaults', () => {
    expect(RETRY_DEFAULT_ATTEMPTS).toBe(5);
    expect(RETRY_INITIAL_DELAY_MS).toBe(1000);
    expect(TELEMETRY_SESSION_RETRIES).toBe(3);
  });

  it.each([
    [1, 1000],
    [2, 2000],
    [3, 4000],
    [4, 8000],
  ])('waits %i → %i ms', (attempt, ms) => {
    expect(retryDelayMs(attempt)).toBe(ms);
  });

  it('tries 5 times by default, waiting 1000, 2000, 4000, 8000 ms, then throws the last error as cause', async () => {
    const { waits, sleep } = recorder();
    let calls = 0;
    const failure = retry(
      async (attempt) => {
        calls += 1;
        throw new Error(`boom ${attempt}`);
      },
      { sleep },
    );
    await expect(failure).rejects.toBeInstanceOf(RetryError);
    const error = (await failure.catch((e: unknown) => e)) as RetryError;
    expect(calls).toBe(5);
    expect(waits).toEqual([1000, 2000, 4000, 8000]);
    expect(error.attempts).toBe(5);
    expect((error.cause as Error).message).toBe('boom 5');
    expect(error.errors).toHaveLength(5);
  });

  it('answers the first success and stops', async () => {
    const { waits, sleep } = recorder();
    const result = await retry(
      async (attempt) => {
        if (attempt < 3) throw new Error('not yet');
        return attempt;
      },
      { sleep, attempts: TELEMETRY_SESSION_RETRIES },
    );
    expect(result).toBe(3);
    expect(waits).toEqual([1000, 2000]);
  });

  it('throws a failure shouldRetry refuses at once, untouched', async () => {
    const { waits, sleep } = recorder();
    const fatal = new Error('fatal');
    await expect(
      retry(
        async () => {
          throw fatal;
        },
        { sleep, shouldRetry: (error) => error !== fatal },
      ),
    ).rejects.toBe(fatal);
    expect(waits).toEqual([]);
  });

  it('stops after the current attempt once aborted', async () => {
    const controller = new AbortController();
    let calls = 0;
    await expect(
      retry(
        async () => {
          calls += 1;
          controller.abort();
          throw new Error('x');
        },
        { signal: controller.signal, sleep: async () => {} },
      ),
    ).rejects.toBeInstanceOf(RetryError);
    expect(calls).toBe(1);
  });

  it('property: n failures before success cost exactly n waits of initial·2^k, within the attempts', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 1, max: 5000 }),
        async (attempts, failures, initialDelayMs) => {
          const { waits, sleep } = recorder();
          let calls = 0;
          const outcome = await retry(
            async () => {
              calls += 1;
              if (calls <= failures) throw new Error('no');
              return 'ok';
            },
            { attempts, initialDelayMs, sleep },
          ).catch((error: unknown) => error);
          const succeeded = failures < attempts;
          expect(outcome === 'ok').toBe(succeeded);
          expect(calls).toBe(Math.min(failures + 1, attempts));
          expect(waits).toEqual(Array.from({ length: calls - 1 }, (_, k) => initialDelayMs * 2 ** k));
        },
      ),
    );
  });
});
