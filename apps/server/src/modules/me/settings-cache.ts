/** The channel on which app servers tell each other that a user's settings changed. */
export const SETTINGS_CHANNEL = 'marquee_settings';

export interface SettingsCacheOptions {
  maxEntries?: number;
  ttlMs?: number;
  now?: () => number;
}

interface Entry {
  /** `GET /api/me/settings`'s answer, serialised once. */
  json: string;
  until: number;
}

/**
 * `GET /api/me/settings`'s answers of recent users, so that reading one's settings costs no
 * database round trip (DESIGN.md "Sync rules" leave settings to change only through the sync).
 * A sync that writes a user's settings evicts them here and NOTIFYs SETTINGS_CHANNEL, which every
 * app server hears on the sessions' listener connection: a read that passed that connection's
 * barrier has heard every eviction committed before it began. While the listener is down nothing
 * is cached, since an eviction could be missed.
 */
export class SettingsCache {
  readonly #entries = new Map<string, Entry>();
  readonly #maxEntries: number;
  readonly #ttlMs: number;
  readonly #now: () => number;
  /** Counts evictions: a read that began before one may have read what it evicted. */
  #generation = 0;
  #isListening = false;

  constructor({ maxEntries = 10_000, ttlMs = 60_000, now = Date.now }: SettingsCacheOptions = {}) {
    this.#maxEntries = maxEntries;
    this.#ttlMs = ttlMs;
    this.#now = now;
  }

  get(userId: string): string | undefined {
    const entry = this.#entries.get(userId);
    if (!entry) return undefined;
    if (entry.until <= this.#now()) {
      this.#entries.delete(userId);
      return undefined;
    }
    this.#entries.delete(userId);
    this.#entries.set(userId, entry);
    return entry.json;
  }

  /** A ticket for a read about to start; `set` drops its result if an eviction came meanwhile. */
  ticket(): number {
    return this.#generation;
  }

  set(userId: string, json: string, ticket: number): void {
    if (!this.#isListening || ticket !== this.#generation) return;
    this.#entries.delete(userId);
    this.#entries.set(userId, { json, until: this.#now() + this.#ttlMs });
    while (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next().value as string;
      this.#entries.delete(oldest);
    }
  }

  evict(userId: string): void {
    this.#generation++;
    this.#entries.delete(userId);
  }

  setListening(isListening: boolean): void {
    this.#isListening = isListening;
    if (!isListening) {
      this.#generation++;
      this.#entries.clear();
    }
  }
}
