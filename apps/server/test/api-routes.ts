import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { mediaFileId } from '../src/modules/media/media-library.ts';
import {
  hlsSessionParams as mediaServerSessionParams,
  streamParams as mediaServerStreamParams,
} from '../src/modules/media-servers/media-servers.routes.ts';
import { INPUTS, type RouteInput } from './route-schemas.ts';
import { tableDigests } from './table-digest.ts';
import type { HttpAnswer, HttpRequest } from './test-server.ts';

/**
 * Every API route with one valid request each: the table the security and fuzz suites attack.
 * A new route is one line here (its path, its parameters and query with a valid value each, a
 * valid body, whether it needs a session, the schemas of its inputs); both suites then cover it.
 * The valid requests are valid on the fuzz suite's server (test/resilience/fuzz.test.ts), which
 * has the local catalogue, its curated lists, MEDIA_FIXTURES as MEDIA_DIR, GitHub sign-in (against
 * test/fake-github.ts) and the user someone@example.org; that suite checks that each one succeeds.
 */
export interface ApiRoute {
  method: 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** With `:name` placeholders filled from `params`. */
  path: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** A valid JSON body; every string in it is a text input the suites attack. */
  body?: () => Record<string, unknown>;
  /** A valid body that is not JSON (a multipart upload), sent as it is with its content type. */
  rawBody?: () => { contentType: string; payload: string };
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
  /** The schemas its inputs are parsed with (test/route-schemas.ts); better-auth's endpoints bring their own. */
  input?: RouteInput;
  /**
   * Makes what its valid request needs and cannot name in advance (a comment of the sender's
   * own, a token from an e-mail): the parts returned replace the row's.
   */
  prepare?: (fixture: RouteFixture) => Promise<ValidParts>;
  /** A success uses up what `prepare` made (a deleted comment, a spent token): prepare again after one. */
  consumes?: boolean;
  /**
   * Tables that even a refused request may change, and why: a sign-in's state is single-use, spent
   * by any callback that brings it, whatever else is wrong with it, so that it cannot be replayed.
   */
  spentByRefusal?: readonly string[];
  /**
   * The status its valid request gets when that is not a 2xx: a redirect that is its success, or
   * what an endpoint this configuration leaves off answers (the reason is beside the row).
   */
  answers?: number;
}

