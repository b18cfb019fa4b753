/** The channel on which app servers tell each other that a user's personal data changed. */
export const PERSONAL_CHANNEL = 'marquee_personal';

export interface PersonalCacheOptions {
  /** Users kept, the most recently read ones. */
  maxUsers?: number;
  ttlMs?: number;
  /** An answer longer than this (characters) is not kept: a huge Watch Later is read each time. */
  maxAnswerLength?: number;
  now?: () => number;
}

interface UserEntry {
  /** Answers of the user's reads (`settings`, `watch-later`, `history:2`...), serialised once. */
  answers: Map<string, string>;
  until: number;
}

/**
 * The answers of `GET /api/me/settings`, `/api/me/watch-later` and `/api/me/history` of recent
 * users, so that reading one's own data costs no database round trip (DESIGN.md "Sync rules": it
 * changes only through the sync, which every writer goes through). A sync that writes evicts the
 * user here and NOTIFYs PERSONAL_CHANNEL (me.repository.ts `applySync`), which every app server
 * hears on the sessions' listener connection: a read that passed that connection's barrier has
 * heard every eviction committed before it began. While the listener is down nothing is cached,
 * since an eviction could be missed.
 */
export class PersonalCache {
  readonly #users = new Map<string, UserEntry>();
  /** Reads under way, by user and read, with the generation they began in. */
  readonly #reads = new Map<string, { ticket: number; answer: Promise<string> }>();
  readonly #maxUsers: number;
  readonly #ttlMs: number;
  readonly #maxAnswerLength: number;
  readonly #now: () => number;
  /** Counts evictions: a read that began before one may have read what it evicted. */
  #generation = 0;
  #isListening = false;

  constructor({
    maxUsers = 5_000,
    ttlMs = 60_000,
    maxAnswerLength = 256 * 1024,
    now = Date.now,
  }: PersonalCacheOptions = {}) {
    this.#maxUsers = maxUsers;
    this.#ttlMs = ttlMs;
    this.#maxAnswerLength = maxAnswerLength;
    this.#now = now;
  }

  get(userId: string, what: string): string | undefined {
    const entry = this.#users.get(userId);
    if (!entry) return undefined;
    if (entry.until <= this.#now()) {
      this.#users.delete(userId);
      return undefined;
    }
    this.#users.delete(userId);
    this.#users.set(userId, entry);
    return entry.answers.get(what);
  }

  /** A ticket for a read about to start; `set` drops its result if an eviction came meanwhile. */
  ticket(): number {
    return this.#generation;
  }

  set(userId: string, what: string, json: string, ticket: number): void {
    if (!this.#isListening || ticket !== this.#generation || json.length > this.#maxAnswerLength) return;
    const entry = this.#users.get(userId) ?? { answers: new Map<string, string>(), until: this.#now() + this.#ttlMs };
    entry.answers.set(what, json);
    this.#users.delete(userId);
    this.#users.set(userId, entry);
    while (this.#users.size > this.#maxUsers) {
      const oldest = this.#users.keys().next().value as string;
      this.#users.delete(oldest);
    }
  }

  /**
   * The answer of a read of `what` for `userId` under way and begun since the last eviction, to
   * share: under load, every request that missed the cache while the first read was out read the
   * database again (PGlite runs one statement a turn, so 200 connections asking for a user's Watch
   * Later queued a hundred identical statements: seconds). The caller must have heard every
   * eviction committed before its request arrived (the sessions' barrier), as for `get`.
   */
  reading(userId: string, what: string): Promise<string> | undefined {
    const read = this.#reads.get(readKey(userId, what));
    return read && read.ticket === this.#generation && this.#isListening ? read.answer : undefined;
  }

  /** Reads `what` for `userId` with `load`, keeps the answer (set's rules) and shares it meanwhile (reading). */
  load(userId: string, what: string, load: () => Promise<string>): Promise<string> {
    const ticket = this.#generation;
    const key = readKey(userId, what);
    const answer = load().then((json) => {
      this.set(userId, what, json, ticket);
      return json;
    });
    const read = { ticket, answer };
    this.#reads.set(key, read);
    const done = () => {
      if (this.#reads.get(key) === read) this.#reads.delete(key);
    };
    answer.then(done, done);
    return answer;
  }

  evict(userId: string): void {
    this.#generation++;
    this.#users.delete(userId);
  }

  setListening(isListening: boolean): void {
    this.#isListening = isListening;
    if (!isListening) {
      this.#generation++;
      this.#users.clear();
    }
  }
}

const readKey = (userId: string, what: string) => `${userId} ${what}`;
