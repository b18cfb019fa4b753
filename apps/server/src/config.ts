import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

/** The server's configuration, read once from the environment at start. */
export interface Config {
  port: number;
  host: string;
  databaseUrl: string | null;
  dataDir: string;
  tmdbApiToken: string | null;
  tmdbApiUrl: string;
  tmdbImageUrl: string;
  /** The longest a catalogue request waits on TMDB before it is answered from the cache or 503 (TMDB_TIMEOUT_MS). */
  /** The longest a PostgreSQL query waits for its answer before its request answers 503 (DB_QUERY_TIMEOUT_MS). */
  dbQueryTimeoutMs: number;
  tmdbTimeoutMs: number;
  mediaDir: string | null;
  /** Bearer token that opens the Library's operator routes from another machine (MEDIA_ADMIN_TOKEN). */
  mediaAdminToken: string | null;
  /** The ffmpeg that converts Library files browsers cannot play (FFMPEG_PATH); null: the project's own, else PATH's. */
  ffmpegPath: string | null;
  /** Video transcodes the Library runs at once (MEDIA_TRANSCODE_LIMIT); remuxes get four times as many. */
  mediaTranscodeLimit: number;
  /**
   * A Jellyfin (JELLYFIN_URL + JELLYFIN_API_KEY) or Emby (EMBY_URL + EMBY_API_KEY) server whose
   * films and episodes become a video source; null when neither pair is set.
   */
  mediaServer: MediaServerConfig | null;
  smtpUrl: string | null;
  devOutbox: boolean;
  authSecret: string | null;
  publicUrl: string;
  /**
   * Whether PUBLIC_URL was set. Without it, a request whose Origin is the address it was sent to
   * is trusted by the auth routes, so that `npm start` works at 127.0.0.1 or a LAN address too.
   */
  isPublicUrlSet: boolean;
  adScriptUrl: string | null;
  communityUrl: string | null;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (TRUST_PROXY=1). */
  trustProxy: boolean;
  /** Analytics events one client (account, else address) may send per 5 minutes (EVENTS_RATE_LIMIT). */
  eventsRateLimit: number;
  /** Social sign-in providers whose client id and secret are set (GitHub, Google, generic OpenID Connect). */
  oauth: {
    github: { clientId: string; clientSecret: string } | null;
    google: { clientId: string; clientSecret: string } | null;
    oidc: { clientId: string; clientSecret: string; discoveryUrl: string; name: string } | null;
  };
  webDistDir: string;
  version: string;
}

export interface MediaServerConfig {
  kind: 'jellyfin' | 'emby';
  /** Without a trailing slash. */
  url: string;
  apiKey: string;
}

/** A bad environment variable: the message names it and says what was expected. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Invalid environment variable ${variable}: ${detail}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function read(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function parseUrl(env: Env, name: string, protocols: readonly string[]): string | null {
  const value = read(env, name);
  if (value === null) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(name, `expected a URL (${protocols.join(' or ')}), got ${JSON.stringify(value)}`);
  }
  if (!protocols.includes(url.protocol.replace(/:$/, ''))) {
    throw new ConfigError(name, `expected a ${protocols.join(' or ')} URL, got protocol "${url.protocol}"`);
  }
  return value;
}

function parsePort(env: Env): number {
  const value = read(env, 'PORT');
  if (value === null) return 3000;
  const port = Number(value);
  if (!/^\d+$/.test(value) || !Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError('PORT', `expected a whole number from 0 to 65535, got ${JSON.stringify(value)}`);
  }
  return port;
}

function parseDirectory(env: Env, name: string, cwd: string): string | null {
  const value = read(env, name);
  if (value === null) return null;
  const resolved = path.resolve(cwd, value);
  if (!existsSync(resolved) || !statSync(resolved).isDirectory()) {
    throw new ConfigError(name, `expected an existing folder, got ${JSON.stringify(value)}`);
  }
  return resolved;
}

function parseMediaServer(env: Env): MediaServerConfig | null {
  const servers = (['jellyfin', 'emby'] as const).flatMap((kind) => {
    const prefix = kind.toUpperCase();
    const url = parseUrl(env, `${prefix}_URL`, ['http', 'https']);
    const apiKey = read(env, `${prefix}_API_KEY`);
    if (Boolean(url) !== Boolean(apiKey)) {
      throw new ConfigError(
        url ? `${prefix}_API_KEY` : `${prefix}_URL`,
        `is required when ${prefix}_${url ? 'URL' : 'API_KEY'} is set`,
      );
    }
    return url && apiKey ? [{ kind, url: url.replace(/\/+$/, ''), apiKey }] : [];
  });
  if (servers.length > 1) throw new ConfigError('EMBY_URL', 'set JELLYFIN_URL or EMBY_URL, not both');
  return servers[0] ?? null;
}

/**
 * Reads and validates the configuration. Throws a ConfigError naming the first bad variable,
 * so that a typo stops the server at start with one clear line instead of failing later.
 */
