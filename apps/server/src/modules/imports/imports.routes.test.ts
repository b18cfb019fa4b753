import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncOperation } from '@marquee/core';
import type { ImportAnswer, ImportProgressLine } from '@marquee/core/imports/import-answer';
import { signedInUser, TEST_ORIGIN } from '../../../test/auth-helpers.ts';
import { fixture, multipartBody, zipBomb, zipFiles, zipOf } from '../../../test/fixtures/imports/import-fixtures.ts';
import { tableDigests } from '../../../test/table-digest.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, undefined, { catalogue: true });
});
afterAll(() => t.close());

async function upload(
  source: string,
  file: { name: string; content: Buffer | string } | null,
  headers: Record<string, string> = {},
) {
  const body = multipartBody(source ? { source } : {}, file);
  return t.app.inject({
    method: 'POST',
    url: '/api/imports',
    payload: body.payload,
    headers: { origin: TEST_ORIGIN, ...body.headers, ...headers },
  });
}

async function imported(source: string, name: string, content: Buffer): Promise<ImportAnswer> {
  const response = await upload(source, { name, content });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ImportAnswer;
}

/** An operation in a line: what a reviewer checks. */
function describeOperation(operation: SyncOperation): string {
  if (operation.op !== 'upsert') return `${operation.op} ${operation.store}`;
  switch (operation.store) {
    case 'history': {
      const { item } = operation;
      const episode = item.season_number ? ` S${item.season_number}E${item.episode_number}` : '';
      return `history ${item.content_type}:${item.movie_id} ${item.movie_title}${episode} ×${item.play_count} ${item.watched_at} (${item.source}) at ${operation.at}`;
    }
    case 'watch_later':
      return `watch_later ${operation.item.content_type}:${operation.item.movie_id} ${operation.item.movie_title} ${operation.item.added_at}`;
    case 'ratings': {
      const { item } = operation;
      const part = item.season_number ? ` S${item.season_number}E${item.episode_number ?? '-'}` : '';
      return `ratings ${item.content_type}:${item.movie_id}${part} ${item.rating} ${item.rated_at}`;
    }
    case 'hidden':
      return `hidden ${operation.item.content_type}:${operation.item.movie_id} ${operation.item.hidden_at}`;
    case 'settings':
      return `settings at ${operation.at}`;
  }
}

