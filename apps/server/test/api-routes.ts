import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import type { HttpAnswer, HttpRequest } from './test-server.ts';

/**
 * Every API route with one valid request each: the table the security and fuzz suites attack.
 * A new route is one line here (its path, its parameters and query with a valid value each, a
 * valid body, whether it needs a session); both suites then cover it.
 */
export interface ApiRoute {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** With `:name` placeholders filled from `params`. */
  path: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** A valid JSON body; every string in it is a text input the suites attack. */
  body?: () => Record<string, unknown>;
  /** Answers only a signed-in user (401 without a session). */
  session?: boolean;
  /** Changes stored data when it succeeds (so a cross-site or rejected request must change nothing). */
  mutates?: boolean;
  /** The route's own body limit in bytes, when smaller than the app's 1 MiB. */
  bodyLimit?: number;
  /**
   * Its valid request may end the session or change the account it is sent with (sign-out,
   * password change, revocations): the suites send it with a user of its own.
   */
  ownUser?: boolean;
  /** Answers an event stream that stays open: read the status and headers, then hang up. */
  stream?: boolean;
}

const at = '2026-11-20T10:00:00.000Z';
export const historyItem = (id: number) => ({
  id: `movie:${id}`,
  movie_id: id,
  movie_title: `Title ${id}`,
  movie_poster: null,
  content_type: 'movie',
  watched_at: at,
  duration_watched: 120,
  total_duration: 1000,
  completed: false,
  synced: false,
  season_number: null,
  episode_number: null,
  episode_title: null,
});

