import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from './client.ts';

/** Sends a NOTIFY on `channel`; every app server LISTENing on the same database hears it. */
export async function notify(database: Database, channel: string, payload: string): Promise<void> {
  await database.db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

export interface ListenOptions {
  /**
   * Told when the listener starts or stops hearing the channel (its PostgreSQL connection dropped,
   * or came back): what was sent in between is lost.
   */
  onListening?: (isListening: boolean) => void;
}

export interface Listener {
  /** Stops listening. */
  stop(): Promise<void>;
  /**
   * Sends a NOTIFY on the listening connection itself (PostgreSQL delivers a session's own
   * notifications to it too): no pooled connection to wait for. Fails while it is reconnecting.
   * `channel` must be a plain identifier (letters, digits, underscores).
   */
  notify(channel: string, payload: string): Promise<void>;
}

/**
 * LISTENs on `channel` (or several, on one connection: PostgreSQL then delivers their messages in
 * the order they were sent) and calls `onMessage` with each payload. PGlite listens in-process.
 * PostgreSQL needs a connection of its own (a pooled one would be handed to other queries), which
 * reconnects after a database restart.
 */
export async function listen(
  database: Database,
  channel: string | readonly string[],
  onMessage: (payload: string, channel: string) => void,
  { onListening }: ListenOptions = {},
): Promise<Listener> {
  const channels = typeof channel === 'string' ? [channel] : channel;
  if (database.kind === 'pglite') {
    const client = (database as Database & { client: PGlite }).client;
    const unlistens = await Promise.all(
      channels.map((name) => client.listen(name, (payload) => onMessage(payload, name))),
    );
    onListening?.(true);
    return {
      // A stopped PGlite has no listeners left to remove, and would throw on the attempt (at shutdown).
      async stop() {
        onListening?.(false);
        if (!client.closed) for (const unlisten of unlistens) await unlisten();
      },
      async notify(name, payload) {
        checkChannel(name);
        await notify(database, name, payload);
      },
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
      if (channels.includes(message.channel) && message.payload !== undefined) {
        onMessage(message.payload, message.channel);
      }
    });
    next.on('error', () => {
      next.end().catch(() => {});
      if (client === next) {
        client = null;
        onListening?.(false);
      }
      if (!stopped) retry = setTimeout(() => void connect(), 1000);
    });
    try {
      await next.connect();
      for (const name of channels) await next.query(`LISTEN "${name.replace(/"/g, '""')}"`);
      client = next;
      onListening?.(true);
    } catch {
      await next.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void connect(), 1000);
    }
  };
  await connect();
  /** The NOTIFYs sent on the connection, one at a time: pg 9 refuses a query while one is under way. */
  let sending: Promise<unknown> = Promise.resolve();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      onListening?.(false);
      await client?.end().catch(() => {});
    },
    async notify(name, payload) {
      checkChannel(name);
      const sent = sending.then(async () => {
        if (!client) throw new Error('the listener is reconnecting');
        // The simple query protocol: one message each way, no statement to parse and bind.
        await client.query(`NOTIFY ${name}, ${client.escapeLiteral(payload)}`);
      });
      sending = sent.catch(() => {});
      return sent;
    },
  };
}

/** A channel `notify` writes into its statement: a plain lower-case identifier only. */
function checkChannel(name: string): void {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain channel name: ${name}`);
}
