import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { $ZodError, config } from 'zod/v4/core';
import { en } from 'zod/v4/locales';

/** Every error code the API answers with, and its HTTP status. One place maps them. */
export const ERROR_STATUS = {
  invalid_input: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  request_timeout: 408,
  precondition_failed: 412,
  payload_too_large: 413,
  uri_too_long: 414,
  headers_too_large: 431,
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  rate_limited: 429,
  internal: 500,
  upstream_failed: 502,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** An error the client may see: its code picks the status, its message is shown as is. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

/**
 * Turns a zod error into the message of a 400, naming the first bad field. Any zod error: the core
 * schemas are zod/mini ones, the server's own are classic, and both throw a `$ZodError`.
 */
export function describeZodError(error: $ZodError, where = 'input'): string {
  const issue = error.issues[0];
  if (!issue) return `Invalid ${where}`;
  const field = issue.path.length > 0 ? issue.path.join('.') : where;
  return `Invalid ${field}: ${issue.message}`;
}

function fromFastifyError(error: FastifyError): AppError | null {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('payload_too_large', 'Request body is too large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('unsupported_media_type', 'Unsupported content type');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('invalid_input', 'Request body is empty but declared as JSON');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('invalid_input', 'Request body is not valid JSON');
    default:
      break;
  }
  if (error.validation)
    return new AppError('invalid_input', `Invalid ${error.validationContext ?? 'input'}: ${error.message}`);
  if (error.statusCode === 429) return new AppError('rate_limited', error.message || 'Too many requests');
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError(error.statusCode === 404 ? 'not_found' : 'invalid_input', error.message);
  }
  return null;
}

/**
 * Fastify's router answers a URL it cannot route (bad percent-encoding, a path parameter over
 * maxParamLength) itself, before any route or the error handler, with a shape of its own. Passed
 * as Fastify's `frameworkErrors`, this answers them in the API's shape instead.
 */
export function frameworkErrorAnswer(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const appError =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new AppError('uri_too_long', 'Invalid path: a part of it is too long')
      : error.code === 'FST_ERR_BAD_URL'
        ? new AppError('invalid_input', 'Invalid path: it is not a valid URL')
        : null;
  if (!appError) {
    void reply.status(500).send({ error: { code: 'internal', message: 'Internal server error' } });
    return;
  }
  void reply.status(appError.status).send({ error: { code: appError.code, message: appError.message } });
}

/**
 * Node's HTTP parser refuses some requests before Fastify sees them (headers or a URL over 16 KB,
 * bytes that are no HTTP, a request that took too long to arrive). Passed as Fastify's
 * `clientErrorHandler`, this answers them on the socket in the API's shape, with `headers` (the
 * security headers), and closes it, as Node's own handler does.
 */
export function clientErrorAnswer(error: NodeJS.ErrnoException, socket: Duplex, headers: Record<string, string>): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [code, message]: [ErrorCode, string] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? ['headers_too_large', 'The request headers (with the address) are too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? ['request_timeout', 'The request took too long to arrive']
        : ['invalid_input', 'The request is not valid HTTP'];
  const status = ERROR_STATUS[code];
  const body = JSON.stringify({ error: { code, message } });
  if (socket.writable) {
    const lines = Object.entries({
      ...headers,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    }).map(([name, value]) => `${name}: ${value}`);
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('\r\n')}\r\n\r\n${body}`);
  }
  socket.destroy();
}

/** The 503 of a request that needed the database while it could not be reached. */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is not reachable right now. Please try again in a moment.';

const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);
const UNAVAILABLE_MESSAGES =
  /connection terminated|timeout exceeded when trying to connect|not currently accepting connections|connection error|query read timeout|PGlite is closed|Cannot use a pool after calling end/i;

/**
 * Whether an error means the database cannot be reached right now (restarting, refusing
 * connections, a dropped socket) rather than that the request or the code is wrong. Those
 * answer 503: the client may retry, and the pool reconnects on its own. Drizzle and better-auth
 * wrap the driver's error, so the whole cause chain is read.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08') || UNAVAILABLE_SOCKET_CODES.has(code)) return true;
    }
    if (UNAVAILABLE_MESSAGES.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

/** The SQLSTATE of a database error (`23505`: a unique index refused the row), read through the wrappers' causes. */
export function sqlStateOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = current.cause;
  }
  return undefined;
}

/**
 * The single error handler: known errors become {"error":{code,message}} with their status;
 * anything else is logged with the request id and answered as a bare 500, so that no stack
 * trace or internal detail reaches a client.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  // 400s quote zod's messages. The core schemas are zod/mini, which installs no messages (a bare
  // "Invalid input"); classic zod installs English with its first schema. Installed here, an
  // answer does not depend on whether a classic schema happened to be built before it.
  config(en());
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    let appError: AppError | null = null;
    if (error instanceof AppError) appError = error;
    else if (error instanceof $ZodError) appError = new AppError('invalid_input', describeZodError(error));
    else if (isDatabaseUnavailable(error)) appError = new AppError('unavailable', DATABASE_UNAVAILABLE_MESSAGE);
    else appError = fromFastifyError(error as FastifyError);

    if (!appError || appError.status >= 500) {
      request.log.error({ err: error }, 'request failed');
      const code: ErrorCode = appError?.code ?? 'internal';
      // A 503 says what cannot be reached (the database, the movie database): its AppError message
      // is written for clients. Any other 5xx tells nothing.
      const message = code === 'unavailable' && appError ? appError.message : 'Internal server error';
      return reply.status(ERROR_STATUS[code]).send({ error: { code, message } });
    }
    if (appError.status === 429 || appError.status === 413) request.log.warn({ code: appError.code }, appError.message);
    return reply
      .status(appError.status)
      .send({ error: { code: appError.code, message: appError.message, ...appError.details } });
  });
}
