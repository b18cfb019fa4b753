import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accountTokens } from '../me/me-schema.ts';

/**
 * An account's secret addresses (DESIGN.md API: `POST /api/webhooks/:provider/:token`, `GET
 * /api/calendar/:token.ics`): whoever holds the token acts for the account in that one way, so it
 * is long and random, and renewing it makes the old address stop working.
 */
export type AccountTokenPurpose = 'webhooks' | 'calendar';

/** 32 random bytes, base64url: 43 characters, safe in a URL path as they are. */
export function newAccountToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The shape every token has: anything else names no account, without asking the database. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The account's token for `purpose`, made on first use. */
export async function getOrCreateAccountToken(db: Db, userId: string, purpose: AccountTokenPurpose): Promise<string> {
  const [created] = await db
    .insert(accountTokens)
    .values({ userId, purpose, token: newAccountToken() })
    .onConflictDoNothing({ target: [accountTokens.userId, accountTokens.purpose] })
    .returning({ token: accountTokens.token });
  if (created) return created.token;
  const [stored] = await db
    .select({ token: accountTokens.token })
    .from(accountTokens)
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose)));
  // Only a concurrent renewal racing a deletion could get here; a second try settles it.
  return stored ? stored.token : getOrCreateAccountToken(db, userId, purpose);
}

/** Replaces the account's token for `purpose`: the old one names nobody from now on. */
export async function renewAccountToken(db: Db, userId: string, purpose: AccountTokenPurpose): Promise<string> {
  const token = newAccountToken();
  await db
    .insert(accountTokens)
    .values({ userId, purpose, token })
    .onConflictDoUpdate({
      target: [accountTokens.userId, accountTokens.purpose],
      set: { token, createdAt: sql`now()` },
    });
  return token;
}

/**
 * The account a token names for `purpose`, or null. The lookup goes through the token's unique
 * index: no comparison in JavaScript whose time would tell how much of a guess was right.
 */
export async function findUserByAccountToken(
  db: Db,
  purpose: AccountTokenPurpose,
  token: string,
): Promise<string | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [row] = await db
    .select({ userId: accountTokens.userId })
    .from(accountTokens)
    .where(and(eq(accountTokens.token, token), eq(accountTokens.purpose, purpose)));
  return row?.userId ?? null;
}
