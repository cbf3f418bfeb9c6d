import { describe, expect, it, vi } from 'vitest';
import { lazyModule } from './lazy-view';

describe('lazyModule', () => {
  it('loads once, however often asked, and hands the module out once loaded', async () => {
    const module = { name: 'controls' };
    const load = vi.fn(() => Promise.resolve(module));
    const lazy = lazyModule(load);
    expect(lazy.loaded()).toBeNull();
    const first = lazy.load();
    expect(lazy.load()).toBe(first);
    await expect(first).resolves.toBe(module);
    expect(lazy.loaded()).toBe(module);
    await lazy.load();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load (a replaced chunk, a dropped connection)', async () => {
    const module = { name: 'controls' };
    const load = vi
      .fn<() => Promise<typeof module>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce(module);
    const lazy = lazyModule(load);
    await expect(lazy.load()).rejects.toThrow('Failed to fetch');
    expect(lazy.loaded()).toBeNull();
    await expect(lazy.load()).resolves.toBe(module);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
