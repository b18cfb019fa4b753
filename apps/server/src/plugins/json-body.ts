import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/** No request of this API nests deeper than a handful of levels; 32 leaves ample room. */
export const MAX_JSON_DEPTH = 32;

/** Why a parsed body cannot be accepted, or null. Iterative: the body may be deeper than the stack. */
function problemWith(value: unknown): string | null {
  const pending: Array<[unknown, number]> = [[value, 1]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    // PostgreSQL cannot store U+0000 in text; letting it through turns a bad input into a 500.
    if (typeof current === 'string' && current.includes('\u0000')) return 'Request body contains a NUL character';
    if (current === null || typeof current !== 'object') continue;
    if (depth > MAX_JSON_DEPTH) return `Request body is nested more than ${MAX_JSON_DEPTH} levels deep`;
    for (const [key, child] of Object.entries(current)) pending.push([key, depth], [child, depth + 1]);
  }
  return null;
}

/**
 * JSON bodies through Fastify's own parser (prototype-poisoning checks included), refused with a
 * 400 when nested too deeply — re-serialising or validating such a body (better-auth re-encodes
 * it) recurses once per level and would overflow the stack into a 500 — or when a string holds NUL.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parse(request, String(body), (error: Error | null, value?: unknown) => {
      if (error) return done(error);
      const problem = problemWith(value);
      if (problem) return done(new AppError('invalid_input', problem));
      done(null, value);
    });
  });
}

/**
 * Refuses a NUL character anywhere in the path or query (`%00`) with a 400: PostgreSQL cannot
 * store or compare U+0000 in text, so such a value reaching a query was a database error (500).
 */
export function registerUrlNulGuard(app: FastifyInstance): void {
  // Callback-style, as every hook run on each request (app.ts says why).
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.url.includes('\u0000') || /%00/i.test(request.url))
      return done(new AppError('invalid_input', 'Request address contains a NUL character'));
    done();
  });
}
