import type { FastifyInstance } from 'fastify';
import { and, eq, gt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import { userProfiles } from '../auth/auth-schema.ts';
import { findSessionUser } from '../auth/session.ts';
import { parseOrThrow } from '../catalogue/catalogue.routes.ts';
import { feedback } from './feedback-schema.ts';

export const FEEDBACK_TYPES = ['general', 'bug', 'feature', 'content', 'other'] as const;
/** Per sender (account or address): this many messages an hour, counted in the table. */
export const FEEDBACK_PER_HOUR = 5;

const optionalText = (max: number) => z.string().trim().max(max, `must be ${max} characters or fewer`).optional();
export const feedbackSchema = z
  .object({
    name: optionalText(100),
    email: z.string().trim().max(254).optional(),
    feedback_type: z
      .enum(FEEDBACK_TYPES, { message: `must be one of ${FEEDBACK_TYPES.join(', ')}` })
      .default('general'),
    subject: z
      .string({ message: 'is required' })
      .trim()
      .min(1, 'is required')
      .max(200, 'must be 200 characters or fewer'),
    message: z
      .string({ message: 'is required' })
      .trim()
      .min(1, 'is required')
      .max(5000, 'must be 5,000 characters or fewer'),
    rating: z
      .number()
      .int('must be a whole number')
      .min(1, 'must be from 1 to 5')
      .max(5, 'must be from 1 to 5')
      .nullable()
      .optional(),
  })
  .strict();

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** POST /api/feedback (product.md §3 Feedback): stored with status pending. */
export async function feedbackRoutes(app: FastifyInstance, db: Db): Promise<void> {
  app.post('/api/feedback', async (request, reply) => {
    const body = parseOrThrow(feedbackSchema, request.body ?? {}, 'body');
    const user = await findSessionUser(app, request);
    let name: string;
    let email: string | null;
    if (user) {
      // Signed in, the name and e-mail are the account's (product.md §2: prefilled and locked).
      const [profile] = await db
        .select({ username: userProfiles.username })
        .from(userProfiles)
        .where(eq(userProfiles.id, user.id));
      name = profile?.username || user.name || 'Anonymous';
      email = user.email;
    } else {
      // product.md §5: name and email are required when signed out.
      if (!body.name) throw new AppError('invalid_input', 'Invalid body.name: is required');
      if (!body.email) throw new AppError('invalid_input', 'Invalid body.email: is required');
      if (!EMAIL.test(body.email)) throw new AppError('invalid_input', 'Invalid body.email: must be an email address');
      name = body.name;
      email = body.email;
    }
    const since = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    const sender = user ? eq(feedback.userId, user.id) : eq(feedback.clientIp, request.ip);
    const [{ count }] = (await db
      .select({ count: sql<number>`count(*)::int` })
      .from(feedback)
      .where(and(user ? or(sender, eq(feedback.clientIp, request.ip)) : sender, gt(feedback.createdAt, since)))) as [
      { count: number },
    ];
    if (count >= FEEDBACK_PER_HOUR) {
      void reply.header('retry-after', '3600');
      throw new AppError('rate_limited', 'You have sent a lot of feedback recently. Please try again in an hour.');
    }
    const [row] = await db
      .insert(feedback)
      .values({
        userId: user?.id ?? null,
        name: name || 'Anonymous',
        email,
        feedbackType: body.feedback_type,
        subject: body.subject,
        message: body.message,
        rating: body.rating ?? null,
        clientIp: request.ip,
      })
      .returning({ id: feedback.id, status: feedback.status });
    return reply.status(201).send(row);
  });
}
