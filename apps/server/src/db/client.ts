import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The database handle every repository takes as its first argument (a transaction fits too). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL: the longest a query waits for its answer (DB_QUERY_TIMEOUT_MS); null when unbounded. */
  queryTimeoutMs?: number | null;
  /** Runs raw SQL and returns its rows; both drivers answer `{rows}`. */
  rows<T extends Record<string, unknown>>(query: SQL): Promise<T[]>;
  /** Runs a raw statement; for health checks and LISTEN/NOTIFY plumbing. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../drizzle');

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; null opens PGlite. */
  databaseUrl: string | null;
  /** PGlite data folder; null keeps the database in memory (tests). */
  dataDir: string | null;
  /** PGlite data to start from (a migrated snapshot), which saves the migration time in tests. */
  loadDataDir?: Blob | File;
  migrate?: boolean;
  /**
   * PostgreSQL: the longest a query may wait for its answer (DB_QUERY_TIMEOUT_MS). A database that
   * stops answering without dropping its connections would otherwise hold every request on it.
   */
  queryTimeoutMs?: number;
}

/** The default of DB_QUERY_TIMEOUT_MS: the app's queries take milliseconds. */
export const DEFAULT_QUERY_TIMEOUT_MS = 10_000;

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const migrate = options.migrate !== false;
  if (options.databaseUrl) {
    // Migrations may build an index over millions of rows: they run on their own connections,
    // without the requests' time limit.
    if (migrate) {
      const migrator = openPostgres(options.databaseUrl, null);
      try {
        await migrateDatabase(migrator);
      } finally {
        await migrator.close();
      }
    }
    return openPostgres(options.databaseUrl, options.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS);
  }
  const database = await openPglite(options.dataDir, options.loadDataDir);
  if (migrate) {
    try {
      await migrateDatabase(database);
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  return database;
}

export async function migrateDatabase(database: Database): Promise<void> {
  const migrate = database.kind === 'pglite' ? migratePglite : migratePg;
  // Both migrators accept any drizzle database of their driver; the union type is ours.
  await (migrate as (db: Db, config: { migrationsFolder: string }) => Promise<void>)(database.db, {
    migrationsFolder: MIGRATIONS_DIR,
  });
}

/** PGlite's calls that take its one connection: a statement, a script, a whole transaction. */
const TURN_TAKING = new Set<PropertyKey>(['query', 'exec', 'transaction']);

/**
 * PGlite with its calls taken one at a time, in the order they came, and at most one in each turn
 * of the event loop. PGlite answers within microtasks, which Node runs after every callback it
 * makes, so without turns a request's statements all ran inside the callback that read it:
 * - queued statements: the whole queue ran inside whichever callback came next;
 * - one request after another: each socket's callback served its request whole, so a turn of the
 *   loop served every ready socket (100-200 ms at 200 connections). libuv accepts one connection
 *   per turn, so new connections waited in the listen queue, some over 10 s.
 * Taking turns, a statement that finds another one run in this turn of the loop waits for the
 * next: sockets are read and connections accepted between two statements. The first statement of
 * a quiet moment runs at once. A transaction is one call: its own statements go straight on.
 */
export function takingTurns(client: PGlite): PGlite {
  let tail: Promise<unknown> = Promise.resolve();
  /** Whether a call started in this turn of the event loop (cleared in the turn's check phase). */
  let ranThisTurn = false;
  const endTurn = () => {
    ranThisTurn = false;
  };
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const turn = tail
      .then(() => (ranThisTurn ? nextTurn() : undefined))
      .then(() => {
        ranThisTurn = true;
        setImmediate(endTurn);
        return work();
      });
    tail = turn.catch(() => undefined);
    return turn;
  };
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => Promise<unknown>;
      return TURN_TAKING.has(property)
        ? (...args: unknown[]) => inTurn(() => method.apply(target, args))
        : method.bind(target);
    },
  });
}

/**
 * PGlite's PostgreSQL settings beside its own defaults. Its shared buffers live in the WebAssembly
 * memory, and PostgreSQL touches all of them at start: the default 128 MB was 150 MB of the
 * server's resident size before a single query. The default catalogue's tables and indexes take
 * about 13 MB and a household's personal data a few more; a page missing from the buffers is read
 * from the data folder (the operating system's cache, not this process's memory). 16 MB held as
 * little but slowed the sync scenario at 200 connections (4-6 req/s against 20 at 128 MB, 40 at
 * 32 MB: a burst of writes evicted dirty pages).
 */