describe('POST /api/imports with the local catalogue', () => {
  it('matches a Letterboxd export: one history entry per film with its plays, ratings in tens, Watch Later', async () => {
    const answer = await imported('letterboxd', 'letterboxd-someone-2026-11-01-12-00-utc.zip', zipOf('letterboxd'));
    expect(answer.operations.map(describeOperation)).toEqual([
      'history movie:1144 Alien ×1 2021-01-10T12:00:00.000Z (import) at 2021-01-10T12:00:00.000Z',
      'history movie:1748 Fight Club ×1 2021-02-10T12:00:00.000Z (import) at 2021-02-10T12:00:00.000Z',
      'history movie:2260 The Matrix ×2 2022-05-31T12:00:00.000Z (import) at 2022-05-31T12:00:00.000Z',
      'history movie:370 The Godfather ×1 2023-03-02T12:00:00.000Z (import) at 2023-03-02T12:00:00.000Z',
      'history movie:742 Pulp Fiction ×1 2020-05-01T12:00:00.000Z (import) at 2020-05-01T12:00:00.000Z',
      'watch_later movie:10001 Parasite 2020-12-26T12:00:00.000Z',
      'watch_later movie:2026 Inception 2020-12-24T12:00:00.000Z',
      'ratings movie:1748 7 2021-02-11T12:00:00.000Z',
      'ratings movie:2260 10 2022-06-01T12:00:00.000Z',
    ]);
    const { report } = answer;
    expect(report.rows).toBe(18);
    // Every row but Titanic, the broken row (diary), Amélie (watched), the bad rating and King Kong.
    expect(report.matched).toBe(18 - 5);
    expect(report.ambiguous).toEqual([
      expect.objectContaining({
        file: 'watchlist.csv',
        row: 3,
        title: 'King Kong',
        year: null,
        candidates: [
          expect.objectContaining({ id: 496, title: 'King Kong', year: 1933 }),
          expect.objectContaining({ id: 497, title: 'King Kong', year: 1976 }),
          expect.objectContaining({ id: 2124, title: 'King Kong', year: 2005 }),
        ].sort(() => 0),
      }),
    ]);
    expect(report.ambiguous[0]!.operations.map(describeOperation)).toEqual([
      expect.stringMatching(/^watch_later movie:\d+ King Kong 2020-12-25T12:00:00.000Z$/),
    ]);
    expect(report.unmatched.map((row) => `${row.file}:${row.row} ${row.title} (${row.year}): ${row.reason}`)).toEqual([
      'diary.csv:6 Titanic (1953): the catalogue has "Titanic" only from 1997, not 1953',
      'diary.csv:7 Broken Row (2001): the row has 3 fields where the header has 8',
      'ratings.csv:4 Pulp Fiction (1994): Rating "7" is not 0.5 to 5 stars in halves',
      'watched.csv:4 Amélie, Again (2001): no film called "Amélie, Again" (2001) in the catalogue',
    ]);
  });

  it('matches IMDb ratings by title, year and type; an episode needs TMDB; a list goes to Watch Later', async () => {
    const ratings = await imported('imdb', 'ratings.csv', fixture('imdb/ratings.csv'));
    expect(ratings.operations.map(describeOperation)).toEqual([
      'history movie:2260 The Matrix ×1 2022-03-04T12:00:00.000Z (import) at 2022-03-04T12:00:00.000Z',
      'ratings movie:2260 9 2022-03-04T12:00:00.000Z',
      'ratings tv:1 10 2022-03-05T12:00:00.000Z',
    ]);
    expect(ratings.report.unmatched.map((row) => `${row.row} ${row.title}: ${row.reason}`)).toEqual([
      '4 Pilot: an episode is found only by its IMDb id, which needs TMDB as the catalogue; rate its series instead',
      '5 Fight Club: Your Rating "11" is not a whole number from 1 to 10',
      '6 A Film Nobody Made: no film called "A Film Nobody Made" (2015) in the catalogue',
      '7 Some Game: Title Type "Video Game" is neither a film nor a series',
    ]);
    const older = await imported('imdb', 'ratings.csv', fixture('imdb/ratings-older.csv'));
    expect(older.operations.map(describeOperation)).toEqual([
      'history movie:742 Pulp Fiction ×1 2019-07-01T12:00:00.000Z (import) at 2019-07-01T12:00:00.000Z',
      'ratings movie:742 9 2019-07-01T12:00:00.000Z',
      'ratings tv:3 9 2019-07-02T12:00:00.000Z',
    ]);
    const watchlist = await imported('imdb', 'WATCHLIST.csv', fixture('imdb/watchlist.csv'));
    expect(watchlist.operations.map(describeOperation)).toEqual([
      'watch_later movie:2026 Inception 2020-01-02T12:00:00.000Z',
      'watch_later tv:4 Game of Thrones 2020-01-03T12:00:00.000Z',
    ]);
  });

  it('matches a Trakt export by title and year (its TMDB ids are not this catalogue’s); episodes are checked', async () => {
    const answer = await imported('trakt', 'trakt-export.zip', zipOf('trakt'));
    expect(answer.operations.map(describeOperation)).toEqual([
      'history movie:2260 The Matrix ×2 2022-08-09T19:30:00.000Z (import) at 2022-08-09T19:30:00.000Z',
      'history tv:1 Breaking Bad S1E1 ×2 2021-05-02T22:00:00.000Z (import) at 2021-05-02T22:00:00.000Z',
      'history tv:1 Breaking Bad S1E2 ×1 2021-05-03T21:00:00.000Z (import) at 2021-05-03T21:00:00.000Z',
      'watch_later movie:2026 Inception 2020-11-01T09:00:00.000Z',
      'watch_later tv:3 The Sopranos 2020-11-02T09:00:00.000Z',
      'ratings movie:2260 9 2021-05-01T22:30:00.000Z',
      'ratings tv:1 10 2021-07-01T10:00:00.000Z',
      'ratings tv:1 S1E- 8 2021-07-02T10:00:00.000Z',
      'ratings tv:1 S1E2 7 2021-07-03T10:00:00.000Z',
    ]);
    const episodes = answer.operations.flatMap((operation) =>
      operation.op === 'upsert' && operation.store === 'history' ? [operation.item] : [],
    );
    expect(episodes.find((item) => item.episode_number === 2)?.episode_title).toBe("Cat's in the Bag...");
    expect(answer.report.unmatched.map((row) => `${row.file}:${row.row} ${row.title}: ${row.reason}`)).toEqual([
      'ratings-movies.json:2 Fight Club: rating 12 is not a whole number from 1 to 10',
      "watched-history-1.json:4 Breaking Bad, season 9 episode 1: the catalogue's Breaking Bad has no season 9 episode 1",
      'watched-history-1.json:5 Inception: watched_at is missing or not a past time',
    ]);
  });

  it("reads Marquee's own export: its items as they were, an id this catalogue lacks found by title", async () => {
    const answer = await imported(
      'marquee',
      'marquee-export-2026-11-01.json',
      fixture('marquee/marquee-export-2026-11-01.json'),
    );
    expect(answer.operations.map(describeOperation)).toEqual([
      'settings at 2026-11-01T10:00:00.000Z',
      'history movie:2260 The Matrix ×2 2026-10-30T21:00:00.000Z (player) at 2026-10-30T21:00:00.000Z',
      'history movie:370 The Godfather ×1 2026-10-28T21:00:00.000Z (manual) at 2026-10-28T21:00:00.000Z',
      'history tv:1 Breaking Bad S1E3 ×1 2026-10-29T21:00:00.000Z (manual) at 2026-10-29T21:00:00.000Z',
      'watch_later movie:2026 Inception 2026-10-01T08:00:00.000Z',
      'ratings movie:2260 9 2026-10-30T23:00:00.000Z',
      'hidden movie:2971 2026-09-01T08:00:00.000Z',
    ]);
    expect(answer.report.unmatched).toEqual([
      expect.objectContaining({ row: 4, title: 'Broken', reason: 'Invalid movie_id: Invalid movie_id provided' }),
    ]);
  });

  it('streams the matching progress, then the answer, with Accept: application/x-ndjson', async () => {
    const response = await upload(
      'letterboxd',
      { name: 'letterboxd.zip', content: zipOf('letterboxd') },
      { accept: 'application/x-ndjson' },
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/x-ndjson');
    const lines = response.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as ImportProgressLine);
    const progress = lines.filter((line) => line.type === 'progress');
    expect(progress.at(-1)).toEqual({ type: 'progress', phase: 'matching', done: 10, total: 10, rows: 18 });
    expect(lines.at(-1)).toMatchObject({ type: 'result', answer: { report: { rows: 18 } } });
  });
});

