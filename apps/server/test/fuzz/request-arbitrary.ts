import fc from 'fast-check';
import { z } from 'zod';
import type { ApiRoute } from '../api-routes.ts';
import { ABSENT, accepts, anyText, deriveInput, type Derived, type Hints, type Schema } from './zod-arbitrary.ts';

/**
 * Requests to one endpoint, derived from the schemas of its inputs: mostly valid ones (so that the
 * handler runs to its end), ones with exactly one input wrong, and a few of pure noise; each sent
 * by a signed-in user or not, some with the conditional and range headers of a cached download.
 */

/** Who sends it: the route's user, nobody, a forged session, or another user. */
export type Sender = 'own' | 'none' | 'bogus' | 'other';

export type Body = { json: unknown } | { raw: string; contentType: string } | null;

export interface FuzzRequest {
  kind: 'valid' | 'mutant' | 'noise' | 'sweep';
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Body;
  headers: Record<string, string>;
  sender: Sender;
}

/** Stand-ins for the ETag and Last-Modified of the route's last answer, filled in when sent. */
export const LAST_ETAG = '<last etag>';
export const LAST_MODIFIED = '<last modified>';

export interface RouteSchemas {
  params?: Schema;
  query?: Schema;
  body?: Schema;
  hints?: Hints;
}

interface Part {
  name: 'params' | 'query' | 'body';
  schema: Schema;
  derived: Derived;
  example: unknown;
}

/** A free text for each name, where the route says no more about its input. */
function freeObject(names: string[]): Schema {
  return z.object(Object.fromEntries(names.map((name) => [name, z.string()])));
}

export interface RouteArbitraries {
  request: fc.Arbitrary<FuzzRequest>;
  sweep: FuzzRequest[];
  /** Whether the schemas accept the request's inputs as the server receives them. */
  isSchemaValid(request: FuzzRequest): boolean;
  defaultSender: Sender;
}

function senders(route: ApiRoute): fc.Arbitrary<Sender> {
  return route.session || route.ownUser
    ? fc.oneof(
        { weight: 12, arbitrary: fc.constant<Sender>('own') },
        { weight: 1, arbitrary: fc.constantFrom<Sender>('none', 'bogus', 'other') },
      )
    : fc.oneof(
        { weight: 5, arbitrary: fc.constant<Sender>('none') },
        { weight: 3, arbitrary: fc.constant<Sender>('own') },
        { weight: 1, arbitrary: fc.constantFrom<Sender>('bogus', 'other') },
      );
}

const RANGES = [
  'bytes=0-0',
  'bytes=0-99',
  'bytes=-10',
  'bytes=10-',
  'bytes=5-1',
  'bytes=0-1,2-3',
  'bytes=99999999999-',
  'bytes=-0',
  'bytes=0-99999999999999999999',
  'bytes= 1-2',
  'items=0-1',
  'bytes=abc',
];
const DATES = ['Thu, 01 Jan 1970 00:00:00 GMT', 'Fri, 31 Dec 2100 23:59:59 GMT', 'not a date', '0'];

/** The conditional and range headers of a download or a cached read, each alone or mixed. */
const conditionalHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    'if-none-match': fc.constantFrom(LAST_ETAG, '*', 'W/"abc"', '"nope"', `${LAST_ETAG}, "x"`, 'garbage'),
    'if-modified-since': fc.constantFrom(LAST_MODIFIED, ...DATES),
    'if-match': fc.constantFrom(LAST_ETAG, '*', '"nope"', 'W/"weak"'),
    'if-unmodified-since': fc.constantFrom(LAST_MODIFIED, ...DATES),
    range: fc.oneof(
      fc.constantFrom(...RANGES),
      fc.tuple(fc.nat(400_000), fc.nat(400_000)).map(([start, end]) => `bytes=${start}-${end}`),
    ),
    'if-range': fc.constantFrom(LAST_ETAG, LAST_MODIFIED, '"stale"', 'garbage'),
    'accept-encoding': fc.constantFrom('gzip', 'identity', 'gzip;q=0', 'br, gzip;q=0.5', '*'),
  },
  { requiredKeys: [] },
);

