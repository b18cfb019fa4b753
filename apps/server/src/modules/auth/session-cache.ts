import { randomUUID } from 'node:crypto';
import type { SessionUser } from './session.ts';

/** The channel on which app servers tell each other that a user's sessions or account changed. */
export const SESSIONS_CHANNEL = 'marquee_sessions';

export interface SessionCacheOptions {
  /** The most sessions kept; the least recently used goes first. */
  maxEntries?: number;
  /** The longest a resolved session is trusted without asking the database again. */
  ttlMs?: number;
  /** The clock (tests move it). */
  now?: () => number;
}

/** The session row as better-auth's getSession gives it (what GET /api/auth/get-session answers). */
export interface CachedSessionRecord {
  expiresAt: Date;
  updatedAt: Date;
  [field: string]: unknown;
}

interface Entry {
  user: SessionUser;
  session: CachedSessionRecord;
  userId: string;
  /** When the entry stops being trusted: its TTL, never past the session's own expiry. */
  until: number;
}

/**
 * The signed-in users of recent session cookies, so that a signed-in request costs no database
 * round trip (better-auth's getSession took 95-99 % of a signed-in route's time). Whatever ends a
 * session or changes its user (sign-out, revocation, password change or reset, e-mail change)
 * evicts the user's entries on every app server at once: better-auth's database hooks NOTIFY
 * SESSIONS_CHANNEL and each server's listener calls evictUser. While the listener is down
 * (PostgreSQL restarting), nothing is cached, since an eviction could be missed.
 */
export class SessionCache {
  readonly #entries = new Map<string, Entry>();
  readonly #byUser = new Map<string, Set<string>>();
  readonly #maxEntries: number;
  readonly #ttlMs: number;
  readonly #now: () => number;
  /** Counts evictions: a lookup that began before one may have read what it evicted. */
  #generation = 0;
  #isListening = false;

  constructor({ maxEntries = 10_000, ttlMs = 60_000, now = Date.now }: SessionCacheOptions = {}) {
    this.#maxEntries = maxEntries;
    this.#ttlMs = ttlMs;
    this.#now = now;
  }

  /** The user of a cached session cookie, or undefined when it must be looked up. */
  get(cookie: string): SessionUser | undefined {
    return this.getSession(cookie)?.user;
  }

  /** The session and user of a cached session cookie, or undefined when they must be looked up. */
  getSession(cookie: string): { session: CachedSessionRecord; user: SessionUser } | undefined {
    const entry = this.#entries.get(cookie);
    if (!entry) return undefined;
    if (entry.until <= this.#now()) {
      this.#remove(cookie, entry);
      return undefined;
    }
    // Map keeps insertion order: moving a used entry to the end makes the first the least recent.
    this.#entries.delete(cookie);
    this.#entries.set(cookie, entry);
    return { session: entry.session, user: entry.user };
  }

  /** A ticket for a lookup about to start; `set` drops its result if an eviction came meanwhile. */
  ticket(): number {
    return this.#generation;
  }

