import type { FastifyInstance } from 'fastify';

/**
 * How long one turn of the event loop serves requests before the rest wait for a later turn. A
 * turn also accepts one new connection: libuv accepts a single connection per turn of the loop
 * since 1.45 (libuv/libuv#3696, Node 20). A turn that served every request ready on 200 open
 * connections took 30-60 ms on this machine, and the last of 200 connections opened at once
 * waited 130 such turns to be accepted: 1-4 s before its first request was even read, most of the
 * PGlite mixed load's p99 in bench:session. Turns of about this length accept a connection every
 * millisecond or two, and run PGlite's statements (one a turn, db/client.ts) as often.
 */
export const TURN_BUDGET_MS = 1;

/** The most requests one turn offers to serve; those the budget leaves are offered again next turn. */
const MAX_SLOTS = 64;

/**
 * Serves requests in arrival order, for at most `budgetMs` a turn of the event loop (and at least
 * one request a turn): a request that finds the turn's budget spent, or others already waiting,
 * waits for a later turn. Only the start of a request waits; once started it runs as it would have.
 *
 * The waiting requests are started from the check phase (setImmediate), one an immediate so that
 * the budget counts the microtasks each one ran. Immediates queued during a check phase run in the
 * next turn's, after its poll phase has accepted a connection and read the sockets.
 */
export class TurnBudget {
  readonly #waiting: Array<() => void> = [];
  /** When this turn started serving requests; undefined between turns. */
  #turnStartedAt: number | undefined;
  #isEndScheduled = false;
  /** Whether this turn has still to start a waiting request whatever its budget (progress). */
  #mustStartOne = false;

  constructor(
    private readonly budgetMs = TURN_BUDGET_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Starts `start` now when this turn has time left and nothing waits, else in a later turn. */
  admit(start: () => void): void {
    this.#beginTurn();
    if (this.#waiting.length === 0 && this.now() - this.#turnStartedAt! < this.budgetMs) start();
    else this.#waiting.push(start);
  }

  /** Requests waiting for a turn. */
  get waiting(): number {
    return this.#waiting.length;
  }

  #beginTurn(): void {
    if (this.#turnStartedAt !== undefined) return;
    this.#turnStartedAt = this.now();
    this.#scheduleEnd();
  }

  #scheduleEnd(): void {
    if (this.#isEndScheduled) return;
    this.#isEndScheduled = true;
    setImmediate(this.#endTurn);
  }

  readonly #endTurn = (): void => {
    this.#isEndScheduled = false;
    this.#turnStartedAt = undefined;
    if (this.#waiting.length === 0) return;
    this.#mustStartOne = true;
    for (let slot = Math.min(this.#waiting.length, MAX_SLOTS); slot > 0; slot--) setImmediate(this.#slot);
    this.#scheduleEnd();
  };

  readonly #slot = (): void => {
    if (this.#waiting.length === 0) return;
    this.#beginTurn();
    if (!this.#mustStartOne && this.now() - this.#turnStartedAt! >= this.budgetMs) return;
    this.#mustStartOne = false;
    this.#waiting.shift()!();
  };
}

/** Every request of `app` takes its turn (TurnBudget); registered before every other onRequest hook. */
export function registerTurnBudget(app: FastifyInstance, budget = new TurnBudget()): void {
  app.addHook('onRequest', (_request, _reply, done) => budget.admit(done));
}
