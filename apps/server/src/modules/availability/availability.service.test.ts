import { describe, expect, it } from 'vitest';
import type { MovieDetails, TvDetails } from '@marquee/core';
import { AppError } from '../../plugins/errors.ts';
import type { CatalogueProvider } from '../../catalogue/provider.ts';
import type { MediaServerEntry, MediaServerState } from '../media-servers/media-server-index.ts';
import { createAvailability, type LibraryIndex } from './availability.service.ts';

function catalogueWith(trailers: Record<string, string | null>, capable = true) {
  const asked: string[] = [];
  const details = (type: 'movie' | 'tv', id: number) => {
    asked.push(`${type}:${id}`);
    const key = trailers[`${type}:${id}`];
    if (key === undefined) return Promise.reject(new AppError('not_found', 'no such title'));
    return Promise.resolve({ id, trailer_key: key } as unknown as MovieDetails & TvDetails);
  };
  const provider: Pick<CatalogueProvider, 'capabilities' | 'withRequestDeadline'> = {
    capabilities: { watchProviders: capable, trailers: capable },
    withRequestDeadline: () =>
      ({
        movie: (id: number) => details('movie', id),
        tv: (id: number) => details('tv', id),
      }) as unknown as CatalogueProvider,
  };
  return { provider, asked };
}

const noLibrary: LibraryIndex = {
  root: null,
  snapshot: () => ({ results: [], unmatched: [], scanning: false, scanned_at: null }),
};

function serverWith(entries: MediaServerEntry[], state: MediaServerState) {
  return {
    kind: 'emby' as const,
    index: {
      entries: () => entries,
      status: () => ({ state, message: null, indexed_at: null, items: entries.length, unmatched: 0 }),
    },
  };
}

const episode = (season: number, number: number): MediaServerEntry => ({
  id: `e${season}${number}`,
  media_type: 'tv',
  title_id: 7,
  season_number: season,
  episode_number: number,
  mediaSourceId: 'x',
  directType: null,
  runtime: null,
});

describe('availability', () => {
  it("adds the catalogue's trailer where it has one, and asks nothing of a catalogue without trailers", async () => {
    const { provider, asked } = catalogueWith({ 'movie:1': 'abc', 'movie:2': null, 'tv:3': 'def' });
    const availability = createAvailability({ library: noLibrary, mediaServer: null, catalogue: provider });
    const answer = await availability.forTitles([
      { type: 'movie', id: 1 },
      { type: 'movie', id: 2 },
      { type: 'tv', id: 3 },
      { type: 'movie', id: 4 },
    ]);
    expect(answer.results.map((result) => result.sources)).toEqual([['trailer'], [], ['trailer'], []]);
    expect(asked.sort()).toEqual(['movie:1', 'movie:2', 'movie:4', 'tv:3']);

    const local = catalogueWith({ 'movie:1': 'abc' }, false);
    const none = createAvailability({ library: noLibrary, mediaServer: null, catalogue: local.provider });
    expect((await none.forTitles([{ type: 'movie', id: 1 }])).results[0]!.sources).toEqual([]);
    expect(local.asked).toEqual([]);
  });

  it('names the server by its kind, and drops it while it cannot be reached', async () => {
    const { provider } = catalogueWith({ 'tv:7': null });
    let state: MediaServerState = 'ready';
    const entries = [episode(2, 1), episode(1, 3), episode(1, 1)];
    const server = serverWith(entries, 'ready');
    server.index.status = () => ({ state, message: null, indexed_at: null, items: 3, unmatched: 0 });
    const availability = createAvailability({ library: noLibrary, mediaServer: server, catalogue: provider });
    expect(await availability.forTitles([{ type: 'tv', id: 7 }])).toEqual({
      indexing: false,
      results: [{ media_type: 'tv', id: 7, sources: ['emby'], episodes: 3 }],
    });
    expect((await availability.forSeries(7)).seasons).toEqual([
      {
        season_number: 1,
        episodes: [
          { episode_number: 1, sources: ['emby'] },
          { episode_number: 3, sources: ['emby'] },
        ],
      },
      { season_number: 2, episodes: [{ episode_number: 1, sources: ['emby'] }] },
    ]);
    expect(availability.playableIds('tv')).toEqual([7]);

    state = 'unreachable';
    expect((await availability.forTitles([{ type: 'tv', id: 7 }])).results[0]).toMatchObject({ sources: [] });
    expect(availability.playableIds('tv')).toEqual([]);
    state = 'indexing';
    expect((await availability.forTitles([{ type: 'tv', id: 7 }])).indexing).toBe(true);
  });
});