describe('a second import of the same file', () => {
  it('makes the same operations, and applying them again through the sync changes nothing', async () => {
    const first = await imported('letterboxd', 'letterboxd.zip', zipOf('letterboxd'));
    const second = await imported('letterboxd', 'letterboxd.zip', zipOf('letterboxd'));
    expect(second.operations).toEqual(first.operations);

    const user = await signedInUser(t.app);
    const sync = (operations: SyncOperation[], cursor?: string | null) =>
      t.app.inject({
        method: 'POST',
        url: '/api/me/sync',
        headers: { origin: TEST_ORIGIN, cookie: user.cookie },
        payload: cursor === undefined ? { operations } : { operations, cursor },
      });
    const applied = await sync(first.operations);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(
      applied
        .json()
        .history.map((item: { movie_title: string }) => item.movie_title)
        .sort(),
    ).toEqual(['Alien', 'Fight Club', 'Pulp Fiction', 'The Godfather', 'The Matrix']);
    expect(applied.json().history.find((item: { movie_id: number }) => item.movie_id === 2260)).toMatchObject({
      play_count: 2,
      source: 'import',
      watched_at: '2022-05-31T12:00:00.000Z',
    });
    const tables = ['viewing_history', 'watch_later', 'user_ratings'];
    const before = await tableDigests(t.database, tables);
    // Another device, up to date after the first import.
    const { cursor } = (await sync([], null)).json() as { cursor: string };
    const again = await sync(second.operations);
    expect(again.statusCode).toBe(200);
    expect(await tableDigests(t.database, tables)).toEqual(before);
    // It hears of no change (the account's version counter moves on, its items do not).
    expect((await sync([], cursor)).json()).toMatchObject({
      history: [],
      watch_later: [],
      ratings: [],
      has_more: false,
    });
  });
});

