import { describe, expect, it } from 'vitest';
import type { SessionUser } from './session.ts';
import { SessionAnnouncements, SessionBarrier, SessionCache, sessionCookieValue } from './session-cache.ts';

const user = (id: string): SessionUser => ({
  id,
  email: `${id}@example.org`,
  emailVerified: true,
  name: '',
  createdAt: new Date(0),
});

const session = (expiresAt: Date) => ({ expiresAt, updatedAt: new Date(0) });

function listeningCache(options: ConstructorParameters<typeof SessionCache>[0] = {}) {
  const cache = new SessionCache(options);
  cache.setListening(true);
  return cache;
}

describe('SessionCache', () => {
  it('trusts an entry for its TTL, never past the session’s own expiry', () => {
    let now = 1_000_000;
    const cache = listeningCache({ ttlMs: 60_000, now: () => now });
    cache.set('long', user('a'), session(new Date(now + 3_600_000)), cache.ticket());
    cache.set('ending', user('b'), session(new Date(now + 10_000)), cache.ticket());
    now += 9_999;
    expect(cache.get('long')?.id).toBe('a');
    expect(cache.get('ending')?.id).toBe('b');
    now += 1;
    expect(cache.get('ending')).toBeUndefined();
    now += 50_000;
    expect(cache.get('long')).toBeUndefined();
  });

  it('keeps at most maxEntries, dropping the least recently used', () => {
    const cache = listeningCache({ maxEntries: 2 });
    const far = new Date(Date.now() + 3_600_000);
    cache.set('one', user('a'), session(far), cache.ticket());
    cache.set('two', user('b'), session(far), cache.ticket());
    cache.get('one');
    cache.set('three', user('c'), session(far), cache.ticket());
    expect(cache.get('two')).toBeUndefined();
    expect(cache.get('one')?.id).toBe('a');
    expect(cache.get('three')?.id).toBe('c');
    expect(cache.size).toBe(2);
  });

  it('forgets every session of an evicted user, and drops a lookup that an eviction overtook', () => {
    const cache = listeningCache();
    const far = new Date(Date.now() + 3_600_000);
    cache.set('phone', user('a'), session(far), cache.ticket());
    cache.set('laptop', user('a'), session(far), cache.ticket());
    cache.set('other', user('b'), session(far), cache.ticket());
    const ticket = cache.ticket();
    cache.evictUser('a');
    expect(cache.get('phone')).toBeUndefined();
    expect(cache.get('laptop')).toBeUndefined();
    expect(cache.get('other')?.id).toBe('b');
    // A lookup that read the session before it ended must not bring it back.
    cache.set('phone', user('a'), session(far), ticket);
    expect(cache.get('phone')).toBeUndefined();
  });

  it('keeps nothing while evictions cannot be heard', () => {
    const cache = listeningCache();
    const far = new Date(Date.now() + 3_600_000);
    cache.set('phone', user('a'), session(far), cache.ticket());
    cache.setListening(false);
    expect(cache.get('phone')).toBeUndefined();
    cache.set('phone', user('a'), session(far), cache.ticket());
    expect(cache.get('phone')).toBeUndefined();
  });
});

describe('SessionAnnouncements', () => {
  it('ends an announcement once it is heard back, evicting the user here and on every hearer', async () => {
    const here = listeningCache();
    const there = listeningCache();
    const far = new Date(Date.now() + 3_600_000);
    here.set('cookie', user('a'), session(far), here.ticket());
    there.set('cookie', user('a'), session(far), there.ticket());
    let sent: string | undefined;
    const theirs = new SessionAnnouncements(there, async () => {});
    const ours: SessionAnnouncements = new SessionAnnouncements(here, async (payload) => {
      sent = payload;
    });
    let isDone = false;
    const announcing = ours.announce('a').then(() => {
      isDone = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(here.get('cookie')).toBeUndefined();
    expect(isDone).toBe(false);
    theirs.hear(sent!);
    ours.hear(sent!);
    await announcing;
    expect(there.get('cookie')).toBeUndefined();
  });
});

describe('sessionCookieValue', () => {
  it('reads the one session cookie, and refuses to choose between two', () => {
    const name = 'marquee.session_token';
    expect(sessionCookieValue(`a=1; ${name}=tok.sig%3D; b=2`, name)).toBe('tok.sig%3D');
    expect(sessionCookieValue('a=1', name)).toBeNull();
    expect(sessionCookieValue(`${name}=one; ${name}=two`, name)).toBeNull();
    expect(sessionCookieValue(`x${name}=one`, name)).toBeNull();
  });
});

describe('SessionBarrier', () => {
  it('lets a request by once a ping sent after it came has been heard back, one ping for all waiting', async () => {
    const pings: number[] = [];
    const barrier = new SessionBarrier(async (n) => {
      pings.push(n);
    });
    const first = barrier.pass();
    await new Promise((resolve) => setImmediate(resolve));
    // Came while ping 1 was on its way, which may have left before them: they wait for ping 2.
    const later = [barrier.pass(), barrier.pass()];
    barrier.heard('1');
    expect(await first).toBe(true);
    let isLaterDone = false;
    void Promise.all(later).then(() => {
      isLaterDone = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(isLaterDone).toBe(false);
    expect(pings).toEqual([1, 2]);
    barrier.heard('2');
    expect(await Promise.all(later)).toEqual([true, true]);
  });

  it('lets waiters go on without it when nothing can be heard', async () => {
    const barrier = new SessionBarrier(async () => {});
    const waiting = barrier.pass();
    barrier.fail();
    expect(await waiting).toBe(false);
    const failing = new SessionBarrier(async () => {
      throw new Error('connection lost');
    });
    expect(await failing.pass()).toBe(false);
  });
});