export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const port = parsePort(env);
  const host = read(env, 'HOST') ?? '0.0.0.0';
  const databaseUrl = parseUrl(env, 'DATABASE_URL', ['postgres', 'postgresql']);
  const logLevel = (read(env, 'LOG_LEVEL') ?? 'info') as Config['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `expected one of ${LOG_LEVELS.join(', ')}, got ${JSON.stringify(logLevel)}`);
  }
  const authSecret = read(env, 'AUTH_SECRET');
  if (authSecret !== null && authSecret.length < 32) {
    throw new ConfigError('AUTH_SECRET', 'expected at least 32 characters');
  }
  const mediaAdminToken = read(env, 'MEDIA_ADMIN_TOKEN');
  // It guards the server's file paths and rescans: a short or spaced token is a typo or guessable.
  if (mediaAdminToken !== null && !/^[\x21-\x7e]{32,}$/.test(mediaAdminToken)) {
    throw new ConfigError('MEDIA_ADMIN_TOKEN', 'expected at least 32 printable characters without spaces');
  }
  const mediaTranscodeLimit = read(env, 'MEDIA_TRANSCODE_LIMIT') ?? '2';
  if (!/^[1-9]\d?$/.test(mediaTranscodeLimit)) {
    throw new ConfigError(
      'MEDIA_TRANSCODE_LIMIT',
      `expected a whole number from 1 to 99, got ${JSON.stringify(mediaTranscodeLimit)}`,
    );
  }
  const devOutbox = read(env, 'DEV_OUTBOX');
  if (devOutbox !== null && devOutbox !== '0' && devOutbox !== '1') {
    throw new ConfigError('DEV_OUTBOX', `expected 1 or 0, got ${JSON.stringify(devOutbox)}`);
  }
  const publicUrl = parseUrl(env, 'PUBLIC_URL', ['http', 'https']) ?? `http://localhost:${port}`;
  const trustProxy = read(env, 'TRUST_PROXY');
  if (trustProxy !== null && trustProxy !== '0' && trustProxy !== '1') {
    throw new ConfigError('TRUST_PROXY', `expected 1 or 0, got ${JSON.stringify(trustProxy)}`);
  }
  const tmdbTimeoutMs = read(env, 'TMDB_TIMEOUT_MS') ?? '8000';
  if (!/^[1-9]\d{2,4}$/.test(tmdbTimeoutMs) || Number(tmdbTimeoutMs) > 60_000) {
    throw new ConfigError(
      'TMDB_TIMEOUT_MS',
      `expected milliseconds from 100 to 60000, got ${JSON.stringify(tmdbTimeoutMs)}`,
    );
  }
  const dbQueryTimeoutMs = read(env, 'DB_QUERY_TIMEOUT_MS') ?? '10000';
  if (!/^[1-9]\d{2,5}$/.test(dbQueryTimeoutMs) || Number(dbQueryTimeoutMs) > 600_000) {
    throw new ConfigError(
      'DB_QUERY_TIMEOUT_MS',
      `expected milliseconds from 100 to 600000, got ${JSON.stringify(dbQueryTimeoutMs)}`,
    );
  }
  const eventsRateLimit = read(env, 'EVENTS_RATE_LIMIT') ?? '600';
  if (!/^[1-9]\d{0,6}$/.test(eventsRateLimit)) {
    throw new ConfigError(
      'EVENTS_RATE_LIMIT',
      `expected a whole number from 1 to 9999999, got ${JSON.stringify(eventsRateLimit)}`,
    );
  }

  const pair = (id: string, secret: string) => {
    const clientId = read(env, id);
    const clientSecret = read(env, secret);
    if (Boolean(clientId) !== Boolean(clientSecret)) {
      throw new ConfigError(clientId ? secret : id, `is required when ${clientId ? id : secret} is set`);
    }
    return clientId && clientSecret ? { clientId, clientSecret } : null;
  };
  const oidcClient = pair('OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET');
  const oidcDiscovery = parseUrl(env, 'OIDC_DISCOVERY_URL', ['https', 'http']);
  if (oidcClient && !oidcDiscovery)
    throw new ConfigError('OIDC_DISCOVERY_URL', 'is required when OIDC_CLIENT_ID is set');

  return {
    port,
    host,
    databaseUrl,
    dataDir: path.resolve(cwd, read(env, 'DATA_DIR') ?? '.data'),
    tmdbApiToken: read(env, 'TMDB_API_TOKEN'),
    tmdbApiUrl: parseUrl(env, 'TMDB_API_URL', ['http', 'https']) ?? 'https://api.themoviedb.org/3',
    tmdbImageUrl: parseUrl(env, 'TMDB_IMAGE_URL', ['http', 'https']) ?? 'https://image.tmdb.org/t/p',
    tmdbTimeoutMs: Number(tmdbTimeoutMs),
    dbQueryTimeoutMs: Number(dbQueryTimeoutMs),
    mediaDir: parseDirectory(env, 'MEDIA_DIR', cwd),
    mediaAdminToken,
    ffmpegPath: read(env, 'FFMPEG_PATH'),
    mediaTranscodeLimit: Number(mediaTranscodeLimit),
    mediaServer: parseMediaServer(env),
    smtpUrl: parseUrl(env, 'SMTP_URL', ['smtp', 'smtps']),
    devOutbox: devOutbox === '1',
    authSecret,
    publicUrl: publicUrl.replace(/\/$/, ''),
    isPublicUrlSet: read(env, 'PUBLIC_URL') !== null,
    adScriptUrl: parseUrl(env, 'AD_SCRIPT_URL', ['https']),
    communityUrl: parseUrl(env, 'COMMUNITY_URL', ['http', 'https']),
    logLevel,
    trustProxy: trustProxy === '1',
    eventsRateLimit: Number(eventsRateLimit),
    oauth: {
      github: pair('GITHUB_CLIENT_ID', 'GITHUB_CLIENT_SECRET'),
      google: pair('GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'),
      oidc:
        oidcClient && oidcDiscovery
          ? { ...oidcClient, discoveryUrl: oidcDiscovery, name: read(env, 'OIDC_NAME') ?? 'OpenID Connect' }
          : null,
    },
    webDistDir: path.resolve(cwd, read(env, 'WEB_DIST_DIR') ?? path.join(import.meta.dirname, '../../web/dist')),
    version: read(env, 'APP_VERSION') ?? '0.1.0',
  };
}