export const API_ROUTES: ApiRoute[] = [
  { method: 'GET', path: '/api/health' },
  { method: 'GET', path: '/api/config' },
  {
    method: 'GET',
    path: '/api/catalogue/discover',
    query: {
      type: 'movie',
      page: '1',
      sort_by: 'popularity.desc',
      with_genres: '18',
      primary_release_year: '1999',
      vote_average_gte: '5',
      vote_count_gte: '10',
      with_original_language: 'en',
      certification: 'pg13',
    },
  },
  { method: 'GET', path: '/api/catalogue/search', query: { q: 'godfather', page: '1' } },
  {
    method: 'GET',
    path: '/api/catalogue/top-rated',
    query: { type: 'movie', period: 'all-time', vote_count_gte: '100', page: '1' },
  },
  { method: 'GET', path: '/api/catalogue/genres', query: { type: 'tv' } },
  { method: 'GET', path: '/api/catalogue/movie/:id', params: { id: '550' } },
  { method: 'GET', path: '/api/catalogue/tv/:id', params: { id: '1396' } },
  { method: 'GET', path: '/api/catalogue/tv/:id/season/:n', params: { id: '1396', n: '1' } },
  { method: 'GET', path: '/api/catalogue/:type/:id/similar', params: { type: 'movie', id: '550' } },
  {
    method: 'GET',
    path: '/api/art/:size/:kind/:type/:file',
    params: { size: 'w342', kind: 'poster', type: 'movie', file: '550.svg' },
  },
  {
    method: 'GET',
    path: '/api/art/:size/still/tv/:id/:season/:file',
    params: { size: 'w400', id: '1396', season: '1', file: '1.svg' },
  },
  { method: 'GET', path: '/api/profiles/username-available', query: { username: 'someone' } },
  { method: 'GET', path: '/api/lists', query: { page: '1' } },
  { method: 'GET', path: '/api/lists/:id', params: { id: 'most-voted-films' }, query: { page: '1' } },
  {
    method: 'GET',
    path: '/api/recommend',
    query: {
      q: 'something scary but funny',
      type: 'movie',
      watched: 'movie:550,tv:1396',
      genres: '18,35',
      personalize: 'true',
    },
  },
  { method: 'GET', path: '/api/media/library' },
  { method: 'GET', path: '/api/media/title/:type/:id', params: { type: 'movie', id: '550' } },
  { method: 'GET', path: '/api/media/stream/:id', params: { id: '0123456789abcdef01234567' } },
  { method: 'POST', path: '/api/media/rescan' },
  { method: 'GET', path: '/api/diagnostics/db' },
  {
    method: 'POST',
    path: '/api/feedback',
    mutates: true,
    body: () => ({
      name: 'Ada',
      email: 'ada@example.org',
      feedback_type: 'general',
      subject: 'Hello',
      message: 'A message.',
      rating: 4,
    }),
  },
  {
    method: 'POST',
    path: '/api/events',
    mutates: true,
    bodyLimit: 64 * 1024,
    body: () => ({
      events: [{ name: 'search', params: { term: 'alien' }, at, session_id: 'fuzz-session-1', page: '/search' }],
      consent: { shareWatchHistory: true },
    }),
  },
  { method: 'GET', path: '/api/comments', query: { content_type: 'movie', content_id: '550' } },
  { method: 'GET', path: '/api/comments/count', query: { content_type: 'movie', content_id: '550' } },
  { method: 'GET', path: '/api/comments/counts', query: { items: 'movie:550,tv:1396' } },
  {
    method: 'POST',
    path: '/api/comments',
    session: true,
    mutates: true,
    body: () => ({ content_type: 'movie', content_id: 550, content: 'A fine film.' }),
  },
  {
    method: 'PATCH',
    path: '/api/comments/:id',
    params: { id: '00000000-0000-4000-8000-000000000000' },
    session: true,
    body: () => ({ content: 'Edited.' }),
  },
  {
    method: 'DELETE',
    path: '/api/comments/:id',
    params: { id: '00000000-0000-4000-8000-000000000000' },
    session: true,
  },
  { method: 'GET', path: '/api/me/history', session: true },
  { method: 'GET', path: '/api/me/watch-later', session: true },
  { method: 'GET', path: '/api/me/settings', session: true },
  { method: 'GET', path: '/api/me/profile', session: true },
  {
    method: 'PATCH',
    path: '/api/me/profile',
    session: true,
    mutates: true,
    body: () => ({ username: 'film_fan', avatar_url: 'https://example.org/me.png' }),
  },
  {
    method: 'POST',
    path: '/api/me/sync',
    session: true,
    mutates: true,
    body: () => ({ operations: [{ op: 'upsert', store: 'history', item: historyItem(550), at }] }),
  },
  {
    method: 'POST',
    path: '/api/auth/sign-up/email',
    mutates: true,
    body: () => ({ email: 'new-user@example.org', password: 'correct-horse', name: '' }),
  },
  {
    method: 'POST',
    path: '/api/auth/sign-in/email',
    body: () => ({ email: 'someone@example.org', password: 'correct-horse' }),
  },
  { method: 'GET', path: '/api/comments/stream', query: { content_type: 'movie', content_id: '550' }, stream: true },
  { method: 'GET', path: '/api/dev/outbox' },
  { method: 'GET', path: '/api/dev/events', query: { session_id: 'fuzz-session-1' } },
  // better-auth's endpoints, all behind the one /api/auth/* route (auth.api lists them).
  { method: 'GET', path: '/api/auth/get-session' },
  { method: 'POST', path: '/api/auth/get-session' },
  { method: 'GET', path: '/api/auth/ok' },
  { method: 'GET', path: '/api/auth/error', query: { error: 'state_mismatch' } },
  { method: 'POST', path: '/api/auth/sign-out', ownUser: true, mutates: true, body: () => ({}) },
  {
    method: 'POST',
    path: '/api/auth/sign-in/social',
    body: () => ({ provider: 'github', callbackURL: '/settings' }),
  },
  { method: 'GET', path: '/api/auth/callback/:id', params: { id: 'github' }, query: { code: 'abc', state: 'xyz' } },
  {
    method: 'POST',
    path: '/api/auth/callback/:id',
    params: { id: 'github' },
    body: () => ({ code: 'abc', state: 'xyz' }),
  },
  { method: 'GET', path: '/api/auth/verify-email', query: { token: 'not-a-real-token', callbackURL: '/' } },
  {
    method: 'POST',
    path: '/api/auth/send-verification-email',
    mutates: true,
    body: () => ({ email: 'someone@example.org', callbackURL: '/' }),
  },
  {
    method: 'POST',
    path: '/api/auth/request-password-reset',
    mutates: true,
    body: () => ({ email: 'someone@example.org', redirectTo: '/reset-password' }),
  },
  { method: 'GET', path: '/api/auth/reset-password/:token', params: { token: 'abcdef' }, query: { callbackURL: '/' } },
  {
    method: 'POST',
    path: '/api/auth/reset-password',
    mutates: true,
    body: () => ({ newPassword: 'another-horse', token: 'not-a-real-token' }),
  },
  { method: 'POST', path: '/api/auth/verify-password', session: true, body: () => ({ password: 'correct-horse' }) },
  {
    method: 'POST',
    path: '/api/auth/change-email',
    session: true,
    ownUser: true,
    mutates: true,
    body: () => ({ newEmail: 'changed@example.org', callbackURL: '/' }),
  },
  {
    method: 'POST',
    path: '/api/auth/change-password',
    session: true,
    ownUser: true,
    mutates: true,
    body: () => ({ currentPassword: 'correct-horse', newPassword: 'another-horse', revokeOtherSessions: true }),
  },
  { method: 'POST', path: '/api/auth/update-session', session: true, ownUser: true, mutates: true, body: () => ({}) },
  {
    method: 'POST',
    path: '/api/auth/update-user',
    session: true,
    ownUser: true,
    mutates: true,
    body: () => ({ name: 'renamed', image: 'https://example.org/me.png' }),
  },
  {
    method: 'POST',
    path: '/api/auth/delete-user',
    session: true,
    ownUser: true,
    mutates: true,
    body: () => ({ password: 'correct-horse', callbackURL: '/' }),
  },
  { method: 'GET', path: '/api/auth/delete-user/callback', query: { token: 'not-a-real-token', callbackURL: '/' } },
  { method: 'GET', path: '/api/auth/list-sessions', session: true },
  {
    method: 'POST',
    path: '/api/auth/revoke-session',
    session: true,
    ownUser: true,
    mutates: true,
    body: () => ({ token: 'not-a-real-token' }),
  },
  { method: 'POST', path: '/api/auth/revoke-sessions', session: true, ownUser: true, mutates: true, body: () => ({}) },
  {
    method: 'POST',
    path: '/api/auth/revoke-other-sessions',
    session: true,
    ownUser: true,
    mutates: true,
    body: () => ({}),
  },
  {
    method: 'POST',
    path: '/api/auth/link-social',
    session: true,
    body: () => ({ provider: 'github', callbackURL: '/settings' }),
  },
  { method: 'GET', path: '/api/auth/list-accounts', session: true },
  {
    method: 'POST',
    path: '/api/auth/unlink-account',
    session: true,
    ownUser: true,
    mutates: true,
    body: () => ({ providerId: 'github', accountId: '12345' }),
  },
  // These two check their body before the session.
  { method: 'POST', path: '/api/auth/refresh-token', body: () => ({ providerId: 'github' }) },
  { method: 'POST', path: '/api/auth/get-access-token', body: () => ({ providerId: 'github' }) },
  { method: 'GET', path: '/api/auth/account-info', session: true, query: { accountId: '12345' } },
];

