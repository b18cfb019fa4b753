import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takingTurns } from './client.ts';

describe('PGlite taking turns', () => {
  let client: PGlite;

  beforeAll(async () => {
    client = await PGlite.create();
    await client.exec('create table item (id int primary key, note text)');
  });
  afterAll(async () => {
    await client.close();
  });

  /** Queues `count` statements at once and says how many had finished when a timer came due. */
  async function finishedBeforeTimer(db: PGlite, count: number): Promise<number> {
    let finished = 0;
    const timer = new Promise<number>((resolve) => setTimeout(() => resolve(finished), 0));
    await Promise.all(
      Array.from({ length: count }, (_, index) =>
        db.query('select $1::int as n', [index]).then(() => {
          finished++;
        }),
      ),
    );
    return timer;
  }

  it('lets the event loop run between statements, where PGlite alone runs the whole queue first', async () => {
    // PGlite answers within microtasks: a timer (or a socket) waits for every queued statement.
    expect(await finishedBeforeTimer(client, 200)).toBe(200);
    expect(await finishedBeforeTimer(takingTurns(client), 200)).toBeLessThan(20);
  });

  /** Runs two statements one after the other and says where a callback queued before them ran. */
  async function whereCallbackRan(db: PGlite): Promise<string[]> {
    const order: string[] = [];
    setImmediate(() => order.push('callback'));
    await db.query('select 1');
    order.push('first statement');
    await db.query('select 2');
    order.push('second statement');
    return [...order];
  }

  it('runs one statement per turn of the event loop, even when each waits for the one before, and the first at once', async () => {
    // A request's statements come one after another: PGlite alone runs them all inside the callback
    // that read the request, so the loop (and a socket waiting to be accepted) waits for them all.
    expect(await whereCallbackRan(client)).toEqual(['first statement', 'second statement']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await whereCallbackRan(takingTurns(client))).toEqual(['first statement', 'callback', 'second statement']);
  });

  it('keeps the order calls came in, answers each, and passes failures to their caller', async () => {
    const db = takingTurns(client);
    const order: number[] = [];
    const calls = Array.from({ length: 30 }, (_, index) =>
      db.query<{ n: number }>('select $1::int as n', [index]).then((result) => order.push(result.rows[0]!.n)),
    );
    const failing = db.query('select * from no_such_table');
    await Promise.all(calls);
    await expect(failing).rejects.toThrow(/no_such_table/);
    expect(order).toEqual(Array.from({ length: 30 }, (_, index) => index));
    // The queue goes on after a failure.
    expect((await db.query<{ n: number }>('select 1 as n')).rows[0]!.n).toBe(1);
  });

  it('runs a transaction as one call, its own statements inside it', async () => {
    const db = takingTurns(client);
    const outside = db.query('select count(*)::int as n from item');
    await db.transaction(async (tx) => {
      await tx.query('insert into item values (1, $1)', ['first']);
      await tx.query('insert into item values (2, $1)', ['second']);
    });
    expect((await outside).rows).toEqual([{ n: 0 }]);
    expect((await db.query('select count(*)::int as n from item')).rows).toEqual([{ n: 2 }]);
  });
});
