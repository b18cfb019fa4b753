import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from './client.ts';

/** Sends a NOTIFY on `channel`; every app server LISTENing on the same database hears it. */
export async function notify(database: Database, channel: string, payload: string): Promise<void> {
  await database.db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/**
 * LISTENs on `channel` and calls `onMessage` with each payload; returns the function that stops.
 * PGlite listens in-process. PostgreSQL needs a connection of its own (a pooled one would be
 * handed to other queries), which reconnects after a database restart.
 */
export async function listen(
  database: Database,
  channel: string,
  onMessage: (payload: string) => void,
): Promise<() => Promise<void>> {
  if (database.kind === 'pglite') {
    const client = (database as Database & { client: PGlite }).client;
    const unlisten = await client.listen(channel, onMessage);
    // A stopped PGlite has no listeners left to remove, and would throw on the attempt (at shutdown).
    return async () => {
      if (!client.closed) await unlisten();
    };
  }
  const { pool } = database as Database & { pool: pg.Pool };
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const connect = async () => {
    if (stopped) return;
    const next = new pg.Client({ connectionString: (pool.options as { connectionString: string }).connectionString });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onMessage(message.payload);
    });
    next.on('error', () => {
      next.end().catch(() => {});
      if (client === next) client = null;
      if (!stopped) retry = setTimeout(() => void connect(), 1000);
    });
    try {
      await next.connect();
      await next.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
      client = next;
    } catch {
      await next.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void connect(), 1000);
    }
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}
