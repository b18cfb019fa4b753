import { describe, expect, it } from 'vitest';
import { PersonalCache } from './personal-cache.ts';

describe('PersonalCache', () => {
  it('keeps nothing while evictions cannot be heard', () => {
    const cache = new PersonalCache();
    cache.set('ada', 'settings', '{}', cache.ticket());
    expect(cache.get('ada', 'settings')).toBeUndefined();
  });

  it('drops a read that an eviction overtook, and forgets after its time', () => {
    let now = 0;
    const cache = new PersonalCache({ ttlMs: 1000, now: () => now });
    cache.setListening(true);
    const ticket = cache.ticket();
    cache.evict('ada'); // a sync wrote Ada's data while the read was out
    cache.set('ada', 'settings', '{"old":true}', ticket);
    expect(cache.get('ada', 'settings')).toBeUndefined();
    cache.set('ada', 'settings', '{"new":true}', cache.ticket());
    expect(cache.get('ada', 'settings')).toBe('{"new":true}');
    now = 1000;
    expect(cache.get('ada', 'settings')).toBeUndefined();
  });

  it("keeps each read of a user apart, and one eviction forgets all of that user's reads only", () => {
    const cache = new PersonalCache();
    cache.setListening(true);
    cache.set('ada', 'settings', 's', cache.ticket());
    cache.set('ada', 'history:1', 'h1', cache.ticket());
    cache.set('bob', 'history:1', 'b1', cache.ticket());
    expect([cache.get('ada', 'settings'), cache.get('ada', 'history:1'), cache.get('ada', 'history:2')]).toEqual([
      's',
      'h1',
      undefined,
    ]);
    cache.evict('ada');
    expect([cache.get('ada', 'settings'), cache.get('ada', 'history:1'), cache.get('bob', 'history:1')]).toEqual([
      undefined,
      undefined,
      'b1',
    ]);
  });

  it('keeps the most recently used users within its size, no answer over its length, and clears when the listener stops', () => {
    const cache = new PersonalCache({ maxUsers: 2, maxAnswerLength: 3 });
    cache.setListening(true);
    for (const user of ['a', 'b']) cache.set(user, 'settings', user, cache.ticket());
    cache.get('a', 'settings');
    cache.set('c', 'settings', 'c', cache.ticket());
    expect(['a', 'b', 'c'].map((user) => cache.get(user, 'settings'))).toEqual(['a', undefined, 'c']);
    cache.set('a', 'watch-later', 'long', cache.ticket());
    expect(cache.get('a', 'watch-later')).toBeUndefined();
    cache.setListening(false);
    expect(cache.get('a', 'settings')).toBeUndefined();
  });

  it('shares a read under way with the requests that come meanwhile, until any eviction', async () => {
    const cache = new PersonalCache();
    cache.setListening(true);
    let finish: (json: string) => void = () => {};
    const loading = cache.load('ada', 'settings', () => new Promise((resolve) => (finish = resolve)));
    expect(cache.reading('ada', 'settings')).toBe(loading);
    expect(cache.reading('ada', 'watch-later')).toBeUndefined();
    expect(cache.reading('bob', 'settings')).toBeUndefined();
    // Any user's: the generation is one for all, as for set.
    cache.evict('bob');
    expect(cache.reading('ada', 'settings')).toBeUndefined();
    finish('{"old":true}');
    expect(await loading).toBe('{"old":true}');
    expect(cache.get('ada', 'settings')).toBeUndefined();

    const again = cache.load('ada', 'settings', async () => '{"new":true}');
    expect(await again).toBe('{"new":true}');
    expect(cache.reading('ada', 'settings')).toBeUndefined();
    expect(cache.get('ada', 'settings')).toBe('{"new":true}');

    const failing = cache.load('ada', 'history:1', () => Promise.reject(new Error('database gone')));
    await expect(failing).rejects.toThrow('database gone');
    expect(cache.reading('ada', 'history:1')).toBeUndefined();
    cache.setListening(false);
    void cache.load('ada', 'history:2', () => new Promise(() => {}));
    expect(cache.reading('ada', 'history:2')).toBeUndefined();
  });
});
