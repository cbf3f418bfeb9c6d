import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTask } from './next-task';

/** A chain of `depth` microtasks, each queued by the one before; resolves with the last. */
function microtaskChain(depth: number, onEnd: () => void): void {
  let left = depth;
  const step = () => {
    if (--left === 0) onEnd();
    else queueMicrotask(step);
  };
  queueMicrotask(step);
}

describe('nextTask', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('resolves in a later task: every microtask queued meanwhile, however deep, runs first', async () => {
    const order: string[] = [];
    const next = nextTask().then(() => order.push('next task'));
    microtaskChain(1_000, () => order.push('microtasks done'));
    await next;
    expect(order).toEqual(['microtasks done', 'next task']);
  });

  it("uses the browser's scheduler.yield() where there is one", async () => {
    const yieldToMain = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldToMain });
    await nextTask();
    expect(yieldToMain).toHaveBeenCalledTimes(1);
  });
});