/** What `prepare` may replace in a route's valid request. */
export interface ValidParts {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** What a route's `prepare` works with. */
export interface RouteFixture {
  /** Sends a request to the server under test, from an address of its own. */
  send(request: HttpRequest): Promise<HttpAnswer>;
  database: Pick<Database, 'rows'>;
  /** The user the valid request is sent as. */
  user: { cookie: string; userId: string; email: string };
  /** Moves the app's clock forward (past a cooldown). */
  skipAhead(ms: number): void;
}

/** A Jellyfin item id (32 hex digits). */
const MEDIA_SERVER_ITEM = 'a1000000000000000000000000000001';

/** The media folder of the browser tests, MEDIA_DIR of the fuzz suite's server. */
export const MEDIA_FIXTURES = path.resolve(import.meta.dirname, '../../web/e2e/fixtures/media');
export const MEDIA_FIXTURE_FILE = 'Memento (2001).webm';
/** The password of every user the suites make. */
export const PASSWORD = 'correct-horse';

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

let made = 0;
/** An e-mail address nobody has used yet. */
export const freshEmail = (what: string) => `${what}-${++made}-${Date.now().toString(36)}@example.org`;

/** A comment of `userId` on movie 550, straight into the table (the API allows 10 a minute). */
async function insertComment(fixture: RouteFixture): Promise<string> {
  const [row] = await fixture.database.rows<{ id: string }>(
    sql`insert into comments (user_id, content_type, content_id, content) values (${fixture.user.userId}, 'movie', 550, 'Written by the fixture.') returning id`,
  );
  return row!.id;
}

/** A report of the sender's that matched no title, straight into the table; its id. */
async function insertUnmatched(fixture: RouteFixture): Promise<string> {
  const id = randomUUID().replaceAll('-', '');
  await fixture.database.rows(
    sql`insert into webhook_unmatched (id, user_id, provider, title, year, content_type, reason, received_at)
        values (${id}, ${fixture.user.userId}, 'jellyfin', 'A Film Nobody Made', 1999, 'movie', 'No film named "A Film Nobody Made" (1999) in the catalogue', now())`,
  );
  return id;
}

/** A GitHub account linked to the sender (as a finished social sign-in leaves it), by its row id. */
async function linkGitHubAccount(fixture: RouteFixture): Promise<string> {
  const id = `fuzz-github-${randomUUID()}`;
  await fixture.database.rows(
    sql`insert into account (id, account_id, provider_id, user_id, access_token, refresh_token, access_token_expires_at, scope, created_at, updated_at)
        values (${id}, ${randomUUID()}, 'github', ${fixture.user.userId}, 'gho_fixture', 'ghr_fixture', now() + interval '1 hour', 'read:user,user:email', now(), now())`,
  );
  return id;
}

/**
 * The newest link to `path` mailed to `to`, from the dev outbox (newest mail first). better-auth sends some mails after
 * it has answered (the reset link): the outbox is read again until the mail is there.
 */
async function mailedLink(fixture: RouteFixture, to: string, path: string): Promise<URL> {
  for (let tries = 0; tries < 50; tries++) {
    const outbox = (await fixture.send({ url: '/api/dev/outbox' })).json().results as Array<{
      to: string;
      links: string[];
    }>;
    const link = outbox
      .filter((candidate) => candidate.to === to)
      .flatMap((mail) => mail.links.map((address) => new URL(address)))
      .find((address) => address.pathname.startsWith(path));
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no link to ${path} mailed to ${to} in the outbox`);
}

/** Signs up a user and leaves the e-mail unconfirmed; the confirmation link is in the outbox. */
async function unconfirmedUser(fixture: RouteFixture): Promise<string> {
  const email = freshEmail('unconfirmed');
  const answer = await fixture.send({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: 'http://localhost:3000' },
    payload: { email, password: PASSWORD, name: '' },
  });
  if (answer.statusCode !== 200) throw new Error(`sign-up failed: ${answer.body}`);
  return email;
}

/** A password-reset token for a user of its own (requests are limited to 3 an hour per account). */
async function resetToken(fixture: RouteFixture): Promise<string> {
  const email = await unconfirmedUser(fixture);
  const answer = await fixture.send({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    headers: { origin: 'http://localhost:3000' },
    payload: { email, redirectTo: '/reset-password' },
  });
  if (answer.statusCode !== 200) throw new Error(`reset request failed: ${answer.body}`);
  const link = await mailedLink(fixture, email, '/api/auth/reset-password/');
  return link.pathname.split('/').pop()!;
}

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
    input: INPUTS.discover,
  },
  { method: 'GET', path: '/api/catalogue/search', query: { q: 'godfather', page: '1' }, input: INPUTS.search },
  {
    method: 'GET',
    path: '/api/catalogue/top-rated',
    query: { type: 'movie', period: 'all-time', vote_count_gte: '100', page: '1' },
    input: INPUTS.topRated,
  },
  { method: 'GET', path: '/api/catalogue/genres', query: { type: 'tv' }, input: INPUTS.genres },
  { method: 'GET', path: '/api/catalogue/facts', query: { ids: 'movie:550,tv:1' }, input: INPUTS.titleFacts },
  { method: 'GET', path: '/api/catalogue/movie/:id', params: { id: '550' }, input: INPUTS.titleId },
  // Series 1 is Breaking Bad in the local catalogue.
  { method: 'GET', path: '/api/catalogue/tv/:id', params: { id: '1' }, input: INPUTS.titleId },
  { method: 'GET', path: '/api/catalogue/tv/:id/season/:n', params: { id: '1', n: '1' }, input: INPUTS.season },
  {
    method: 'GET',
    path: '/api/catalogue/:type/:id/similar',
    params: { type: 'movie', id: '550' },
    input: INPUTS.similar,
  },
  {
    method: 'GET',
    path: '/api/art/:size/:kind/:type/:file',
    params: { size: 'w342', kind: 'poster', type: 'movie', file: '550.svg' },
    input: INPUTS.titleArt,
  },
  {
    method: 'GET',
    path: '/api/art/:size/still/tv/:id/:season/:file',
    params: { size: 'w400', id: '1', season: '1', file: '1.svg' },
    input: INPUTS.still,
  },
  {
    method: 'GET',
    path: '/api/profiles/username-available',
    query: { username: 'someone' },
    input: INPUTS.usernameAvailable,
  },
  { method: 'GET', path: '/api/lists', query: { page: '1' }, input: INPUTS.lists },
  {
    method: 'GET',
    path: '/api/lists/:id',
    params: { id: 'most-voted-films' },
    query: { page: '1' },
    input: INPUTS.list,
  },
  {
    method: 'GET',
    path: '/api/recommend',
    query: {
      q: 'something scary but funny',
      type: 'movie',
      watched: 'movie:550,tv:1',
      genres: '18,35',
      personalize: 'true',
    },
    input: INPUTS.recommend,
  },
  {
    // Parses and matches, never writes: a guest may import (into the browser).
    method: 'POST',
    path: '/api/imports',
    rawBody: () => {
      const boundary = '----marquee-fuzz-import';
      const csv =
        'Const,Your Rating,Date Rated,Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors\n' +
        'tt0133093,9,2022-03-04,The Matrix,https://www.imdb.com/title/tt0133093/,movie,8.7,136,1999,"Action, Sci-Fi",2100000,1999-03-24,\n';
      return {
        contentType: `multipart/form-data; boundary=${boundary}`,
        payload:
          `--${boundary}\r\nContent-Disposition: form-data; name="source"\r\n\r\nimdb\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="ratings.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n` +
          `--${boundary}--\r\n`,
      };
    },
  },
  // Where titles can play (issue 29): the fuzz suite's MEDIA_DIR has Memento and Breaking Bad S01E02.
  { method: 'GET', path: '/api/availability', query: { ids: 'movie:550,tv:1' }, input: INPUTS.availability },
  { method: 'GET', path: '/api/availability/tv/:id', params: { id: '1' }, input: INPUTS.titleId },
  { method: 'GET', path: '/api/media/library' },
  {
    method: 'GET',
    path: '/api/media/title/:type/:id',
    params: { type: 'movie', id: '550' },
    input: INPUTS.mediaTitle,
  },
  {
    method: 'GET',
    path: '/api/media/stream/:id',
    params: { id: mediaFileId(MEDIA_FIXTURE_FILE) },
    input: INPUTS.mediaStream,
  },
  {
    method: 'GET',
    path: '/api/media/file/:id',
    params: { id: mediaFileId(MEDIA_FIXTURE_FILE) },
    input: INPUTS.mediaStream,
  },
  {
    method: 'GET',
    path: '/api/media/play/:id',
    params: { id: mediaFileId(MEDIA_FIXTURE_FILE) },
    query: { start: '1', audio: '0', viewer: 'fuzz-viewer-1' },
    // A converted stream runs until the viewer hangs up: read the status and headers, then leave
    // (its ffmpeg is stopped with the request).
    stream: true,
    input: INPUTS.mediaPlay,
  },
  {
    method: 'GET',
    path: '/api/media/hls/:id/:name',
    // A segment (its ffmpeg makes it, then pauses or goes idle); `index.m3u8` is the same route.
    params: { id: mediaFileId(MEDIA_FIXTURE_FILE), name: '0.ts' },
    query: { audio: '0', viewer: 'fuzz-viewer-1' },
    input: INPUTS.mediaHls,
  },
  {
    method: 'GET',
    path: '/api/media/subtitles/:id/:track',
    params: { id: mediaFileId(MEDIA_FIXTURE_FILE), track: 's0' },
    input: INPUTS.mediaSubtitle,
    // The fixture has no subtitle files.
    answers: 404,
  },
  // The fuzz suite's server has no Jellyfin or Emby: status and title say the source is off, streams 404.
  { method: 'GET', path: '/api/media-servers/status' },
  {
    method: 'GET',
    path: '/api/media-servers/title/:type/:id',
    params: { type: 'movie', id: '550' },
    input: INPUTS.mediaTitle,
  },
  {
    method: 'GET',
    path: '/api/media-servers/stream/:itemId',
    params: { itemId: MEDIA_SERVER_ITEM },
    input: { params: mediaServerStreamParams },
    answers: 404,
  },
  {
    method: 'GET',
    path: '/api/media-servers/hls/:itemId/master.m3u8',
    params: { itemId: MEDIA_SERVER_ITEM },
    input: { params: mediaServerStreamParams },
    answers: 404,
  },
  {
    method: 'DELETE',
    path: '/api/media-servers/hls/:itemId/sessions/:playSessionId',
    params: { itemId: MEDIA_SERVER_ITEM, playSessionId: 'ab'.repeat(16) },
    input: { params: mediaServerSessionParams },
    answers: 404,
  },
  {
    method: 'POST',
    path: '/api/media/rescan',
    // One rescan per 30 s (RESCAN_COOLDOWN_S): the clock moves past the cooldown of the last one.
    prepare: async (fixture) => {
      fixture.skipAhead(31_000);
      return {};
    },
    consumes: true,
  },
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
    input: INPUTS.feedback,
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
    input: INPUTS.events,
  },
  {
    method: 'GET',
    path: '/api/comments',
    query: { content_type: 'movie', content_id: '550' },
    input: INPUTS.titleQuery,
  },
  {
    method: 'GET',
    path: '/api/comments/count',
    query: { content_type: 'movie', content_id: '550' },
    input: INPUTS.titleQuery,
  },
  { method: 'GET', path: '/api/comments/counts', query: { items: 'movie:550,tv:1' }, input: INPUTS.counts },
  {
    method: 'POST',
    path: '/api/comments',
    session: true,
    mutates: true,
    body: () => ({ content_type: 'movie', content_id: 550, content: 'A fine film.' }),
    input: INPUTS.newComment,
    // A reply, so that parent_id is an input too.
    prepare: async (fixture) => ({
      body: {
        content_type: 'movie',
        content_id: 550,
        content: 'A fine film.',
        parent_id: await insertComment(fixture),
      },
    }),
  },
  {
    method: 'PATCH',
    path: '/api/comments/:id',
    params: { id: '00000000-0000-4000-8000-000000000000' },
    session: true,
    mutates: true,
    body: () => ({ content: 'Edited.' }),
    input: INPUTS.editComment,
    prepare: async (fixture) => ({ params: { id: await insertComment(fixture) } }),
  },
  {
    method: 'DELETE',
    path: '/api/comments/:id',
    params: { id: '00000000-0000-4000-8000-000000000000' },
    session: true,
    mutates: true,
    input: INPUTS.commentId,
    prepare: async (fixture) => ({ params: { id: await insertComment(fixture) } }),
    consumes: true,
  },
  { method: 'GET', path: '/api/me/history', query: { page: '1' }, session: true, input: INPUTS.historyPage },
  { method: 'GET', path: '/api/me/watch-later', session: true },
  { method: 'GET', path: '/api/me/stats', query: { year: '2026' }, session: true, input: INPUTS.stats },
  { method: 'GET', path: '/api/me/settings', session: true },
  // Issue 30: Up Next and the calendar; renewing the feed's address makes the old one stop working.
  { method: 'GET', path: '/api/me/progress', session: true },
  {
    method: 'GET',
    path: '/api/me/calendar',
    query: { from: '2008-01-20', to: '2008-03-09' },
    session: true,
    input: INPUTS.calendar,
  },
  { method: 'POST', path: '/api/me/calendar/renew', session: true, ownUser: true, mutates: true, body: () => ({}) },
  {
    method: 'GET',
    path: '/api/calendar/:token',
    params: { token: `${'A'.repeat(43)}.ics` },
    input: INPUTS.calendarFeed,
    prepare: async (fixture) => {
      const answer = await fixture.send({
        url: '/api/me/calendar?from=2008-01-20&to=2008-01-21',
        headers: { cookie: fixture.user.cookie },
      });
      return { params: { token: String(answer.json().ics_url).split('/').pop()! } };
    },
  },
  { method: 'GET', path: '/api/me/profile', session: true },
  {
    method: 'PATCH',
    path: '/api/me/profile',
    session: true,
    mutates: true,
    body: () => ({ username: 'film_fan', avatar_url: 'https://example.org/me.png' }),
    input: INPUTS.profile,
  },
  {
    method: 'GET',
    path: '/api/me/export',
    query: { format: 'letterboxd' },
    session: true,
    input: INPUTS.accountExport,
  },
  // Deletes the sender's account: the suites send it with a user of its own.
  {
    method: 'DELETE',
    path: '/api/me',
    session: true,
    ownUser: true,
    mutates: true,
    body: () => ({ password: PASSWORD }),
    input: INPUTS.deleteAccount,
  },
  // Issue 29: the addresses a media server posts to (made at the first read), renewing them, and
  // what they reported that matched no title.
  { method: 'GET', path: '/api/me/webhooks', session: true },
  // A new secret makes the old addresses stop working: a user of its own.
  {
    method: 'POST',
    path: '/api/me/webhooks/renew',
    session: true,
    ownUser: true,
    mutates: true,
    body: () => ({}),
    input: INPUTS.renewWebhooks,
  },
  {
    method: 'DELETE',
    path: '/api/me/webhooks/unmatched/:id',
    params: { id: '0123456789abcdef0123456789abcdef' },
    session: true,
    mutates: true,
    input: INPUTS.unmatchedReport,
    prepare: async (fixture) => ({ params: { id: await insertUnmatched(fixture) } }),
    consumes: true,
  },
  { method: 'DELETE', path: '/api/me/webhooks/unmatched', session: true, mutates: true },
  // A media server's notification (a Jellyfin Webhook plugin template), at the sender's address.
  {
    method: 'POST',
    path: '/api/webhooks/:provider/:token',
    params: { provider: 'jellyfin', token: 'A'.repeat(43) },
    mutates: true,
    body: () => ({
      NotificationType: 'PlaybackStop',
      ItemType: 'Movie',
      Name: 'The Matrix',
      Year: 1999,
      Provider_tmdb: '603',
      PlaybackPositionTicks: 40_800_000_000,
      RunTimeTicks: 81_600_000_000,
      PlayedToCompletion: false,
    }),
    input: INPUTS.webhook,
    prepare: async (fixture) => {
      const answer = await fixture.send({ url: '/api/me/webhooks', headers: { cookie: fixture.user.cookie } });
      return { params: { provider: 'jellyfin', token: String(answer.json().jellyfin).split('/').pop()! } };
    },
  },
  {
    method: 'POST',
    path: '/api/me/sync',
    session: true,
    mutates: true,
    body: () => ({ operations: [{ op: 'upsert', store: 'history', item: historyItem(550), at }] }),
    input: INPUTS.sync,
  },
  {
    method: 'POST',
    path: '/api/auth/sign-up/email',
    mutates: true,
    body: () => ({ email: 'new-user@example.org', password: PASSWORD, name: '' }),
    input: INPUTS.signUp,
    prepare: async () => ({ body: { email: freshEmail('new-user'), password: PASSWORD, name: '' } }),
    consumes: true,
  },
  {
    method: 'POST',
    path: '/api/auth/sign-in/email',
    mutates: true,
    body: () => ({ email: 'someone@example.org', password: PASSWORD }),
  },
  {
    method: 'GET',
    path: '/api/comments/stream',
    query: { content_type: 'movie', content_id: '550' },
    stream: true,
    input: INPUTS.titleQuery,
  },
  { method: 'GET', path: '/api/dev/outbox' },
  { method: 'GET', path: '/api/dev/events', query: { session_id: 'fuzz-session-1' }, input: INPUTS.devEvents },
  // better-auth's endpoints, all behind the one /api/auth/* route (auth.api lists them).
  { method: 'GET', path: '/api/auth/get-session' },
  // Off unless session.deferSessionRefresh is set, which Marquee does not.
  { method: 'POST', path: '/api/auth/get-session', answers: 405 },
  { method: 'GET', path: '/api/auth/ok' },
  // better-auth's error page shows any error code, or none, and stores nothing.
  { method: 'GET', path: '/api/auth/error', query: { error: 'state_mismatch' }, input: INPUTS.errorPage },
  { method: 'POST', path: '/api/auth/sign-out', ownUser: true, mutates: true, body: () => ({}) },
  {
    method: 'POST',
    path: '/api/auth/sign-in/social',
    mutates: true,
    body: () => ({ provider: 'github', callbackURL: '/settings' }),
  },
  {
    method: 'GET',
    path: '/api/auth/callback/:id',
    params: { id: 'github' },
    query: { code: 'abc', state: 'xyz' },
    mutates: true,
    spentByRefusal: ['verification'],
    // The state of a sign-in that was started, with its cookie; GitHub answers from fake-github.ts.
    prepare: async (fixture) => {
      const started = await fixture.send({
        method: 'POST',
        url: '/api/auth/sign-in/social',
        headers: { origin: 'http://localhost:3000' },
        payload: { provider: 'github', callbackURL: '/settings' },
      });
      const state = new URL(started.json().url).searchParams.get('state')!;
      const cookie = ([] as string[])
        .concat(started.headers['set-cookie'] ?? [])
        .map((value) => value.split(';')[0]!)
        .join('; ');
      return { params: { id: 'github' }, query: { code: 'abc', state }, headers: { cookie } };
    },
    consumes: true,
    answers: 302,
  },
  // A form_post callback: redirected to the GET callback with its fields as the query.
  {
    method: 'POST',
    path: '/api/auth/callback/:id',
    params: { id: 'github' },
    body: () => ({ code: 'abc', state: 'xyz' }),
    answers: 302,
  },
  {
    method: 'GET',
    path: '/api/auth/verify-email',
    query: { token: 'not-a-real-token', callbackURL: '/' },
    mutates: true,
    prepare: async (fixture) => {
      const link = await mailedLink(fixture, await unconfirmedUser(fixture), '/api/auth/verify-email');
      return { query: { token: link.searchParams.get('token')!, callbackURL: '/' } };
    },
    answers: 302,
  },
  {
    method: 'POST',
    path: '/api/auth/send-verification-email',
    body: () => ({ email: 'someone@example.org', callbackURL: '/' }),
    prepare: async (fixture) => ({ body: { email: await unconfirmedUser(fixture), callbackURL: '/' } }),
  },
  {
    method: 'POST',
    path: '/api/auth/request-password-reset',
    mutates: true,
    body: () => ({ email: 'someone@example.org', redirectTo: '/reset-password' }),
  },
  {
    method: 'GET',
    path: '/api/auth/reset-password/:token',
    params: { token: 'abcdef' },
    query: { callbackURL: '/' },
    prepare: async (fixture) => ({ params: { token: await resetToken(fixture) }, query: { callbackURL: '/' } }),
    answers: 302,
  },
  {
    method: 'POST',
    path: '/api/auth/reset-password',
    mutates: true,
    body: () => ({ newPassword: 'another-horse', token: 'not-a-real-token' }),
    input: INPUTS.passwords,
    prepare: async (fixture) => ({ body: { newPassword: 'another-horse', token: await resetToken(fixture) } }),
    consumes: true,
  },
  {
    method: 'POST',
    path: '/api/auth/verify-password',
    session: true,
    body: () => ({ password: PASSWORD }),
    input: INPUTS.passwords,
  },
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
    body: () => ({ currentPassword: PASSWORD, newPassword: 'another-horse', revokeOtherSessions: true }),
    input: INPUTS.passwords,
  },
  // No session field is the client's to set (no additionalFields): every body is refused.
  {
    method: 'POST',
    path: '/api/auth/update-session',
    session: true,
    ownUser: true,
    mutates: true,
    body: () => ({}),
    answers: 400,
  },
  {
    method: 'POST',
    path: '/api/auth/update-user',
    session: true,
    ownUser: true,
    mutates: true,
    body: () => ({ name: 'renamed', image: 'https://example.org/me.png' }),
  },
  // Account deletion is not enabled (user.deleteUser): both deletion routes answer 404.
  {
    method: 'POST',
    path: '/api/auth/delete-user',
    session: true,
    ownUser: true,
    mutates: true,
    body: () => ({ password: PASSWORD, callbackURL: '/' }),
    answers: 404,
  },
  {
    method: 'GET',
    path: '/api/auth/delete-user/callback',
    query: { token: 'not-a-real-token', callbackURL: '/' },
    answers: 404,
  },
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
    mutates: true,
    body: () => ({ provider: 'github', callbackURL: '/settings' }),
  },
  { method: 'GET', path: '/api/auth/list-accounts', session: true },
  // accountId is the account's row id; prepare links a GitHub account to the sender.
  {
    method: 'POST',
    path: '/api/auth/unlink-account',
    session: true,
    ownUser: true,
    mutates: true,
    body: () => ({ accountId: 'fuzz-github-account' }),
    prepare: async (fixture) => ({ body: { accountId: await linkGitHubAccount(fixture) } }),
    consumes: true,
  },
  // These two check their body before the session.
  {
    method: 'POST',
    path: '/api/auth/refresh-token',
    session: true,
    mutates: true,
    body: () => ({ accountId: 'fuzz-github-account' }),
    prepare: async (fixture) => ({ body: { accountId: await linkGitHubAccount(fixture) } }),
  },
  {
    method: 'POST',
    path: '/api/auth/get-access-token',
    session: true,
    body: () => ({ accountId: 'fuzz-github-account' }),
    prepare: async (fixture) => ({ body: { accountId: await linkGitHubAccount(fixture) } }),
  },
  {
    method: 'GET',
    path: '/api/auth/account-info',
    session: true,
    query: { accountId: 'fuzz-github-account' },
    prepare: async (fixture) => ({ query: { accountId: await linkGitHubAccount(fixture) } }),
  },
];

