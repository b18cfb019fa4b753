import type { FastifyInstance, InjectOptions } from 'fastify';

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
];

export function fillPath(route: ApiRoute, params: Record<string, string> = route.params ?? {}): string {
  return route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** The inject options of a route's valid request, with parts replaced. */
export function requestOf(
  route: ApiRoute,
  parts: {
    params?: Record<string, string>;
    query?: Record<string, string>;
    body?: unknown;
    headers?: Record<string, string>;
    remoteAddress?: string;
  } = {},
): InjectOptions {
  const query = new URLSearchParams(parts.query ?? route.query ?? {}).toString();
  const body = 'body' in parts ? parts.body : route.body?.();
  return {
    method: route.method,
    url: fillPath(route, parts.params) + (query ? `?${query}` : ''),
    headers: { origin: 'http://localhost:3000', ...parts.headers },
    ...(body !== undefined ? { payload: body as Record<string, unknown> } : {}),
    ...(parts.remoteAddress ? { remoteAddress: parts.remoteAddress } : {}),
  };
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

/** What a signed-in user has stored, to prove a rejected request changed nothing. */
export async function storedState(app: FastifyInstance, cookie: string) {
  const read = async (url: string) => (await app.inject({ url, headers: { cookie } })).json();
  const profile = await read('/api/me/profile');
  return {
    history: await read('/api/me/history'),
    watchLater: await read('/api/me/watch-later'),
    settings: await read('/api/me/settings'),
    profile: { username: profile.username, avatar_url: profile.avatar_url },
  };
}
