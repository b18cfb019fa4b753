import { describe, expect, it } from 'vitest';
import { ProgressCache } from './progress.service.ts';

describe('ProgressCache', () => {
  it('answers only for the same version and day, until its time is up', () => {
    const cache = new ProgressCache(10, 1000);
    cache.set('alice', '7:2026-11-27', '{"results":[]}', 0);
    expect(cache.get('alice', '7:2026-11-27', 999)).toBe('{"results":[]}');
    expect(cache.get('alice', '8:2026-11-27', 10)).toBeUndefined();
    expect(cache.get('alice', '7:2026-11-28', 10)).toBeUndefined();
    expect(cache.get('bob', '7:2026-11-27', 10)).toBeUndefined();
    expect(cache.get('alice', '7:2026-11-27', 1000)).toBeUndefined();
  });

  it('forgets the account used longest ago past its limit', () => {
    const cache = new ProgressCache(2, 1000);
    cache.set('a', 'k', 'A', 0);
    cache.set('b', 'k', 'B', 0);
    expect(cache.get('a', 'k', 1)).toBe('A');
    cache.set('c', 'k', 'C', 1);
    expect(cache.get('b', 'k', 2)).toBeUndefined();
    expect(cache.get('a', 'k', 2)).toBe('A');
    expect(cache.get('c', 'k', 2)).toBe('C');
  });
});
