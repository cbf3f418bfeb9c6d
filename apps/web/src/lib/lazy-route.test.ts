import { describe, expect, it, vi } from 'vitest';
import { lazyRoute, RELOAD_COUNT_KEY, RELOAD_LIMIT } from './lazy-route';

function setup(load: () => Promise<unknown>) {
  const reload = vi.fn();
  const run = lazyRoute(load, () => ({ storage: sessionStorage, reload }));
  return { reload, run };
}

describe('lazyRoute', () => {
  it('returns the module and resets the reload counter', async () => {
    sessionStorage.setItem(RELOAD_COUNT_KEY, '3');
    const module = { Component: () => null };
    const { run, reload } = setup(async () => module);
    await expect(run()).resolves.toBe(module);
    expect(reload).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(RELOAD_COUNT_KEY)).toBeNull();
  });

  it('reloads the page and counts while under the limit', async () => {
    const { run, reload } = setup(() => Promise.reject(new Error('chunk gone')));
    void run();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1), { timeout: 5_000 });
    expect(sessionStorage.getItem(RELOAD_COUNT_KEY)).toBe('1');
  });

  it(`gives up after ${RELOAD_LIMIT} reloads and lets the error through`, async () => {
    sessionStorage.setItem(RELOAD_COUNT_KEY, String(RELOAD_LIMIT));
    const { run, reload } = setup(() => Promise.reject(new Error('chunk gone')));
    await expect(run()).rejects.toThrow('chunk gone');
    expect(reload).not.toHaveBeenCalled();
  });
});
