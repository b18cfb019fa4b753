import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { signedInUser } from '../../../test/auth-helpers.ts';
import { FAKE_TMDB_TOKEN, SEED_IDS, startFakeTmdb, type FakeTmdb } from '../../../test/fake-tmdb.ts';
import {
  BREAKING_BAD_PILOT,
  embyNotification,
  jellyfinNotification,
  MATRIX,
  plexMultipart,
  plexNotification,
} from '../../../test/webhook-fixtures.ts';

describe('webhooks with the TMDB catalogue', () => {
  let fake: FakeTmdb;
  let t: TestApp;
  let addresses: { jellyfin: string; emby: string; plex: string };
  let cookie: string;
  beforeAll(async () => {
    fake = await startFakeTmdb();
    t = await createTestApp({ TMDB_API_TOKEN: FAKE_TMDB_TOKEN, TMDB_API_URL: fake.baseUrl });
    ({ cookie } = await signedInUser(t.app));
    addresses = (await t.app.inject({ url: '/api/me/webhooks', headers: { cookie } })).json();
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const post = (address: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: new URL(address).pathname,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });

  it('matches a film by its TMDB id whatever the server calls it', async () => {
    // A library in another language names the film its own way; the id says which it is.
    const answer = await post(
      addresses.jellyfin,
      jellyfinNotification('PlaybackStop', { ...MATRIX, title: 'Matrix' }, { positionMinutes: 60 }),
    );
    expect(answer.json()).toMatchObject({
      status: 'recorded',
      entry: { movie_id: SEED_IDS.movies.matrix, movie_title: 'The Matrix', completed: false },
    });
  });

  it('matches a film by its IMDb id when the server has no TMDB id', async () => {
    const answer = await post(
      addresses.emby,
      embyNotification('item.markplayed', {
        title: 'Fight Club (Director’s Cut)',
        year: 1999,
        imdb: 'tt0137523',
        minutes: 139,
      }),
    );
    expect(answer.json()).toMatchObject({
      status: 'recorded',
      entry: { movie_id: SEED_IDS.movies.fightClub, movie_title: 'Fight Club', completed: true },
    });
  });

  it('matches an episode by its series name, season and number', async () => {
    const { body, contentType } = plexMultipart(plexNotification('media.scrobble', BREAKING_BAD_PILOT));
    const answer = await t.app.inject({
      method: 'POST',
      url: new URL(addresses.plex).pathname,
      headers: { 'content-type': contentType },
      payload: body,
    });
    expect(answer.json()).toMatchObject({
      status: 'recorded',
      entry: { movie_id: SEED_IDS.tv.breakingBad, content_type: 'tv', season_number: 1, episode_number: 1 },
    });
    const history = (await t.app.inject({ url: '/api/me/history', headers: { cookie } })).json().results;
    expect(history.map((entry: { movie_title: string }) => entry.movie_title)).toEqual([
      'Breaking Bad',
      'Fight Club',
      'The Matrix',
    ]);
  });
});