function conditionalSweep(route: ApiRoute): Array<Record<string, string>> {
  if (route.method !== 'GET' && route.method !== 'HEAD') return [];
  const cached: Array<Record<string, string>> = [
    { 'if-none-match': LAST_ETAG },
    { 'if-none-match': '*' },
    { 'if-none-match': 'W/"other", "nope"' },
    { 'if-modified-since': LAST_MODIFIED },
    { 'accept-encoding': 'gzip' },
  ];
  if (!route.path.startsWith('/api/media/stream/')) return cached;
  return [
    ...cached,
    { 'if-modified-since': DATES[1]! },
    { 'if-match': '"nope"' },
    { 'if-match': LAST_ETAG },
    { 'if-unmodified-since': DATES[0]! },
    { 'if-range': LAST_ETAG, range: 'bytes=0-9' },
    { 'if-range': '"stale"', range: 'bytes=0-9' },
    { 'if-range': LAST_MODIFIED, range: 'bytes=0-9' },
    ...RANGES.map((range) => ({ range })),
  ];
}

export function routeArbitraries(
  route: ApiRoute,
  schemas: RouteSchemas,
  examples: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown },
): RouteArbitraries {
  const hints = schemas.hints ?? {};
  const paramNames = route.path.match(/:\w+/g)?.map((name) => name.slice(1)) ?? [];
  const parts: Part[] = [];
  const paramsSchema = schemas.params ?? freeObject(paramNames);
  parts.push({
    name: 'params',
    schema: paramsSchema,
    example: examples.params ?? {},
    derived: deriveInput(paramsSchema, { where: 'text', example: examples.params ?? {}, hints }),
  });
  const querySchema = schemas.query ?? (examples.query ? freeObject(Object.keys(examples.query)) : z.object({}));
  parts.push({
    name: 'query',
    schema: querySchema,
    example: examples.query ?? {},
    derived: deriveInput(querySchema, { where: 'text', example: examples.query ?? {}, hints, repeatKeys: true }),
  });
  const hasBody = route.body !== undefined || schemas.body !== undefined;
  // A route whose valid body is not JSON (a multipart upload) gets it as it is, and damaged copies as noise.
  const given = hasBody ? undefined : route.rawBody?.();
  const rawBody: Body | null = given ? { raw: given.payload, contentType: given.contentType } : null;
  if (hasBody) {
    const bodySchema = schemas.body ?? z.unknown();
    parts.push({
      name: 'body',
      schema: bodySchema,
      example: examples.body,
      derived: deriveInput(bodySchema, { where: 'json', example: examples.body, hints }),
    });
  }
  const byName = (name: Part['name']) => parts.find((part) => part.name === name);
  const defaultSender: Sender = route.session || route.ownUser ? 'own' : 'none';
  const headers =
    route.method === 'GET' || route.method === 'HEAD'
      ? fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, { weight: 2, arbitrary: conditionalHeaders })
      : fc.constant({});

  const assemble = (
    kind: FuzzRequest['kind'],
    values: fc.Arbitrary<Partial<Record<Part['name'], unknown>>>,
    body?: fc.Arbitrary<Body>,
  ): fc.Arbitrary<FuzzRequest> =>
    fc
      .record({ values, headers, sender: senders(route), raw: body ?? fc.constant(undefined) })
      .map(({ values: chosen, headers: sent, sender, raw }) => ({
        kind,
        params: (chosen.params ?? {}) as Record<string, unknown>,
        query: (chosen.query ?? {}) as Record<string, unknown>,
        body: raw !== undefined ? raw : hasBody ? { json: chosen.body } : rawBody,
        headers: sent,
        sender,
      }));

  const validValues = fc.record(Object.fromEntries(parts.map((part) => [part.name, part.derived.valid])));
  const mutants = parts
    .filter((part) => part.derived.invalid)
    .map((part) =>
      fc.record(
        Object.fromEntries(
          parts.map((other) => [other.name, other === part ? part.derived.invalid! : other.derived.valid]),
        ),
      ),
    );
  const noiseValues = fc.record({
    params: fc.record(Object.fromEntries(paramNames.map((name) => [name, anyText]))),
    query: fc.dictionary(fc.string({ maxLength: 8 }), anyText, { maxKeys: 3 }),
    body: fc.jsonValue({ maxDepth: 3 }),
  });
  const noiseBody: fc.Arbitrary<Body> = hasBody
    ? fc.oneof(
        { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((json) => ({ json })) },
        { weight: 2, arbitrary: anyText.map((raw) => ({ raw, contentType: 'application/json' })) },
        {
          weight: 1,
          arbitrary: fc.constantFrom<Body>(
            { raw: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
            { raw: '{"a":1}', contentType: 'text/plain' },
            { raw: '', contentType: 'application/json' },
            { raw: '{"a":', contentType: 'application/json' },
            { raw: '\u0000', contentType: 'application/octet-stream' },
            { raw: '{"a":"\\ud800","\\udc00":"\\u0000"}', contentType: 'application/json' },
          ),
        },
      )
    : given
      ? fc.constantFrom<Body>(
          { raw: given.payload.slice(0, Math.floor(given.payload.length / 2)), contentType: given.contentType },
          { raw: given.payload.replace('\r\n\r\n', '\r\n'), contentType: given.contentType },
          { raw: given.payload, contentType: 'text/plain' },
          { raw: given.payload, contentType: 'multipart/form-data; boundary=another' },
          { raw: '', contentType: given.contentType },
          { raw: '{"a":1}', contentType: 'application/json' },
        )
      : fc.constant(null);

  const request = fc.oneof(
    { weight: 5, arbitrary: assemble('valid', validValues) },
    ...(mutants.length > 0 ? [{ weight: 4, arbitrary: assemble('mutant', fc.oneof(...mutants)) }] : []),
    { weight: 1, arbitrary: assemble('noise', noiseValues, noiseBody) },
  );

  const base = (): FuzzRequest => ({
    kind: 'sweep',
    params: { ...(examples.params ?? {}) },
    query: { ...(examples.query ?? {}) },
    body: hasBody ? { json: examples.body } : rawBody,
    headers: {},
    sender: defaultSender,
  });
  const sweep: FuzzRequest[] = [base()];
  for (const part of parts) {
    if (part.example === undefined) continue;
    for (const variant of part.derived.sweep(part.example)) {
      if (variant === ABSENT) continue;
      const request = base();
      if (part.name === 'body') request.body = { json: variant };
      else request[part.name] = variant as Record<string, unknown>;
      sweep.push(request);
    }
  }
  for (const headers of conditionalSweep(route)) sweep.push({ ...base(), headers });
  if (route.session || route.ownUser) {
    for (const sender of ['none', 'bogus', 'other'] as const) sweep.push({ ...base(), sender });
  } else {
    sweep.push({ ...base(), sender: 'own' });
  }

  const isSchemaValid = (sent: FuzzRequest) => {
    const params = byName('params')!;
    const query = byName('query')!;
    const body = byName('body');
    let json: unknown = sent.body && 'json' in sent.body ? sent.body.json : undefined;
    if (rawBody && 'raw' in rawBody && sent.body && 'raw' in sent.body) {
      // A non-JSON body is valid only as the row gave it.
      if (sent.body.raw !== rawBody.raw || sent.body.contentType !== rawBody.contentType) return false;
    } else if (sent.body && 'raw' in sent.body) {
      // Raw bytes are valid only when they are JSON, sent as JSON, of the body's shape.
      if (sent.body.contentType !== 'application/json') return false;
      try {
        json = JSON.parse(sent.body.raw);
      } catch {
        return false;
      }
    }
    return (
      accepts(params.schema, withoutAbsent(sent.params)) &&
      accepts(query.schema, withoutAbsent(sent.query)) &&
      (!body || !sent.body || accepts(body.schema, json))
    );
  };
  return { request, sweep, isSchemaValid, defaultSender };
}

export function withoutAbsent(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== ABSENT && field !== undefined));
}
