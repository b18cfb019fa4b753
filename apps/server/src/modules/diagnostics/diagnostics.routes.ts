import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { findSessionUser } from '../auth/session.ts';

type Check = { status: 'working' | 'failed'; message: string | null };

function describe(error: unknown): { code: string | undefined; message: string } {
  const cause = (error as { cause?: unknown }).cause ?? error;
  return {
    code: (cause as { code?: string }).code,
    message: cause instanceof Error ? cause.message : String(cause),
  };
}

/**
 * GET /api/diagnostics/db (player.md §2 Database test page, §7 Diagnostics): is the user signed
 * in, and do the comments and user profiles tables answer a `select id … limit 1`.
 */
export async function diagnosticsRoutes(app: FastifyInstance, db: Db): Promise<void> {
  app.get('/api/diagnostics/db', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    let connection: Check = { status: 'working', message: null };
    try {
      await db.execute(sql`select 1`);
    } catch (error) {
      connection = { status: 'failed', message: `Database connection failed: ${describe(error).message}` };
    }
    const user = connection.status === 'working' ? await findSessionUser(app, request).catch(() => null) : null;
    const auth: Check = user
      ? { status: 'working', message: null }
      : { status: 'failed', message: 'User not authenticated. Please sign in first.' };

    async function table(name: 'comments' | 'user_profiles', missing: string): Promise<Check> {
      if (connection.status === 'failed') return connection;
      try {
        await db.execute(sql`select id from ${sql.identifier(name)} limit 1`);
        return { status: 'working', message: null };
      } catch (error) {
        const { code, message } = describe(error);
        if (code === '42P01') return { status: 'failed', message: missing };
        return {
          status: 'failed',
          message: name === 'comments' ? `Comments table error: ${message}` : `Database connection failed: ${message}`,
        };
      }
    }

    return {
      auth,
      comments: await table('comments', 'Comments table does not exist. Please run the database schema setup.'),
      user_profiles: await table(
        'user_profiles',
        'User profiles table does not exist. Please run the database schema setup.',
      ),
    };
  });
}
