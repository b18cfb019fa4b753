import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';
import { AppError } from './errors.ts';
import { inlineScriptHashes, readIndexHtml } from './web.ts';

function originOf(url: string | null): string[] {
  return url ? [new URL(url).origin] : [];
}

/**
 * The headers a helmet middleware sets, captured once. Helmet's headers depend on nothing in the
 * request, and @fastify/helmet rebuilt the middleware (parsing the whole policy) on every request:
 * a tenth of the CPU time of a cached catalogue answer.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Security headers and the Content-Security-Policy. Scripts come only from this origin, plus
 * index.html's inline settings script allowed by its hash ('unsafe-inline' never). Frames allow any https host because users add their own
 * embed sources; those frames are sandboxed by the player.
 */
export function securityHeaders(config: Config): Record<string, string> {
  const isHttps = config.publicUrl.startsWith('https:');
  return { ...helmetHeaders(helmetOptions(config, isHttps)), 'permissions-policy': PERMISSIONS_POLICY };
}

/**
 * The powerful features no page of Marquee uses are off, for the page and every frame in it (a
 * custom embed source is any host a user typed in). The player's features stay open to frames, each
 * embed getting only what its `allow` attribute grants (components/player/embed-frame.tsx):
 * fullscreen, autoplay, encrypted media, and picture-in-picture for the Library's own <video>.
 * Only features Chromium knows: an unknown name is a console error on every page.
 */
export const PERMISSIONS_POLICY = [
  ...[
    'accelerometer',
    'bluetooth',
    'camera',
    'display-capture',
    'geolocation',
    'gyroscope',
    'hid',
    'magnetometer',
    'microphone',
    'midi',
    'payment',
    'screen-wake-lock',
    'serial',
    'usb',
    'xr-spatial-tracking',
  ].map((feature) => `${feature}=()`),
  ...['autoplay', 'encrypted-media', 'fullscreen', 'picture-in-picture'].map((feature) => `${feature}=*`),
].join(', ');

function helmetOptions(config: Config, isHttps: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // index.html's one inline script (the settings applied before the first paint), by hash.
        scriptSrc: ["'self'", ...inlineScriptHashes(readIndexHtml(config.webDistDir)), ...originOf(config.adScriptUrl)],
        // Radix and Sonner set style attributes and a style element at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...originOf(config.tmdbImageUrl)],
        // The Library and media server sources stream from /api/media* on this origin; an HLS
        // stream played through hls.js reaches the <video> as a MediaSource's blob: address.
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // Trailers embed youtube-nocookie.com, and custom sources are any https host the user
        // chose in settings, so no narrower list exists; plain http and other schemes stay out,
        // and the player sandboxes every such frame.
        frameSrc: ["'self'", 'https:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Embedded players and artwork from other origins must still load.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: isHttps ? { maxAge: 15552000, includeSubDomains: true } : false,
  };
}

/** Sets `headers` (securityHeaders) on every answer. */
export function registerSecurity(app: FastifyInstance, headers: Record<string, string>): void {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(headers);
    done();
  });
  // A built script, style sheet or font is never a document: the policies that only a document
  // obeys (CSP, framing, referrer, opener…) would be a kilobyte of headers on each of them.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/assets/') && ASSET_TYPES.test(String(reply.getHeader('content-type') ?? '')))
      for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    done(null, payload);
  });
}

/** The content types of the web build's files under /assets/ (never HTML, never SVG). */
const ASSET_TYPES = /^(application\/javascript|text\/javascript|text\/css|font\/)/;

/** Headers that no browser applies to a script, style sheet or font. */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a state-changing request comes from another site: a foreign Origin, or the browser says so. */
export function isCrossSite(request: Pick<FastifyRequest, 'headers' | 'protocol'>, publicUrl: string): boolean {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== 'null') {
    const allowed = new Set([new URL(publicUrl).origin, `${request.protocol}://${request.headers.host ?? ''}`]);
    return !allowed.has(origin);
  }
  if (origin === 'null') return true;
  // Without Origin (old browsers, tools like curl), a browser's own verdict still counts.
  return request.headers['sec-fetch-site'] === 'cross-site';
}

/**
 * CSRF guard for the whole API: a POST, PATCH, PUT or DELETE sent from another site is refused
 * (403) before any route runs, whatever the cookie's SameSite. Requests without Origin (API
 * clients, curl) are not forged by browsers, so they pass.
 */
export function registerCsrfGuard(app: FastifyInstance, config: Config): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return done();
    if (isCrossSite(request, config.publicUrl))
      return done(new AppError('forbidden', 'Cross-site requests are not allowed'));
    done();
  });
}
