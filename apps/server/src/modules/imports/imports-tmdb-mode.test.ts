import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportAnswer } from '@marquee/core/imports/import-answer';
import { TEST_ORIGIN } from '../../../test/auth-helpers.ts';
import { FAKE_TMDB_TOKEN, startFakeTmdb, type FakeTmdb } from '../../../test/fake-tmdb.ts';
import { fixture, multipartBody, zipOf } from '../../../test/fixtures/imports/import-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let fake: FakeTmdb;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeTmdb();
  t = await createTestApp({ TMDB_API_TOKEN: FAKE_TMDB_TOKEN, TMDB_API_URL: fake.baseUrl });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function imported(source: string, name: string, content: Buffer): Promise<ImportAnswer> {
  const body = multipartBody({ source }, { name, content });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/imports',
    payload: body.payload,
    headers: { origin: TEST_ORIGIN, ...body.headers },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ImportAnswer;
}

const keys = (answer: ImportAnswer) =>
  answer.operations.map((operation) =>
    operation.op === 'upsert' && operation.store !== 'settings'
      ? `${operation.store} ${operation.item.content_type}:${operation.item.movie_id}${'season_number' in operation.item && operation.item.season_number ? ` S${operation.item.season_number}E${operation.item.episode_number ?? '-'}` : ''}`
      : operation.store,
  );

describe('POST /api/imports with TMDB as the catalogue', () => {
  it("matches Trakt's TMDB ids directly, and rows without ids by title", async () => {
    fake.reset();
    const answer = await imported('trakt', 'trakt.zip', zipOf('trakt'));
    expect(keys(answer)).toEqual([
      'history movie:603',
      'history tv:1396 S1E1',
      'history tv:1396 S1E2',
      'watch_later movie:27205',
      'ratings movie:603',
      'ratings tv:1396',
      'ratings tv:1396 S1E-',
      'ratings tv:1396 S1E2',
    ]);
    // The Matrix by its id: one details request, no search for it.
    expect(fake.requestsTo('/movie/603').length).toBeGreaterThan(0);
    expect(fake.requestsTo('/search/multi').map((request) => request.query.query)).not.toContain('The Matrix');
    expect(answer.report.unmatched.map((row) => row.title)).toEqual(
      expect.arrayContaining(['The Sopranos', 'Breaking Bad, season 9 episode 1']),
    );
  });

  it('finds IMDb ids through TMDB’s /find, an episode of a series included', async () => {
    fake.reset();
    const answer = await imported('imdb', 'ratings.csv', fixture('imdb/ratings.csv'));
    expect(keys(answer)).toEqual(['history movie:603', 'ratings movie:603', 'ratings tv:1396', 'ratings tv:1396 S1E1']);
    expect(fake.requestsTo('/find/tt0959621')[0]?.query).toMatchObject({ external_source: 'imdb_id' });
    expect(answer.report.unmatched.map((row) => `${row.title}: ${row.reason}`)).toEqual([
      'Fight Club: Your Rating "11" is not a whole number from 1 to 10',
      'A Film Nobody Made: no film called "A Film Nobody Made" (2015) in the catalogue',
      'Some Game: Title Type "Video Game" is neither a film nor a series',
    ]);
  });
});
