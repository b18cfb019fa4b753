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
 * Per-account limits, on top of better-auth's per-address ones: a guesser spreading attempts on
 * one account over many addresses is stopped too. Keyed by the e-mail as typed (hashed), so an
 * unknown address is limited exactly like a known one and the answers reveal nothing.
 */
export const ACCOUNT_LIMITS: readonly AccountLimitRule[] = [
  { path: '/sign-in/email', windowSeconds: 15 * 60, max: 10 },
  { path: '/sign-up/email', windowSeconds: 60 * 60, max: 5 },
  { path: '/request-password-reset', windowSeconds: 60 * 60, max: 3 },
];

/** Seconds to wait when this attempt goes over the account's limit, else null. */
export async function hitAccountLimit(
  db: Db,
  rule: AccountLimitRule,
  email: string,
  now = Date.now(),
): Promise<number | null> {
  const digest = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
  return hitRateLimit(
    db,
    { key: `account:${rule.path}:${digest}`, windowSeconds: rule.windowSeconds, max: rule.max },
    1,
    now,
  );
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
