import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/** No request of this API nests deeper than a handful of levels; 32 leaves ample room. */
export const MAX_JSON_DEPTH = 32;

/** A UTF-16 surrogate without its other half (`\p{Cs}` matches only those in a `u` pattern). */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Why a string cannot be stored, or null. PostgreSQL cannot store U+0000 in text, and refuses a
 * lone surrogate in JSON (`\ud800` in a jsonb value; the drivers turn one in text into U+FFFD,
 * silently changing what was sent): either one reaching a query was a database error, a 500.
 */
export function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'must not contain a NUL character';
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode text (it holds a lone UTF-16 surrogate)';
  return null;
}

const pathOf = (parts: readonly string[], root: string) => (parts.length > 0 ? parts.join('.') : root);

/**
 * The first string (in document order) of a parsed value that cannot be stored, as the message of a
 * 400 naming it (`Invalid operations.0.item.movie_title: …`, the shape of a zod refusal), or null.
 * Object keys are checked too. Iterative: the value may be nested deeper than the stack allows;
 * past `maxDepth` levels the value is refused as a whole.
 */
export function badInputIn(value: unknown, root: string, maxDepth = Infinity): string | null {
  const pending: Array<[unknown, string[]]> = [[value, []]];
  while (pending.length > 0) {
    const [current, parts] = pending.pop()!;
    if (typeof current === 'string') {
      const problem = textProblem(current);
      if (problem) return `Invalid ${pathOf(parts, root)}: ${problem}`;
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (parts.length >= maxDepth) return `Request ${root} is nested more than ${maxDepth} levels deep`;
    const entries = Object.entries(current);
    for (const [key] of entries) {
      const problem = textProblem(key);
      if (problem) return `Invalid ${pathOf(parts, root)}: a property name ${problem}`;
    }
    // Pushed last to first, so that the first one is looked at first.
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, child] = entries[index]!;
      pending.push([child, [...parts, key]]);
    }
  }
  return null;
}

/**
 * JSON bodies through Fastify's own parser (prototype-poisoning checks included), refused with a
 * 400 when nested too deeply — re-serialising or validating such a body (better-auth re-encodes
 * it) recurses once per level and would overflow the stack into a 500 — or when a string (a value
 * or a key) holds NUL or a lone surrogate, which the database cannot store (`textProblem`).
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parse(request, String(body), (error: Error | null, value?: unknown) => {
      if (error) return done(error);
      const problem = badInputIn(value, 'body', MAX_JSON_DEPTH);
      if (problem) return done(new AppError('invalid_input', problem));
      done(null, value);
    });
  });
}

/**
 * Refuses a NUL character or a lone surrogate in the path parameters or the query with a 400 naming
 * the parameter, and a NUL anywhere in the address (`%00`): PostgreSQL cannot store or compare
 * U+0000 in text, so such a value reaching a query was a database error (500).
 */
export function registerUrlTextGuard(app: FastifyInstance): void {
  // Callback-style, as every hook run on each request (app.ts says why).
  app.addHook('onRequest', (request, _reply, done) => {
    const problem =
      badInputIn(request.params, 'path') ??
      badInputIn(request.query, 'query') ??
      (request.url.includes('\u0000') || /%00/i.test(request.url) ? 'Request address contains a NUL character' : null);
    if (problem) return done(new AppError('invalid_input', problem));
    done();
  });
}
