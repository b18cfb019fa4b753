import Fastify from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable, registerErrorHandler } from './errors.ts';

/** An error as node-postgres reports a server's ErrorResponse, with its SQLSTATE. */
function serverError(code: string, message: string): pg.DatabaseError {
  const error = new pg.DatabaseError(message, message.length, 'error');
  error.code = code;
  error.severity = code.startsWith('57P') ? 'FATAL' : 'ERROR';
  return error;
}

/** As a repository sees it: drizzle wraps the driver's error. */
const fromDrizzle = (cause: Error) => new DrizzleQueryError('select 1', [], cause);

/** What a restarting PostgreSQL answers, as the app receives it. */
const restarting: Array<[string, Error]> = [
  // The server shuts down (or pg_terminate_backend): every session gets this, then the socket closes.
  ['57P01 admin_shutdown', serverError('57P01', 'terminating connection due to administrator command')],
  // While it starts up again (or shuts down), a new connection is refused with this.
  ['57P03 cannot_connect_now (starting up)', serverError('57P03', 'the database system is starting up')],
  ['57P03 cannot_connect_now (shutting down)', serverError('57P03', 'the database system is shutting down')],
  [
    '57P01, wrapped by drizzle',
    fromDrizzle(serverError('57P01', 'terminating connection due to administrator command')),
  ],
  ['57P03, wrapped by drizzle', fromDrizzle(serverError('57P03', 'the database system is starting up'))],
];

/** Errors of the request or the code: the database is there. */
const notOutages: Array<[string, Error]> = [
  ['23505 unique_violation', fromDrizzle(serverError('23505', 'duplicate key value violates unique constraint'))],
  ['42P01 undefined_table', fromDrizzle(serverError('42P01', 'relation "nope" does not exist'))],
  ['57014 query_canceled', serverError('57014', 'canceling statement due to statement timeout')],
  ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
];

describe('isDatabaseUnavailable', () => {
  it.each(restarting)('counts %s as the database being unavailable', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each(notOutages)('does not count %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('the error handler, for a restarting PostgreSQL', () => {
  const app = Fastify({ logger: false });
  let thrown: Error = new Error('unset');

  beforeAll(async () => {
    registerErrorHandler(app);
    app.get('/fails', async () => {
      throw thrown;
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it.each(restarting)('answers %s with a clean 503', async (_, error) => {
    thrown = error;
    const response = await app.inject('/fails');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: { code: 'unavailable', message: DATABASE_UNAVAILABLE_MESSAGE } });
    expect(response.body).not.toContain('terminating');
    expect(response.body).not.toContain('starting up');
  });

  it('answers a database error that is no outage with a bare 500', async () => {
    thrown = notOutages[0]![1];
    const response = await app.inject('/fails');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: { code: 'internal', message: 'Internal server error' } });
  });
});
