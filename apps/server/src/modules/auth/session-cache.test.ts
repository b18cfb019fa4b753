import { describe, expect, it, vi } from 'vitest';
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
  /** Resolves in the event loop's next check phase: the turn in which it was called is over. */
  const turnEnds = () => new Promise((resolve) => setImmediate(resolve));

  function pinging() {
    const pings: number[] = [];
    const barrier = new SessionBarrier(async (n) => {
      pings.push(n);
    });
    return { pings, barrier };
  }

  /** Whether `promise` has settled by now (after the microtasks queued so far). */
  async function isSettled(promise: Promise<unknown>): Promise<boolean> {
    let settled = false;
    void promise.then(
      () => (settled = true),
      () => (settled = true),
    );
    await turnEnds();
    return settled;
  }

  it('lets every request read in one turn by with one ping, sent once the turn is over', async () => {
    const { pings, barrier } = pinging();
    const waiting = [barrier.pass(), barrier.pass(), barrier.pass()];
    // Sent at the first request, a ping would not cover the two read after it.
    expect(pings).toEqual([]);
    await turnEnds();
    expect(pings).toEqual([1]);
    barrier.heard('1');
    expect(await Promise.all(waiting)).toEqual([true, true, true]);
  });

  it('gives a request read while a ping travels a ping of its own, with at most two on their way', async () => {
    const { pings, barrier } = pinging();
    const first = barrier.pass();
    await turnEnds();
    // Ping 1 may have left before this request came: it waits for ping 2, sent without waiting
    // for ping 1 to come back.
    const second = barrier.pass();
    await turnEnds();
    expect(pings).toEqual([1, 2]);
    const third = barrier.pass();
    await turnEnds();
    expect(pings).toEqual([1, 2]);

    barrier.heard('1');
    expect(await first).toBe(true);
    expect(await isSettled(second)).toBe(false);
    expect(pings).toEqual([1, 2, 3]);
    barrier.heard('2');
    expect(await second).toBe(true);
    expect(await isSettled(third)).toBe(false);
    barrier.heard('3');
    expect(await third).toBe(true);
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

  it('gives up on a ping not heard in time, and a late one lets no later request by', async () => {
    vi.useFakeTimers();
    try {
      const pings: number[] = [];
      const barrier = new SessionBarrier(async (n) => {
        pings.push(n);
      }, 2_000);
      const lost = barrier.pass();
      await vi.advanceTimersToNextTimerAsync();
      expect(pings).toEqual([1]);
      await vi.advanceTimersByTimeAsync(2_000);
      expect(await lost).toBe(false);

      const later = barrier.pass();
      await vi.advanceTimersToNextTimerAsync();
      expect(pings).toEqual([1, 2]);
      let passed: boolean | undefined;
      void later.then((value) => (passed = value));
      barrier.heard('1');
      await vi.advanceTimersByTimeAsync(0);
      expect(passed).toBeUndefined();
      barrier.heard('2');
      expect(await later).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
