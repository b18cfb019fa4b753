import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerTurnBudget, TurnBudget } from './turn-budget.ts';

/** Resolves in the event loop's check phase: the turn in which it was called is over. */
const turnEnds = () => new Promise((resolve) => setImmediate(resolve));

/** A budget on a clock that only the requests move: each adds its cost. */
function budgetOf(budgetMs: number) {
  let now = 0;
  const budget = new TurnBudget(budgetMs, () => now);
  const started: string[] = [];
  const admit = (name: string, costMs = 0) =>
    budget.admit(() => {
      started.push(name);
      now += costMs;
    });
  return { budget, started, admit };
}

describe('TurnBudget', () => {
  it('starts requests at once while the turn has time, and the rest in a later turn, in arrival order', async () => {
    const { budget, started, admit } = budgetOf(1);
    admit('a', 0.6);
    admit('b', 0.6);
    admit('c');
    admit('d');
    expect(started).toEqual(['a', 'b']);
    expect(budget.waiting).toBe(2);
    await turnEnds();
    // Not in this turn's check phase: the next turn's poll phase accepts a connection first.
    expect(started).toEqual(['a', 'b']);
    await turnEnds();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    expect(budget.waiting).toBe(0);
  });

  it('starts at least one waiting request a turn, however long each takes', async () => {
    const { started, admit } = budgetOf(1);
    for (const name of ['a', 'b', 'c']) admit(name, 5);
    expect(started).toEqual(['a']);
    await turnEnds();
    await turnEnds();
    expect(started).toEqual(['a', 'b']);
    await turnEnds();
    expect(started).toEqual(['a', 'b', 'c']);
  });

  it('queues a request behind those waiting, even in a turn with time left', async () => {
    const { started, admit } = budgetOf(1);
    admit('a', 2);
    admit('b');
    await turnEnds();
    // A new turn with all its time: c still waits behind b.
    admit('c');
    expect(started).toEqual(['a']);
    await turnEnds();
    expect(started).toEqual(['a', 'b']);
    await turnEnds();
    expect(started).toEqual(['a', 'b', 'c']);
  });
});

describe('registerTurnBudget', () => {
  it('holds a request, its hooks and its handler until its turn', async () => {
    const app = Fastify();
    let now = 0;
    registerTurnBudget(app, new TurnBudget(1, () => now));
    const order: string[] = [];
    app.addHook('onRequest', (request, _reply, done) => {
      order.push(`hook ${request.url}`);
      done();
    });
    app.get('/:name', async (request) => {
      order.push(`handler ${request.url}`);
      now += 2;
      return { ok: true };
    });
    await app.ready();
    const first = app.inject('/a');
    await turnEnds();
    // The first request spent the turn's budget: the next ones wait for turns of their own.
    now += 2;
    const later = [app.inject('/b'), app.inject('/c')];
    const answers = await Promise.all([first, ...later]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(order).toEqual(['hook /a', 'handler /a', 'hook /b', 'handler /b', 'hook /c', 'handler /c']);
    await app.close();
  });
});
