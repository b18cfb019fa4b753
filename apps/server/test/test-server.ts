import http, { type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from './test-app.ts';
import type { TestDatabaseOptions } from './test-db.ts';

/** One request as a client sends it over the network. */
export interface HttpRequest {
  method?: string;
  /** Path and query, sent as written. */
  url: string;
  headers?: Record<string, string>;
  /** A string or bytes are sent as they are; anything else as JSON. */
  payload?: unknown;
  /**
   * The client's own address, any of 127.0.0.0/8 (the whole block is this machine's loopback), so
   * that per-address limits see different clients without trusting a forwarded-for header.
   */
  remoteAddress?: string;
  /** When the answer is an event stream (it never ends): resolve with its status and headers, then hang up. */
  headersOnly?: boolean;
  /** A request still unanswered after this fails the test (default 20 s). */
  timeoutMs?: number;
}

export interface HttpAnswer {
  statusCode: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** Milliseconds from sending to the end of the answer. */
  ms: number;
  json<T = any>(): T; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface TestServer extends TestApp {
  /** http://127.0.0.1:port */
  url: string;
  port: number;
  /** Sends a request over HTTP to the listening server. */
  request(request: HttpRequest | string): Promise<HttpAnswer>;
}

/**
 * The real app on a fresh test database, listening on 127.0.0.1 and a free port: the security
 * and resilience suites reach it over real HTTP, as an attacker or a client would.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  beforeReady?: (app: FastifyInstance) => void,
  options: TestDatabaseOptions = {},
): Promise<TestServer> {
  const t = await createTestApp(env, beforeReady, options);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  return {
    ...t,
    url: `http://127.0.0.1:${port}`,
    port,
    request: (request) => httpRequest(port, typeof request === 'string' ? { url: request } : request),
  };
}

function bodyBytes(payload: unknown): Buffer | null {
  if (payload === undefined) return null;
  if (Buffer.isBuffer(payload)) return payload;
  return Buffer.from(typeof payload === 'string' ? payload : JSON.stringify(payload));
}

function answer(statusCode: number, headers: IncomingHttpHeaders, body: string, started: number): HttpAnswer {
  return { statusCode, headers, body, ms: Date.now() - started, json: () => JSON.parse(body) };
}

/** One request on a connection of its own (node:http leaves the path exactly as given). */
export function httpRequest(port: number, request: HttpRequest): Promise<HttpAnswer> {
  const body = bodyBytes(request.payload);
  const headers: Record<string, string> = { connection: 'close', ...request.headers };
  if (body) {
    const isJson = !(typeof request.payload === 'string' || Buffer.isBuffer(request.payload));
    if (isJson && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) {
      headers['content-type'] = 'application/json';
    }
    headers['content-length'] = String(body.length);
  }
  const started = Date.now();
  const timeoutMs = request.timeoutMs ?? 20_000;
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: '127.0.0.1',
        port,
        method: request.method ?? 'GET',
        path: request.url,
        headers,
        agent: false,
        ...(request.remoteAddress ? { localAddress: request.remoteAddress } : {}),
      },
      (response) => {
        if (request.headersOnly && /^text\/event-stream/.test(response.headers['content-type'] ?? '')) {
          resolve(answer(response.statusCode ?? 0, response.headers, '', started));
          response.destroy();
          return;
        }
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve(answer(response.statusCode ?? 0, response.headers, Buffer.concat(chunks).toString('utf8'), started)),
        );
        response.on('error', reject);
      },
    );
    outgoing.setTimeout(timeoutMs, () => {
      outgoing.destroy(new Error(`${request.method ?? 'GET'} ${request.url}: no answer within ${timeoutMs} ms`));
    });
    outgoing.on('error', reject);
    outgoing.end(body ?? undefined);
  });
}

export interface RawAnswer {
  statusCode: number;
  /** The status line and headers as received. */
  head: string;
  body: string;
}

/**
 * Writes bytes to a new TCP connection and reads until the server closes it: for requests no
 * HTTP client would send as written (unnormalised `..` paths, broken framing). Send
 * `Connection: close` so the server ends the connection after answering.
 */
export function rawHttp(port: number, bytes: string | Buffer, timeoutMs = 10_000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`no complete answer within ${timeoutMs} ms`)));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      const head = split === -1 ? text : text.slice(0, split);
      let body = split === -1 ? '' : text.slice(split + 4);
      if (/^transfer-encoding:\s*chunked/im.test(head)) body = unchunk(body);
      resolve({ statusCode: Number(/^HTTP\/1\.\d (\d{3})/.exec(head)?.[1] ?? 0), head, body });
    });
    socket.write(bytes);
  });
}

function unchunk(body: string): string {
  let out = '';
  let rest = body;
  for (;;) {
    const lineEnd = rest.indexOf('\r\n');
    if (lineEnd === -1) return out;
    const size = parseInt(rest.slice(0, lineEnd), 16);
    if (!size) return out;
    out += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
}
