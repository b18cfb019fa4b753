import { describe, expect, it } from 'vitest';
import { ProgressCache, type HeldProgress } from './progress.service.ts';

const held = (version: number, json = '{"results":[]}', day = '2026-11-27'): HeldProgress => ({
  day,
  version,
  json,
  series: null,
});

describe('ProgressCache', () => {
  it('answers only for the same day, until its time is up', () => {
    const cache = new ProgressCache(10, 1000);
    cache.set('alice', held(7), 0);
    expect(cache.get('alice', '2026-11-27', 999)).toMatchObject({ version: 7, expires: 1000 });
    expect(cache.get('alice', '2026-11-28', 10)).toBeUndefined();
    expect(cache.get('bob', '2026-11-27', 10)).toBeUndefined();
    expect(cache.get('alice', '2026-11-27', 1000)).toBeUndefined();
  });

  it('keeps the time limit it is given (an answer merged from an older one ends when that one does)', () => {
    const cache = new ProgressCache(10, 1000);
    cache.set('alice', held(7), 500, 800);
    expect(cache.get('alice', '2026-11-27', 799)).toMatchObject({ version: 7 });
    expect(cache.get('alice', '2026-11-27', 800)).toBeUndefined();
  });

  it('does not trade a later version for an earlier one of the same day', () => {
    const cache = new ProgressCache(10, 1000);
    cache.set('alice', held(8, 'new'), 0);
    cache.set('alice', held(7, 'old'), 1);
    expect(cache.get('alice', '2026-11-27', 2)?.json).toBe('new');
    cache.set('alice', held(3, 'next day', '2026-11-28'), 3);
    expect(cache.get('alice', '2026-11-28', 4)?.json).toBe('next day');
  });

  it('forgets the account used longest ago past its limit', () => {
    const cache = new ProgressCache(2, 1000);
    cache.set('a', held(1, 'A'), 0);
    cache.set('b', held(1, 'B'), 0);
    expect(cache.get('a', '2026-11-27', 1)?.json).toBe('A');
    cache.set('c', held(1, 'C'), 1);
    expect(cache.get('b', '2026-11-27', 2)).toBeUndefined();
    expect(cache.get('a', '2026-11-27', 2)?.json).toBe('A');
    expect(cache.get('c', '2026-11-27', 2)?.json).toBe('C');
  });
});
