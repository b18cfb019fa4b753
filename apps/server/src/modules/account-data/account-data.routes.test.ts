import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@marquee/core';
import type { MarqueeExport } from '@marquee/core/account-data/marquee-export';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { signedInUser, TEST_ORIGIN } from '../../../test/auth-helpers.ts';
import { multipartBody } from '../../../test/fixtures/imports/import-fixtures.ts';
import { EXPORT_PAGE_SIZE } from './account-data.service.ts';

let t: TestApp;
beforeAll(async () => {
  // The catalogue names the films the stores do not describe.
  t = await createTestApp({}, undefined, { catalogue: true });
});
afterAll(() => t.close());

const PASSWORD = 'correct-horse';
const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T12:00:00.000Z`;
const TRICKY_TITLE = 'Heat, "The" Film\nPart 2';

const film = (id: number, day: number, more: Record<string, unknown> = {}) => ({
  id: `movie:${id}`,
  movie_id: id,
  movie_title: `Film ${id}`,
  movie_poster: null,
  content_type: 'movie',
  watched_at: at(day),
  duration_watched: 5400,
  total_duration: 6000,
  completed: true,
  season_number: null,
  episode_number: null,
  episode_title: null,
  release_date: '1995-12-15',
  ...more,
});

const upsert = (store: string, item: unknown, day: number) => ({ op: 'upsert', store, item, at: at(day) });

let senders = 0;
async function send(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: unknown) {
  // Feedback is limited per address too: each request comes from an address of its own.
  const remoteAddress = `198.51.100.${(++senders % 250) + 1}`;
  return t.app.inject({
    method,
    url,
    headers: { cookie, origin: TEST_ORIGIN },
    remoteAddress,
    ...(payload ? { payload } : {}),
  });
}

/** An account with something in every store: history, Watch Later, ratings, hidden, settings, a comment, feedback. */
async function accountWithData() {
  const user = await signedInUser(t.app);
  const sync = await send('POST', '/api/me/sync', user.cookie, {
    operations: [
      upsert('history', film(949, 20, { movie_title: TRICKY_TITLE, play_count: 2 }), 20),
      upsert('history', film(550, 19, { completed: false, source: 'manual' }), 19),
      upsert('history', film(603, 18, { completed: false, duration_watched: 60 }), 18),
      upsert(
        'history',
        {
          ...film(1, 17),
          id: 'tv:1:s1:e2',
          content_type: 'tv',
          movie_title: 'A series',
          season_number: 1,
          episode_number: 2,
          episode_title: 'Two',
        },
        17,
      ),
      upsert(
        'watch_later',
        {
          id: 'movie:680',
          movie_id: 680,
          movie_title: 'Pulp Fiction',
          movie_poster: null,
          movie_overview: null,
          movie_release_date: '1994-09-10',
          movie_vote_average: 8.5,
          content_type: 'movie',
          added_at: at(16),
        },
        16,
      ),
      upsert(
        'ratings',
        {
          movie_id: 949,
          content_type: 'movie',
          season_number: null,
          episode_number: null,
          rating: 9,
          rated_at: at(20),
        },
        20,
      ),
      upsert(
        'ratings',
        {
          movie_id: 550,
          content_type: 'movie',
          season_number: null,
          episode_number: null,
          rating: 1,
          rated_at: at(19),
        },
        19,
      ),
      upsert(
        'ratings',
        { movie_id: 1, content_type: 'tv', season_number: null, episode_number: null, rating: 8, rated_at: at(17) },
        17,
      ),
      upsert('hidden', { movie_id: 13, content_type: 'movie', hidden_at: at(15) }, 15),
      upsert('settings', { ...DEFAULT_SETTINGS, gridColumns: 6 }, 15),
    ],
  });
  expect(sync.statusCode, sync.body).toBe(200);
  const comment = await send('POST', '/api/comments', user.cookie, {
    content_type: 'movie',
    content_id: 550,
    content: 'First rule: talk about it.',
  });
  expect(comment.statusCode, comment.body).toBeLessThan(300);
  const feedback = await send('POST', '/api/feedback', user.cookie, {
    feedback_type: 'general',
    subject: 'Hello',
    message: 'Export works?',
  });
  expect(feedback.statusCode, feedback.body).toBe(201);
  const profile = await send('PATCH', '/api/me/profile', user.cookie, { username: `fan${Date.now() % 1e6}` });
  expect(profile.statusCode, profile.body).toBe(200);
  return { ...user, commentId: comment.json().id as string, username: profile.json().username as string };
}

describe('GET /api/me/export', () => {
  it('needs a session and a known format', async () => {
    expect((await t.app.inject({ url: '/api/me/export?format=json' })).statusCode).toBe(401);
    const user = await signedInUser(t.app);
    const wrong = await send('GET', '/api/me/export?format=csv', user.cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toMatch(/format/);
  });

  it('exports everything the account holds as one JSON file, as an attachment named with the date', async () => {
    const ada = await accountWithData();
    const answer = await send('GET', '/api/me/export?format=json', ada.cookie);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="marquee-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const data = answer.json<MarqueeExport>();
    expect(data).toMatchObject({
      format: 'marquee-export',
      version: 1,
      account: { id: ada.userId, email: ada.email, username: ada.username },
      settings: { gridColumns: 6 },
    });
    // Data Management's own export has these three: the account export is a superset of it.
    expect(Object.keys(data)).toEqual(expect.arrayContaining(['settings', 'history', 'watch_later', 'exported_at']));
    expect(data.history.map((item) => item.id)).toEqual(['movie:949', 'movie:550', 'movie:603', 'tv:1:s1:e2']);
    expect(data.history[0]).toMatchObject({ movie_title: TRICKY_TITLE, play_count: 2, release_date: '1995-12-15' });
    expect(data.history[0]).not.toHaveProperty('synced');
    expect(data.history[3]).toMatchObject({ content_type: 'tv', season_number: 1, episode_number: 2 });
    expect(data.watch_later).toEqual([expect.objectContaining({ movie_id: 680, movie_title: 'Pulp Fiction' })]);
    expect(data.ratings.map((item) => [item.movie_id, item.rating])).toEqual([
      [949, 9],
      [550, 1],
      [1, 8],
    ]);
    expect(data.hidden).toEqual([{ movie_id: 13, content_type: 'movie', hidden_at: at(15) }]);
    expect(data.comments).toEqual([
      expect.objectContaining({ id: ada.commentId, content: 'First rule: talk about it.', content_id: 550 }),
    ]);
    expect(data.feedback).toEqual([expect.objectContaining({ subject: 'Hello', message: 'Export works?' })]);
  });

  it("streams a history of any length, every entry once, and shows nobody else's", async () => {
    const bob = await signedInUser(t.app);
    const count = EXPORT_PAGE_SIZE * 2 + 7;
    await t.database.rows(sql`
      insert into viewing_history (user_id, item_key, id, movie_id, movie_title, content_type, watched_at, completed, changed_at, fingerprint)
      select ${bob.userId}, 'movie:' || n, 'movie:' || n, n, 'Film ' || n, 'movie',
             timestamptz '2026-01-01' + (n % 50) * interval '1 day', true, now(), '0'
        from generate_series(1, ${count}) as n`);
    const other = await accountWithData();
    const answer = await send('GET', '/api/me/export', bob.cookie);
    expect(answer.statusCode).toBe(200);
    const data = answer.json<MarqueeExport>();
    expect(data.history).toHaveLength(count);
    expect(new Set(data.history.map((item) => item.movie_id)).size).toBe(count);
    const times = data.history.map((item) => Date.parse(item.watched_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(data.comments).toEqual([]);
    expect(data.history.some((item) => item.movie_title === TRICKY_TITLE)).toBe(false);
    expect(data.account?.id).not.toBe(other.userId);
  });

  it('exports the films for Letterboxd: a ZIP of the four CSVs its importer reads, TV left out', async () => {
    const ada = await accountWithData();
    const answer = await send('GET', '/api/me/export?format=letterboxd', ada.cookie);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="marquee-export-\d{4}-\d{2}-\d{2}-letterboxd\.zip"$/,
    );
    const files = Object.fromEntries(
      Object.entries(unzipSync(new Uint8Array(answer.rawPayload))).map(([name, bytes]) => [name, strFromU8(bytes)]),
    );
    expect(Object.keys(files).sort()).toEqual(['diary.csv', 'ratings.csv', 'watched.csv', 'watchlist.csv']);
    // The local catalogue's ids are its own: no tmdbID column. Film 603 was only started; film 550 was marked.
    expect(files['watched.csv']).toBe(
      'Date,Name,Year,Letterboxd URI\n' +
        '2026-11-20,"Heat, ""The"" Film\nPart 2",1995,\n' +
        '2026-11-19,Film 550,1995,\n',
    );
    expect(files['diary.csv']).toBe(
      'Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date\n' +
        '2026-11-20,"Heat, ""The"" Film\nPart 2",1995,,4.5,Yes,,2026-11-20\n' +
        '2026-11-19,Film 550,1995,,0.5,,,2026-11-19\n',
    );
    expect(files['ratings.csv']).toBe(
      'Date,Name,Year,Letterboxd URI,Rating\n' +
        '2026-11-20,"Heat, ""The"" Film\nPart 2",1995,,4.5\n' +
        '2026-11-19,Film 550,1995,,0.5\n',
    );
    expect(files['watchlist.csv']).toBe('Date,Name,Year,Letterboxd URI\n2026-11-16,Pulp Fiction,1994,\n');
  });

  it('names a rated film the stores do not describe from the catalogue', async () => {
    const user = await signedInUser(t.app);
    const [movie] = (await t.app.inject({ url: '/api/catalogue/discover?type=movie' })).json().results as Array<{
      id: number;
      title: string;
      release_date: string;
    }>;
    await send('POST', '/api/me/sync', user.cookie, {
      operations: [
        upsert(
          'ratings',
          {
            movie_id: movie!.id,
            content_type: 'movie',
            season_number: null,
            episode_number: null,
            rating: 8,
            rated_at: at(3),
          },
          3,
        ),
      ],
    });
    const answer = await send('GET', '/api/me/export?format=letterboxd', user.cookie);
    const ratings = strFromU8(unzipSync(new Uint8Array(answer.rawPayload))['ratings.csv']!);
    expect(ratings.split('\n')[1]).toBe(`2026-11-03,${movie!.title},${movie!.release_date.slice(0, 4)},,4`);
  });
});

/** Every table that holds rows of a user: by a foreign key to "user", a user_id column, or (auth) by id, token or key. */
async function accountTables(): Promise<Array<{ table: string; column: string }>> {
  return t.database.rows<{ table: string; column: string }>(sql`
    select distinct c.conrelid::regclass::text as table, a.attname as column
      from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
     where c.contype = 'f' and c.confrelid = '"user"'::regclass
    union
    select table_name, column_name from information_schema.columns
     where table_schema = 'public' and column_name = 'user_id'
    union select '"user"', 'id'`);
}

/** Rows per table that belong to a user (by id; verification, rate_limit and feedback by what they hold). */
async function rowCounts(userId: string, email: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { table, column } of await accountTables()) {
    const [row] = await t.database.rows<{ n: number }>(
      sql`select count(*)::int as n from ${sql.raw(table)} where ${sql.raw(`"${column}"`)} = ${userId}`,
    );
    counts[`${table}.${column}`] = row!.n;
  }
  const [verification] = await t.database.rows<{ n: number }>(
    sql`select count(*)::int as n from verification where strpos(value, ${userId}) > 0 or identifier = ${email}`,
  );
  counts.verification = verification!.n;
  // Feedback's key to the user is set to null with it: its e-mail still names the account.
  const [sent] = await t.database.rows<{ n: number }>(
    sql`select count(*)::int as n from feedback where email = ${email}`,
  );
  counts['feedback.email'] = sent!.n;
  const digest = createHash('sha256').update(email.toLowerCase()).digest('hex');
  const [limits] = await t.database.rows<{ n: number }>(
    sql`select count(*)::int as n from rate_limit where strpos(key, ${userId}) > 0 or strpos(key, ${digest}) > 0`,
  );
  counts.rate_limit = limits!.n;
  return counts;
}

/** Everything else an account leaves: a second device, a reset token, a failed sign-in, analytics. */
async function leaveTracesEverywhere(user: { email: string; cookie: string }) {
  const headers = { origin: TEST_ORIGIN };
  const second = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email: user.email, password: PASSWORD },
    headers,
  });
  expect(second.statusCode).toBe(200);
  const cookie = ([] as string[])
    .concat(second.headers['set-cookie'] ?? [])
    .find((value) => value.startsWith('marquee.session_token='))!
    .split(';')[0]!;
  await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email: user.email, password: 'wrong-horse' },
    headers,
  });
  await t.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    payload: { email: user.email, redirectTo: '/reset-password' },
    headers,
  });
  const events = await send('POST', '/api/events', user.cookie, {
    events: [{ name: 'search', params: { term: 'alien' }, at: new Date().toISOString(), session_id: 'account-1' }],
    consent: { shareWatchHistory: true },
  });
  expect(events.statusCode, events.body).toBeLessThan(300);
  return { secondDevice: cookie };
}

describe('DELETE /api/me', () => {
  it("round trip: an account's export, imported into a fresh account (POST /api/imports source=marquee, applied through the sync), exports the same data", async () => {
    // Titles the catalogue has: an import checks an export's ids against their names.
    const discover = async (type: 'movie' | 'tv') =>
      (await t.app.inject({ url: `/api/catalogue/discover?type=${type}` })).json().results as Array<{
        id: number;
        title?: string;
        name?: string;
      }>;
    const [first, second] = await discover('movie');
    const [show] = await discover('tv');
    const ada = await signedInUser(t.app);
    const movie = (title: { id: number; title?: string }, day: number, more: Record<string, unknown> = {}) =>
      film(title.id, day, { movie_title: title.title, ...more });
    const rating = (id: number, content_type: string, value: number, day: number) => ({
      movie_id: id,
      content_type,
      season_number: null,
      episode_number: null,
      rating: value,
      rated_at: at(day),
    });
    const filled = await send('POST', '/api/me/sync', ada.cookie, {
      operations: [
        upsert('history', movie(first!, 20, { play_count: 3, source: 'manual' }), 20),
        upsert('history', movie(second!, 19, { completed: false, duration_watched: 60 }), 19),
        upsert(
          'history',
          {
            ...film(show!.id, 18),
            id: `tv:${show!.id}:s1:e2`,
            content_type: 'tv',
            movie_title: show!.name,
            season_number: 1,
            episode_number: 2,
            episode_title: 'Two',
          },
          18,
        ),
        upsert(
          'watch_later',
          {
            id: `movie:${second!.id}`,
            movie_id: second!.id,
            movie_title: second!.title,
            movie_poster: null,
            movie_overview: null,
            movie_release_date: null,
            movie_vote_average: null,
            content_type: 'movie',
            added_at: at(16),
          },
          16,
        ),
        upsert('ratings', rating(first!.id, 'movie', 9, 20), 20),
        upsert('ratings', rating(show!.id, 'tv', 6, 18), 18),
        upsert('hidden', { movie_id: second!.id, content_type: 'movie', hidden_at: at(15) }, 15),
        upsert('settings', { ...DEFAULT_SETTINGS, gridColumns: 5 }, 14),
      ],
    });
    expect(filled.statusCode, filled.body).toBe(200);
    const exported = await send('GET', '/api/me/export?format=json', ada.cookie);
    expect(exported.statusCode).toBe(200);
    const original = exported.json() as MarqueeExport;

    const body = multipartBody({ source: 'marquee' }, { name: 'marquee-export.json', content: exported.body });
    const parsed = await t.app.inject({
      method: 'POST',
      url: '/api/imports',
      payload: body.payload,
      headers: { origin: TEST_ORIGIN, ...body.headers },
    });
    expect(parsed.statusCode, parsed.body).toBe(200);
    const { operations, report } = parsed.json() as { operations: unknown[]; report: { unmatched: unknown[] } };
    expect(report.unmatched).toEqual([]);

    const bea = await signedInUser(t.app);
    const applied = await send('POST', '/api/me/sync', bea.cookie, { operations, cursor: null });
    expect(applied.statusCode, applied.body).toBe(200);
    const copy = (await send('GET', '/api/me/export?format=json', bea.cookie)).json() as MarqueeExport;

    // What the account held comes back whole; who it is, and what it wrote elsewhere (comments,
    // feedback), an import does not restore.
    const personal = ({ settings, history, watch_later, ratings, hidden }: MarqueeExport) => ({
      settings,
      history,
      watch_later,
      ratings,
      hidden,
    });
    expect(original.history).toHaveLength(3);
    expect(original.ratings).toHaveLength(2);
    expect(original.hidden).toHaveLength(1);
    expect(personal(copy)).toEqual(personal(original));
  });

  it('refuses a wrong password and deletes nothing', async () => {
    const ada = await accountWithData();
    const before = await rowCounts(ada.userId, ada.email);
    const answer = await send('DELETE', '/api/me', ada.cookie, { password: 'not-my-password' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.message).toBe('Invalid password: that is not your password');
    const missing = await send('DELETE', '/api/me', ada.cookie, {});
    expect(missing.json().error.message).toBe('Invalid password: is required');
    const after = await rowCounts(ada.userId, ada.email);
    expect({ ...after, rate_limit: 0 }).toEqual({ ...before, rate_limit: 0 });
    expect((await send('GET', '/api/me/profile', ada.cookie)).statusCode).toBe(200);
  });

  it("deletes every row of the account, signs out every device, and leaves other accounts' rows alone", async () => {
    const ada = await accountWithData();
    const bob = await accountWithData();
    const { secondDevice } = await leaveTracesEverywhere(ada);
    await leaveTracesEverywhere(bob);
    // Bob replies to Ada's comment, and Ada to Bob's reply: Bob's reply must outlive Ada's thread.
    const reply = await send('POST', '/api/comments', bob.cookie, {
      content_type: 'movie',
      content_id: 550,
      content: 'Breaking the first rule.',
      parent_id: ada.commentId,
    });
    expect(reply.statusCode, reply.body).toBeLessThan(300);
    await send('POST', '/api/comments', ada.cookie, {
      content_type: 'movie',
      content_id: 550,
      content: 'Ada again.',
      parent_id: reply.json().id,
    });
    const adaBefore = await rowCounts(ada.userId, ada.email);
    const bobBefore = await rowCounts(bob.userId, bob.email);
    for (const table of [
      '"user".id',
      'session.user_id',
      'account.user_id',
      'user_profiles.id',
      'viewing_history.user_id',
      'watch_later.user_id',
      'user_ratings.user_id',
      'hidden_titles.user_id',
      'user_settings.user_id',
      'personal_sync.user_id',
      'comments.user_id',
      'feedback.user_id',
      'feedback.email',
      'analytics_events.user_id',
      'verification',
      'rate_limit',
    ]) {
      expect(adaBefore[table], table).toBeGreaterThan(0);
    }
    expect(adaBefore['session.user_id']).toBe(2);
    // What the lead's newer tables add is found by their foreign key or user_id column.
    expect(Object.keys(adaBefore).length).toBeGreaterThanOrEqual(15);

    const answer = await send('DELETE', '/api/me', ada.cookie, { password: PASSWORD });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(([] as string[]).concat(answer.headers['set-cookie'] ?? [])).toContainEqual(
      expect.stringMatching(/^marquee\.session_token=; Max-Age=0; Path=\//),
    );

    const adaAfter = await rowCounts(ada.userId, ada.email);
    expect(Object.entries(adaAfter).filter(([, n]) => n > 0)).toEqual([]);
    expect(await rowCounts(bob.userId, bob.email)).toEqual(bobBefore);
    const [bobsReply] = await t.database.rows<{ parent_id: string | null }>(
      sql`select parent_id from comments where id = ${reply.json().id}`,
    );
    expect(bobsReply).toEqual({ parent_id: null });

    for (const cookie of [ada.cookie, secondDevice]) {
      expect((await send('GET', '/api/me/profile', cookie)).statusCode).toBe(401);
    }
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: ada.email, password: PASSWORD },
      headers: { origin: TEST_ORIGIN },
    });
    expect(signIn.statusCode).toBe(401);
    expect((await send('GET', '/api/me/profile', bob.cookie)).statusCode).toBe(200);
  });

  it('asks an account without a password to have signed in just now', async () => {
    const user = await signedInUser(t.app);
    await t.database.rows(sql`delete from account where user_id = ${user.userId}`);
    await t.database.rows(
      sql`update session set created_at = now() - interval '11 minutes' where user_id = ${user.userId}`,
    );
    const stale = await send('DELETE', '/api/me', user.cookie, {});
    expect(stale.statusCode).toBe(403);
    expect(stale.json().error.message).toBe('Sign in again, then delete your account within 10 minutes');
    await t.database.rows(sql`update session set created_at = now() where user_id = ${user.userId}`);
    const fresh = await send('DELETE', '/api/me', user.cookie, {});
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(await t.database.rows(sql`select id from "user" where id = ${user.userId}`)).toEqual([]);
  });
});
