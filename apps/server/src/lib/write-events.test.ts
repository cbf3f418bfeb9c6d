import { describe, expect, it } from 'vitest';
import { cacheTtlMs, SINGLE_PROCESS_CACHE_TTL_MS } from './write-events';

describe('cacheTtlMs', () => {
  it.each([
    // Other instances write too: only the short time-to-live covers a lost notice.
    ['postgres', 1000, 1000],
    // One process hears every write: entries live until a write drops them (bounded for memory).
    ['pglite', 1000, SINGLE_PROCESS_CACHE_TTL_MS],
    ['pglite-memory', 2000, SINGLE_PROCESS_CACHE_TTL_MS],
  ])('%s, short %i ms → %i ms', (kind, short, expected) => {
    expect(cacheTtlMs(kind, short)).toBe(expected);
  });
});