describe('bad uploads are refused with a message naming the problem, never a 5xx', () => {
  const refusal = async (response: Awaited<ReturnType<typeof upload>>) => ({
    status: response.statusCode,
    ...(response.json() as { error: { code: string; message: string } }).error,
  });

  it('a file larger than 32 MB (413), read no further than the limit', async () => {
    const huge = Buffer.alloc(100 * 1024 * 1024, 'a');
    expect(await refusal(await upload('imdb', { name: 'ratings.csv', content: huge }))).toEqual({
      status: 413,
      code: 'payload_too_large',
      message: 'The file is larger than 32 MB, the most an import takes',
    });
  });

  it('a ZIP bomb: an entry unpacking past the limit, whatever its header says (413)', async () => {
    const bomb = zipBomb('diary.csv', 100 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await refusal(await upload('letterboxd', { name: 'bomb.zip', content: bomb }))).toEqual({
      status: 413,
      code: 'payload_too_large',
      message: 'diary.csv unpacks to more than 64 MB',
    });
    // Spaces: JSON not yet refused (read as it streams), so only the size stops it.
    const lying = zipBomb('watched-history-1.json', 100 * 1024 * 1024, 1000, 0x20);
    expect(await refusal(await upload('trakt', { name: 'bomb.zip', content: lying }))).toEqual({
      status: 413,
      code: 'payload_too_large',
      message: 'watched-history-1.json unpacks to more than 64 MB',
    });
  });

  it('a ZIP of too many files (413)', async () => {
    const files = Object.fromEntries(Array.from({ length: 5001 }, (_, index) => [`lists/list-${index}.csv`, '']));
    expect(await refusal(await upload('letterboxd', { name: 'many.zip', content: zipFiles(files) }))).toEqual({
      status: 413,
      code: 'payload_too_large',
      message: 'The ZIP file holds more than 5000 files',
    });
  });

  it('a ZIP cut off, a file that is no ZIP, an empty file (400)', async () => {
    const zip = zipOf('letterboxd');
    expect(await refusal(await upload('letterboxd', { name: 'cut.zip', content: zip.subarray(0, 700) }))).toMatchObject(
      {
        status: 400,
        message: expect.stringMatching(/^The ZIP file is cut off/),
      },
    );
    expect(await refusal(await upload('letterboxd', { name: 'export.zip', content: 'not a zip at all' }))).toEqual({
      status: 400,
      code: 'invalid_input',
      message: 'export.zip is not a ZIP file: it may be damaged or cut off',
    });
    expect(await refusal(await upload('imdb', { name: 'ratings.csv', content: '' }))).toEqual({
      status: 400,
      code: 'invalid_input',
      message: 'The file is empty',
    });
  });

  it('a CSV with the wrong header, and a CSV cut off inside a quoted field (400)', async () => {
    expect(
      await refusal(await upload('imdb', { name: 'ratings.csv', content: 'Name,Year\nAlien,1979\n' })),
    ).toMatchObject({
      status: 400,
      message: expect.stringContaining(
        'ratings.csv is not an IMDb ratings, watchlist or list export: its header lacks "Const"',
      ),
    });
    const cut = fixture('imdb/ratings.csv').toString().slice(0, 420);
    expect(await refusal(await upload('imdb', { name: 'ratings.csv', content: cut }))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^ratings\.csv ends inside a quoted field \(line \d\): the file looks cut off$/),
    });
  });

  it('no source, an unknown source, no file, not multipart', async () => {
    expect(await refusal(await upload('', { name: 'ratings.csv', content: 'x' }))).toMatchObject({
      status: 400,
      message: expect.stringContaining('Invalid source'),
    });
    expect(await refusal(await upload('netflix', { name: 'ratings.csv', content: 'x' }))).toMatchObject({
      status: 400,
      message: 'Invalid source: must be one of letterboxd, imdb, trakt, marquee',
    });
    expect(await refusal(await upload('imdb', null))).toMatchObject({
      status: 400,
      message: expect.stringContaining('Invalid file'),
    });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/imports',
      payload: { source: 'imdb' },
      headers: { origin: TEST_ORIGIN },
    });
    expect(await refusal(json)).toMatchObject({ status: 415, code: 'unsupported_media_type' });
  });
});