export function fillPath(route: ApiRoute, params: Record<string, string> = route.params ?? {}): string {
  return route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** The HTTP request of a route's valid request, with parts replaced. */
export function requestOf(
  route: ApiRoute,
  parts: {
    params?: Record<string, string>;
    query?: Record<string, string>;
    body?: unknown;
    headers?: Record<string, string>;
    remoteAddress?: string;
  } = {},
): HttpRequest {
  const query = new URLSearchParams(parts.query ?? route.query ?? {}).toString();
  const body = 'body' in parts ? parts.body : route.body?.();
  return {
    method: route.method,
    url: fillPath(route, parts.params) + (query ? `?${query}` : ''),
    headers: { origin: 'http://localhost:3000', ...parts.headers },
    ...(body !== undefined ? { payload: body } : {}),
    ...(parts.remoteAddress ? { remoteAddress: parts.remoteAddress } : {}),
    ...(route.stream ? { headersOnly: true } : {}),
  };
}

/** Whether a route of the table answers a request the app routes as `method url` (`*` = any rest). */
export function tableCovers(route: ApiRoute, method: string, url: string): boolean {
  if (route.method !== method) return false;
  const pattern = url
    .split('/')
    .map((part) => (part === '*' ? '.+' : part.startsWith(':') ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${pattern}$`).test(route.path);
}

/** Every string leaf of a body with its path, for attacking each text input in turn. */
export function stringPaths(value: unknown, path: Array<string | number> = []): Array<Array<string | number>> {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringPaths(item, [...path, index]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
  return [];
}

export function withValueAt(value: unknown, path: Array<string | number>, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head!] = withValueAt(copy[head!], rest, replacement);
  return copy;
}

/** What a signed-in user has stored, read through the API, to prove a rejected request changed nothing. */
export async function storedState(send: (request: HttpRequest) => Promise<HttpAnswer>, cookie: string) {
  const read = async (url: string) => (await send({ url, headers: { cookie } })).json();
  const profile = await read('/api/me/profile');
  return {
    history: await read('/api/me/history'),
    watchLater: await read('/api/me/watch-later'),
    settings: await read('/api/me/settings'),
    profile: { username: profile.username, avatar_url: profile.avatar_url },
  };
}

/**
 * The tables that hold what users and visitors stored, and the catalogue's size: one digest per
 * table, read straight from the database. Bookkeeping that a refused request may legitimately
 * write (rate-limit counters, the TMDB cache) is left out.
 */
export const USER_TABLES = [
  'user',
  'account',
  'session',
  'verification',
  'user_profiles',
  'viewing_history',
  'watch_later',
  'user_settings',
  'comments',
  'feedback',
  'analytics_events',
  'movie_lists',
  'movie_list_items',
] as const;

export async function userDataSnapshot(database: Pick<Database, 'rows'>): Promise<Record<string, string>> {
  const parts = USER_TABLES.map(
    (table) =>
      `select '${table}' as name, count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as digest from "${table}" t`,
  );
  parts.push(`select 'titles' as name, count(*)::text as digest from titles`);
  const rows = await database.rows<{ name: string; digest: string }>(sql.raw(parts.join(' union all ')));
  return Object.fromEntries(rows.map((row) => [row.name, row.digest]));
}
