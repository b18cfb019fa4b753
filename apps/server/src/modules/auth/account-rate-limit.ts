import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export interface AccountLimitRule {
  /** better-auth's path under /api/auth. */
  path: string;
  windowSeconds: number;
  max: number;
}

/**
 * Per-account limits, on top of better-auth's per-address ones: one account's e-mails cannot be
 * flooded from many addresses. Keyed by the e-mail as typed (hashed), so an unknown address is
 * limited exactly like a known one and the answers reveal nothing. Sign-in has its own rule below.
 */
export const ACCOUNT_LIMITS: readonly AccountLimitRule[] = [
  { path: '/sign-up/email', windowSeconds: 60 * 60, max: 5 },
  { path: '/request-password-reset', windowSeconds: 60 * 60, max: 3 },
  { path: '/send-verification-email', windowSeconds: 60 * 60, max: 5 },
];

const digestOf = (text: string) => createHash('sha256').update(text.trim().toLowerCase()).digest('hex');

/** Seconds to wait when this attempt goes over the account's limit, else null. */
export async function hitAccountLimit(
  db: Db,
  rule: AccountLimitRule,
  email: string,
  now = Date.now(),
): Promise<number | null> {
  const digest = digestOf(email);
  return hitRateLimit(
    db,
    { key: `account:${rule.path}:${digest}`, windowSeconds: rule.windowSeconds, max: rule.max },
    1,
    now,
  );
}

/**
 * Failed sign-ins (a wrong password), counted per account and client address, so that a guesser
 * is stopped without locking the owner out: ten failures for someone's e-mail refused the owner's
 * right password too, from anywhere, for 15 minutes. Now a guesser's address is refused for that
 * account after `perAddress` failures; a guesser spreading over many addresses is refused after
 * `perAccount` failures in all, except at an address where the account signed in within
 * `knownDays`. A success counts nothing. Like the other limits, an unknown e-mail is treated
 * exactly like a known one.
 */
export const SIGN_IN_FAILURES = { windowSeconds: 15 * 60, perAddress: 10, perAccount: 100, knownDays: 30 } as const;

const signInKeys = (email: string, address: string) => {
  const account = digestOf(email);
  const pair = `${account}:${digestOf(address)}`;
  return {
    account: `sign-in-failures:${account}`,
    pair: `sign-in-failures:${pair}`,
    known: `sign-in-known:${pair}`,
  };
};

/** Seconds to wait before signing in to `email` from `address` may be tried again, else null. */
export async function signInRefusal(db: Db, email: string, address: string, now = Date.now()): Promise<number | null> {
  const keys = signInKeys(email, address);
  const result = await db.execute(sql`
    select key, count, last_request from rate_limit where key in (${keys.account}, ${keys.pair}, ${keys.known})`);
  const rows = (result as unknown as { rows: Array<{ key: string; count: number; last_request: string | number }> })
    .rows;
  const windowMs = SIGN_IN_FAILURES.windowSeconds * 1000;
  /** The seconds left in a key's window when its count reached `max`, else null. */
  const wait = (key: string, max: number) => {
    const row = rows.find((candidate) => candidate.key === key);
    if (!row || row.count < max) return null;
    const left = Number(row.last_request) + windowMs - now;
    return left > 0 ? Math.ceil(left / 1000) : null;
  };
  const pairWait = wait(keys.pair, SIGN_IN_FAILURES.perAddress);
  if (pairWait !== null) return pairWait;
  const known = rows.find((row) => row.key === keys.known);
  const isKnown = known !== undefined && Number(known.last_request) > now - SIGN_IN_FAILURES.knownDays * 86_400_000;
  return isKnown ? null : wait(keys.account, SIGN_IN_FAILURES.perAccount);
}

/** Notes how a sign-in to `email` from `address` went: a failure counts, a success marks the address known. */
export async function noteSignIn(
  db: Db,
  email: string,
  address: string,
  hasSucceeded: boolean,
  now = Date.now(),
): Promise<void> {
  const keys = signInKeys(email, address);
  if (hasSucceeded) {
    await db.execute(sql`
      insert into rate_limit (id, key, count, last_request) values (${randomUUID()}, ${keys.known}, 0, ${now})
      on conflict (key) do update set last_request = ${now}`);
    return;
  }
  const window = { windowSeconds: SIGN_IN_FAILURES.windowSeconds, max: Number.MAX_SAFE_INTEGER };
  await hitRateLimit(db, { ...window, key: keys.pair }, 1, now);
  await hitRateLimit(db, { ...window, key: keys.account }, 1, now);
}

export interface RateLimitRule {
  /** What is counted: one client, one account. Shares better-auth's rate_limit table. */
  key: string;
  windowSeconds: number;
  max: number;
}

/**
 * Counts `cost` against a fixed-window limit kept in the database, so every app server shares it;
 * returns the seconds to wait when this hit goes over the limit, else null.
 */
export async function hitRateLimit(db: Db, rule: RateLimitRule, cost = 1, now = Date.now()): Promise<number | null> {
  const windowStart = now - rule.windowSeconds * 1000;
  // One atomic statement, shared by every app server: a window that has passed starts over.
  const result = await db.execute(sql`
    insert into rate_limit (id, key, count, last_request) values (${randomUUID()}, ${rule.key}, ${cost}::int, ${now})
    on conflict (key) do update set
      count = case when rate_limit.last_request < ${windowStart} then ${cost}::int else rate_limit.count + ${cost}::int end,
      last_request = case when rate_limit.last_request < ${windowStart} then ${now} else rate_limit.last_request end
    returning count, last_request`);
  const row = (result as unknown as { rows: Array<{ count: number; last_request: string | number }> }).rows[0];
  if (!row || row.count <= rule.max) return null;
  const resetAt = Number(row.last_request) + rule.windowSeconds * 1000;
  return Math.max(1, Math.ceil((resetAt - now) / 1000));
}
