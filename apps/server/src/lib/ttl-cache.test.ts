import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  it('answers until the time-to-live passes', () => {
    let now = 1000;
    const cache = new TtlCache<string>(500, 10, () => now);
    cache.set('a', 'x');
    expect(cache.get('a')).toBe('x');
    now += 499;
    expect(cache.get('a')).toBe('x');
    now += 1;
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps at most maxEntries, dropping the oldest', () => {
    const cache = new TtlCache<number>(10_000, 2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 2, 3]);
    expect(cache.size).toBe(2);
  });

  it('deletes by key and by predicate', () => {
    const cache = new TtlCache<{ owner: string }>(10_000);
    cache.set('s1', { owner: 'ann' });
    cache.set('s2', { owner: 'ann' });
    cache.set('s3', { owner: 'bob' });
    cache.delete('s3');
    expect(cache.get('s3')).toBeUndefined();
    cache.deleteWhere((v) => v.owner === 'ann');
    expect(cache.size).toBe(0);
  });
});
