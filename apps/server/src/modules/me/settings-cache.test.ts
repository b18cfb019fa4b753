import { describe, expect, it } from 'vitest';
import { SettingsCache } from './settings-cache.ts';

describe('SettingsCache', () => {
  it('keeps nothing while evictions cannot be heard', () => {
    const cache = new SettingsCache();
    cache.set('ada', '{}', cache.ticket());
    expect(cache.get('ada')).toBeUndefined();
  });

  it('drops a read that an eviction overtook, and forgets after its time', () => {
    let now = 0;
    const cache = new SettingsCache({ ttlMs: 1000, now: () => now });
    cache.setListening(true);
    const ticket = cache.ticket();
    cache.evict('ada'); // a sync wrote Ada's settings while the read was out
    cache.set('ada', '{"old":true}', ticket);
    expect(cache.get('ada')).toBeUndefined();
    cache.set('ada', '{"new":true}', cache.ticket());
    expect(cache.get('ada')).toBe('{"new":true}');
    now = 1000;
    expect(cache.get('ada')).toBeUndefined();
  });

  it('keeps the most recently used within its size, and clears when the listener stops', () => {
    const cache = new SettingsCache({ maxEntries: 2 });
    cache.setListening(true);
    for (const user of ['a', 'b']) cache.set(user, user, cache.ticket());
    cache.get('a');
    cache.set('c', 'c', cache.ticket());
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual(['a', undefined, 'c']);
    cache.setListening(false);
    expect(cache.get('a')).toBeUndefined();
  });
});