  /** Keeps what a lookup (started at `ticket`) found for `cookie`: never past the session's expiry. */
  set(cookie: string, user: SessionUser, session: CachedSessionRecord, ticket: number): void {
    if (!this.#isListening || ticket !== this.#generation) return;
    const now = this.#now();
    const until = Math.min(now + this.#ttlMs, session.expiresAt.getTime());
    if (until <= now) return;
    const previous = this.#entries.get(cookie);
    if (previous) this.#remove(cookie, previous);
    this.#entries.set(cookie, { user, session, userId: user.id, until });
    let cookies = this.#byUser.get(user.id);
    if (!cookies) this.#byUser.set(user.id, (cookies = new Set()));
    cookies.add(cookie);
    while (this.#entries.size > this.#maxEntries) {
      const [oldest, entry] = this.#entries.entries().next().value as [string, Entry];
      this.#remove(oldest, entry);
    }
  }

  /** Forgets every session of `userId`: it ended, or its user changed. */
  evictUser(userId: string): void {
    this.#generation++;
    for (const cookie of this.#byUser.get(userId) ?? []) this.#entries.delete(cookie);
    this.#byUser.delete(userId);
  }

  /** Whether evictions are being heard; while they are not, nothing is kept. */
  setListening(isListening: boolean): void {
    this.#isListening = isListening;
    if (!isListening) this.clear();
  }

  clear(): void {
    this.#generation++;
    this.#entries.clear();
    this.#byUser.clear();
  }

  get isListening(): boolean {
    return this.#isListening;
  }

  get size(): number {
    return this.#entries.size;
  }

  #remove(cookie: string, entry: Entry): void {
    this.#entries.delete(cookie);
    const cookies = this.#byUser.get(entry.userId);
    cookies?.delete(cookie);
    if (cookies?.size === 0) this.#byUser.delete(entry.userId);
  }
}

/**
 * The session cookie's value in a Cookie header, or null when there is none or more than one (the
 * cache must be keyed by the very cookie better-auth reads; with two it reads the last).
 */
export function sessionCookieValue(header: string | undefined, name: string): string | null {
  if (!header || !header.includes(name)) return null;
  let found: string | null = null;
  for (const chunk of header.split(';')) {
    const eq = chunk.indexOf('=');
    if (eq === -1 || chunk.slice(0, eq).trim() !== name) continue;
    if (found !== null) return null;
    found = chunk.slice(eq + 1).trim();
  }
  return found || null;
}

/** The longest an announcement waits to hear itself back before its request goes on anyway. */
export const ECHO_LIMIT_MS = 2_000;

/**
 * Tells every app server (this one included) that a user's sessions or account changed, and hears
 * what the others tell. An announcement ends once this server's own listener has heard it back:
 * the NOTIFY has then gone through PostgreSQL to the listeners, so the answer that ended a session
 * leaves after every server was sent the eviction, not before.
 */
export class SessionAnnouncements {
  readonly #pending = new Map<string, () => void>();

  constructor(
    private readonly cache: SessionCache,
    /** Sends a payload on SESSIONS_CHANNEL (pg_notify). */
    private readonly send: (payload: string) => Promise<void>,
  ) {}

  async announce(userId: string): Promise<void> {
    this.cache.evictUser(userId);
    if (!this.cache.isListening) {
      await this.send(userId);
      return;
    }
    const nonce = randomUUID();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const heard = new Promise<void>((resolve) => {
      this.#pending.set(nonce, resolve);
      timer = setTimeout(resolve, ECHO_LIMIT_MS);
      timer.unref();
    });
    try {
      await this.send(`${userId} ${nonce}`);
      await heard;
    } finally {
      clearTimeout(timer);
      this.#pending.delete(nonce);
    }
  }

  /** A payload heard on SESSIONS_CHANNEL: "<user id>" or "<user id> <nonce>". */
  hear(payload: string): void {
    const [userId, nonce] = payload.split(' ');
    if (userId) this.cache.evictUser(userId);
    if (nonce) this.#pending.get(nonce)?.();
  }

  /** The listener stopped: nothing will be heard back. */
  stopWaiting(): void {
    for (const resolve of this.#pending.values()) resolve();
    this.#pending.clear();
  }
}

/**
 * A read barrier for cached sessions on PostgreSQL, where each app server hears NOTIFYs on a
 * connection of its own: another server's eviction may reach this one an instant after the
 * request it should have refused. `pass` waits for a ping on this server's own channel sent after
 * the request was read, and resolves once the listener hears it back; PostgreSQL delivers
 * notifications in the order they committed, so every eviction sent before the request arrived
 * has been heard by then.
 *
 * A ping leaves at the end of the event loop's turn (setImmediate), after every request read in
 * that turn: one round trip covers them all. Sent at the first waiter instead, it covered only
 * the requests read before it, and the rest of the turn's waited for the next ping, sent once
 * that one came back (on the busy 2-core machine the two ways measured alike). Up to
 * `maxInFlight` pings are asked for at once, so that a request read while one is travelling has
 * its own queued behind it (the listener's connection sends them one at a time) rather than asked
 * for only once that one's return has been handled.
 */
export class SessionBarrier {
  /** The number of the last ping sent, and of the last one heard back (or given up on). */
  #sent = 0;
  #heard = 0;
  /** Requests waiting, each for the ping numbered `after` or a later one; `after` never decreases. */
  #waiting: Array<{ after: number; resolve: (passed: boolean) => void }> = [];
  #isSendScheduled = false;
  /** The time limits of the pings on their way, oldest first. */
  #limits: Array<{ n: number; timer: ReturnType<typeof setTimeout> }> = [];

  constructor(
    /** Sends ping number `n` on this server's channel. */
    private readonly ping: (n: number) => Promise<void>,
    private readonly limitMs = ECHO_LIMIT_MS,
    private readonly maxInFlight = 2,
  ) {}

  /** True once every eviction sent before the call has been heard; false when that is unknown. */
  pass(): Promise<boolean> {
    return new Promise((resolve) => {
      // A ping already sent may have left before this request was read: the next one.
      this.#waiting.push({ after: this.#sent + 1, resolve });
      this.#scheduleSend();
    });
  }

  /** A payload heard on this server's channel. */
  heard(payload: string): void {
    const n = Number(payload);
    // Pings come back in the order they were sent; one heard after its time limit is ignored.
    if (!Number.isInteger(n) || n > this.#sent || n <= this.#heard) return;
    this.#heard = n;
    while (this.#limits.length && this.#limits[0]!.n <= n) clearTimeout(this.#limits.shift()!.timer);
    let passed = 0;
    while (passed < this.#waiting.length && this.#waiting[passed]!.after <= n) this.#waiting[passed++]!.resolve(true);
    this.#waiting.splice(0, passed);
    if (this.#waiting.length) this.#scheduleSend();
  }

  /** Nothing will be heard (the listener stopped, a ping failed or was lost): every waiter goes on without. */
  fail(): void {
    this.#heard = this.#sent;
    for (const { timer } of this.#limits) clearTimeout(timer);
    this.#limits = [];
    for (const waiter of this.#waiting) waiter.resolve(false);
    this.#waiting = [];
  }

  #scheduleSend(): void {
    if (this.#isSendScheduled) return;
    this.#isSendScheduled = true;
    setImmediate(this.#sendIfNeeded);
  }

  readonly #sendIfNeeded = (): void => {
    this.#isSendScheduled = false;
    const last = this.#waiting.at(-1);
    // Every waiter is covered by a ping on its way, or enough are travelling: heard() comes back here.
    if (!last || last.after <= this.#sent || this.#sent - this.#heard >= this.maxInFlight) return;
    const n = ++this.#sent;
    const timer = setTimeout(() => this.fail(), this.limitMs);
    timer.unref();
    this.#limits.push({ n, timer });
    this.ping(n).catch(() => this.fail());
  };
}
