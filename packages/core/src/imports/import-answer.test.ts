import { describe, expect, it } from 'vitest';
import type { SyncOperation } from '../library/sync-ops.ts';
import { retargetOperations, type ImportCandidate } from './import-answer.ts';

function candidate(id: number, year: number, overrides: Partial<ImportCandidate> = {}): ImportCandidate {
  return {
    id,
    media_type: 'movie',
    title: 'King Kong',
    year,
    poster_path: `/poster/movie/${id}.svg`,
    backdrop_path: `/backdrop/movie/${id}.svg`,
    release_date: `${year}-12-17`,
    vote_average: 6,
    overview: `King Kong of ${year}`,
    ...overrides,
  };
}

/** An operation's item (these tests make only upserts). */
const itemOf = (operation: SyncOperation | undefined) =>
  (operation && 'item' in operation ? operation.item : null) as Record<string, unknown> | null;

/** The operations the server writes for an ambiguous row: for its first candidate. */
function operationsFor(first: ImportCandidate): SyncOperation[] {
  const at = '2021-03-04T12:00:00.000Z';
  const named = { movie_id: first.id, content_type: first.media_type };
  return [
    {
      op: 'upsert',
      store: 'history',
      at,
      item: {
        id: `movie:${first.id}`,
        ...named,
        movie_title: first.title,
        movie_poster: first.poster_path,
        watched_at: at,
        duration_watched: 0,
        total_duration: null,
        completed: true,
        synced: false,
        season_number: null,
        episode_number: null,
        episode_title: null,
        source: 'import',
        play_count: 2,
        backdrop_path: first.backdrop_path,
        release_date: first.release_date,
        vote_average: first.vote_average,
        overview: first.overview,
      },
    },
    {
      op: 'upsert',
      store: 'watch_later',
      at,
      item: {
        id: `movie:${first.id}`,
        ...named,
        movie_title: first.title,
        movie_poster: first.poster_path,
        movie_overview: first.overview,
        movie_release_date: first.release_date,
        movie_vote_average: first.vote_average,
        added_at: at,
        synced: false,
      },
    },
    {
      op: 'upsert',
      store: 'ratings',
      at,
      item: { ...named, season_number: null, episode_number: null, rating: 8, rated_at: at, synced: false },
    },
  ] as SyncOperation[];
}

describe('retargetOperations', () => {
  const [kong1933, kong1976] = [candidate(1933, 1933), candidate(1976, 1976)];

  it('names the candidate the viewer picked in every store, with its key, artwork and dates', () => {
    const picked = retargetOperations(operationsFor(kong1933), kong1976);
    const [history, watchLater, rating] = picked.map(itemOf);
    expect(history).toMatchObject({
      id: 'movie:1976',
      movie_id: 1976,
      content_type: 'movie',
      movie_poster: '/poster/movie/1976.svg',
      backdrop_path: '/backdrop/movie/1976.svg',
      release_date: '1976-12-17',
      overview: 'King Kong of 1976',
      // What the rows said stays as it was.
      play_count: 2,
      watched_at: '2021-03-04T12:00:00.000Z',
      source: 'import',
    });
    expect(watchLater).toMatchObject({
      id: 'movie:1976',
      movie_id: 1976,
      movie_release_date: '1976-12-17',
      movie_overview: 'King Kong of 1976',
    });
    expect(rating).toMatchObject({ movie_id: 1976, content_type: 'movie', rating: 8 });
    expect(picked.map((operation) => operation.at)).toEqual(operationsFor(kong1933).map((operation) => operation.at));
  });

  it('gives a series its episode key when the picked candidate is a series', () => {
    const show = candidate(4000, 2005, { media_type: 'tv', title: 'King Kong' });
    const [history] = retargetOperations(operationsFor(kong1933), show);
    expect(itemOf(history)).toMatchObject({ id: 'tv:4000:s-:e-', content_type: 'tv', movie_id: 4000 });
  });

  it('changes nothing of the operations it was given (the first candidate’s stay for another choice)', () => {
    const original = operationsFor(kong1933);
    const copy = JSON.parse(JSON.stringify(original)) as SyncOperation[];
    retargetOperations(original, kong1976);
    expect(original).toEqual(copy);
  });
});
