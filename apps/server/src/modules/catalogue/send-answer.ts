import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

interface PreparedAnswer {
  json: string;
  etag: string;
  /** Made on the first request that accepts gzip, then reused. */
  gzip?: Buffer;
}

/** Below this size gzip saves too little to be worth a header (the app-wide threshold too). */
export const GZIP_THRESHOLD = 1024;

/**
 * Serialised answers by the object they came from. The answer cache hands out the same object
 * for every hit, so a popular page is turned into JSON, hashed and compressed once instead of on
 * every request (that work, not the database, was what held cached catalogue reads back).
 */
const prepared = new WeakMap<object, PreparedAnswer>();

function prepare(value: object): PreparedAnswer {
  let answer = prepared.get(value);
  if (!answer) {
    const json = JSON.stringify(value);
    // Weak: the gzip and the plain bytes are the same answer, so one tag serves both encodings.
    answer = { json, etag: `W/"${createHash('sha1').update(json).digest('base64url').slice(0, 22)}"` };
    prepared.set(value, answer);
  }
  return answer;
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.slice(2);
  return header.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate === etag || candidate === bare || candidate === `W/${bare}`;
  });
}

export function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  return typeof header === 'string' && /\bgzip\b(?!\s*;\s*q=0(\.0*)?\s*(,|$))/.test(header);
}

/**
 * Sends a JSON answer with its ETag: 304 when the client already has it, the kept gzip when the
 * client accepts gzip, the kept JSON otherwise. Routes using it turn off the app-wide compression.
 */
export function sendAnswer(request: FastifyRequest, reply: FastifyReply, value: object, cacheControl: string) {
  const answer = prepare(value);
  void reply.header('cache-control', cacheControl).header('etag', answer.etag).header('vary', 'accept-encoding');
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.status(304).send();
  void reply.type('application/json; charset=utf-8');
  if (answer.json.length >= GZIP_THRESHOLD && acceptsGzip(request)) {
    answer.gzip ??= gzipSync(answer.json);
    return reply.header('content-encoding', 'gzip').send(answer.gzip);
  }
  return reply.send(answer.json);
}
