import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import { parseOrThrow } from '../catalogue/catalogue.routes.ts';
import { userProfiles } from '../auth/auth-schema.ts';
import { isUsernameTaken, USERNAME_PATTERN } from '../auth/auth.ts';
import { findSessionUser, requireUser } from '../auth/session.ts';

export const username = z
  .string()
  .trim()
  .regex(USERNAME_PATTERN, 'must be 3 to 30 letters, digits, dots, dashes or underscores');

/** Profile save sends only username and avatar_url (product.md §5); the avatar must be http(s). */
export const profilePatchSchema = z
  .object({
    username: username.nullable().optional(),
    avatar_url: z
      .string()
      .trim()
      .max(2048, 'must be 2048 characters or fewer')
      .refine((value) => value === '' || /^https?:\/\//i.test(value), 'must start with http:// or https://')
      .refine((value) => value === '' || URL.canParse(value), 'must be a valid URL')
      .nullable()
      .optional(),
  })
  .strict();

async function profileOf(db: Db, userId: string) {
  const [row] = await db.select().from(userProfiles).where(eq(userProfiles.id, userId));
  if (!row) throw new AppError('not_found', 'Profile not found');
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    avatar_url: row.avatarUrl,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** GET/PATCH /api/me/profile and GET /api/profiles/username-available (DESIGN.md). */
export async function profileRoutes(app: FastifyInstance, db: Db): Promise<void> {
  app.get('/api/me/profile', async (request) => {
    const user = await requireUser(app, request);
    return { ...(await profileOf(db, user.id)), email_verified: user.emailVerified };
  });

  app.patch('/api/me/profile', async (request) => {
    const user = await requireUser(app, request);
    // No body changes nothing; a body that is not an object (null, a list) is refused.
    const patch = parseOrThrow(profilePatchSchema, request.body === undefined ? {} : request.body, 'body');
    if (patch.username && (await isUsernameTaken(db, patch.username, user.id))) {
      throw new AppError('conflict', 'Username is already taken');
    }
    await db
      .update(userProfiles)
      .set({
        ...(patch.username !== undefined ? { username: patch.username || null } : {}),
        ...(patch.avatar_url !== undefined ? { avatarUrl: patch.avatar_url || null } : {}),
        updatedAt: new Date(),
      })
      .where(eq(userProfiles.id, user.id));
    return { ...(await profileOf(db, user.id)), email_verified: user.emailVerified };
  });

  app.get('/api/profiles/username-available', async (request) => {
    const query = parseOrThrow(z.object({ username }), request.query, 'query');
    // The availability check excludes the current user's own id (product.md §5).
    const user = await findSessionUser(app, request);
    return { username: query.username, available: !(await isUsernameTaken(db, query.username, user?.id)) };
  });
}