export const PGLITE_SHARED_BUFFERS = '32MB';
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];

async function openPglite(dataDir: string | null, loadDataDir?: Blob | File): Promise<Database & { client: PGlite }> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir ? path.join(dataDir, 'pglite') : undefined, {
    extensions: { pg_trgm },
    // PGlite flushes its files after every query, reads included; awaiting that flush made each
    // search 5-10x slower. Flushing in the background keeps a crash from losing more than the last
    // instant of writes, and close() flushes everything on shutdown.
    relaxedDurability: true,
    startParams: PGLITE_START_PARAMS,
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  const db = drizzlePglite({ client: takingTurns(client), schema }) as unknown as Db;
  return {
    client,
    db,
    kind: 'pglite',
    rows: (query) => selectRows(db, query),
    async ping() {
      await client.query('select 1');
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

function openPostgres(databaseUrl: string, queryTimeoutMs: number | null): Database & { pool: pg.Pool } {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    // A connection that takes longer to open than a query may take to answer is as good as lost.
    connectionTimeoutMillis: Math.min(5_000, queryTimeoutMs ?? 5_000),
    // A query whose answer does not come in time fails ("Query read timeout"), its request answers
    // 503 (plugins/errors.ts) and the pool drops that connection.
    ...(queryTimeoutMs ? { query_timeout: queryTimeoutMs } : {}),
    // Named statements (preparedStatement) keep one generic plan per connection. Left to choose,
    // PostgreSQL planned search's statements anew on most calls (their generic estimates looked
    // worse than the plans made for the values, which were the same plans): about 0.3 ms more
    // database time per search, half of it. Only preparedStatement names statements.
    options: '-c plan_cache_mode=force_generic_plan',
  });
  // A client losing its connection (database restart) emits 'error', and an 'error' event without
  // a listener ends the process. The pool listens on idle clients only; a client checked out for
  // a transaction gets its own listener here. The query under way fails, and its request answers
  // 503 (plugins/errors.ts); the pool drops the broken client and connects a new one next time.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  let closed = false;
  return {
    pool,
    db,
    kind: 'postgres',
    queryTimeoutMs,
    rows: (query) => selectRows(db, query),
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

async function selectRows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();

/**
 * A raw statement run as the named prepared statement `name`: PostgreSQL parses and plans it once
 * per connection instead of on every call, which for a short query can be half its cost (PGlite
 * runs it as usual). The text is built once too: `query` takes each call's values through
 * `sql.placeholder(key)` (a list is one placeholder: `${sql.placeholder('ids')}::int[]`), and
 * constants may be written into it. Each variant of a text needs its own name.
 */
export function preparedStatement<T extends object, Values extends object>(
  name: string,
  query: SQL,
): (db: Db, values: Values) => Promise<T[]> {
  const compiled = dialect.sqlToQuery(query);
  // One drizzle prepared query per database handle (a transaction is one too).
  const perDb = new WeakMap<Db, { execute(values: Record<string, unknown>): Promise<unknown> }>();
  return async (db, values) => {
    let prepared = perDb.get(db);
    if (!prepared) {
      prepared = db._.session.prepareQuery(compiled, undefined, name, false);
      perDb.set(db, prepared);
    }
    const result = (await prepared.execute(values as Record<string, unknown>)) as { rows: T[] };
    return result.rows;
  };
}

const boundToClient = new WeakMap<pg.PoolClient, Db>();

/**
 * Runs `work` on one connection of the pool behind `db` (PGlite and transactions have only one):
 * statements that depend on each other then wait for a connection once, not once each, which
 * under load is most of their time.
 */
export async function withConnection<T>(db: Db, work: (db: Db) => Promise<T>): Promise<T> {
  const pool = (db as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return work(db);
  const client = await pool.connect();
  let bound = boundToClient.get(client);
  if (!bound) {
    bound = drizzlePg({ client, schema }) as unknown as Db;
    boundToClient.set(client, bound);
  }
  try {
    const result = await work(bound);
    client.release();
    return result;
  } catch (error) {
    // A failed connection must not go back to the pool; a failed query costs a reconnection.
    client.release(error instanceof Error ? error : true);
    throw error;
  }
}