/**
 * Routes kept out of API_ROUTES because a HEAD answer has no body to read: the routes the app
 * declares HEAD for itself (Fastify's automatic HEAD routes answer as their GET does).
 */
export const HEAD_ROUTES: ApiRoute[] = [
  {
    method: 'HEAD',
    path: '/api/media/stream/:id',
    params: { id: mediaFileId(MEDIA_FIXTURE_FILE) },
    input: INPUTS.mediaStream,
  },
  {
    method: 'HEAD',
    path: '/api/media-servers/stream/:itemId',
    params: { itemId: MEDIA_SERVER_ITEM },
    input: { params: mediaServerStreamParams },
    answers: 404,
  },
];

export function fillPath(route: ApiRoute, params: Record<string, string> = route.params ?? {}): string {
  return route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** A query string; a parameter with several values is sent once per value (`?q=a&q=b`). */
export function queryString(query: Record<string, string | readonly string[]>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const one of typeof value === 'string' ? [value] : value) search.append(name, one);
  }
  return search.toString();
}

/** The HTTP request of a route's valid request, with parts replaced. */
export function requestOf(
  route: ApiRoute,
  parts: {
    params?: Record<string, string>;
    query?: Record<string, string | readonly string[]>;
    body?: unknown;
    headers?: Record<string, string>;
    remoteAddress?: string;
  } = {},
): HttpRequest {
  const query = queryString(parts.query ?? route.query ?? {});
  const body = 'body' in parts ? parts.body : route.body?.();
  const raw = 'body' in parts ? undefined : route.rawBody?.();
  return {
    method: route.method,
    url: fillPath(route, parts.params) + (query ? `?${query}` : ''),
    headers: { origin: 'http://localhost:3000', ...(raw ? { 'content-type': raw.contentType } : {}), ...parts.headers },
    ...(body !== undefined ? { payload: body } : raw ? { payload: raw.payload } : {}),
    ...(parts.remoteAddress ? { remoteAddress: parts.remoteAddress } : {}),
    ...(route.stream ? { headersOnly: true } : {}),
  };
}

/** Whether a table row covers a route the app has, as `method url` (`*` = any rest). */
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
 * The tables that hold what users and visitors stored. Bookkeeping that a refused request may
 * legitimately write (rate-limit counters, the TMDB cache) is left out.
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
  'webhook_unmatched',
] as const;

/** The catalogue and the database's own facts: no request may change them. */
export const CATALOGUE_TABLES = [
  'titles',
  'seasons',
  'episodes',
  'search_texts',
  'title_words',
  'title_words_version',
  'app_meta',
] as const;

/**
 * A digest of each table above, read straight from the database: row count and the md5 of the
 * sorted rows. A table is digested again only after a statement wrote to it (a trigger counts
 * those), which keeps a snapshot per request cheap.
 */
export async function userDataSnapshot(database: Pick<Database, 'rows'>): Promise<Record<string, string>> {
  return tableDigests(database, [...USER_TABLES, ...CATALOGUE_TABLES]);
}
