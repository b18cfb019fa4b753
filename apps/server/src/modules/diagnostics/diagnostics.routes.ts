import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isDatabaseUnavailable } from '../../plugins/errors.ts';
import { findSessionUser } from '../auth/session.ts';

type Check = { status: 'working' | 'failed'; message: string | null };

function describe(error: unknown): { code: string | undefined; message: string } {
  const cause = (error as { cause?: unknown }).cause ?? error;
  return {
    code: (cause as { code?: string }).code,
    message: cause instanceof Error ? cause.message : String(cause),
  };
}

/** What a failed connection is called on the page: the driver's message names the database's address. */
export const CONNECTION_FAILED = 'Database connection failed: the database is not reachable right now.';

/**
 * GET /api/diagnostics/db (player.md §2 Database test page, §7 Diagnostics): is the user signed
 * in, and do the comments and user profiles tables answer a `select id … limit 1`. Anyone may ask,
 * so the database's own error messages (an address, a role, a schema) go to the server log; the
 * answer says what failed in plain words, and a signed-in user also reads a table's error.
 */
export async function diagnosticsRoutes(app: FastifyInstance, db: Db): Promise<void> {
  app.get('/api/diagnostics/db', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    let connection: Check = { status: 'working', message: null };
    try {
      await db.execute(sql`select 1`);
    } catch (error) {
      request.log.warn({ err: error }, 'diagnostics: database connection failed');
      connection = { status: 'failed', message: CONNECTION_FAILED };
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
        request.log.warn({ err: error, table: name }, 'diagnostics: table check failed');
        if (isDatabaseUnavailable(error)) return { status: 'failed', message: CONNECTION_FAILED };
        const detail = user ? message : 'the query failed (the server log has the details).';
        return {
          status: 'failed',
          message: name === 'comments' ? `Comments table error: ${detail}` : `Database connection failed: ${detail}`,
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
