import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MediaType, SearchParams, TitleSummary } from '@marquee/core';
import { FAKE_ITEMS, seedItems, startFakeJellyfin, type FakeJellyfin } from '../../../test/fake-jellyfin.ts';
import { createMediaServerClient } from './media-server-client.ts';
import { createMediaServerIndex, QUICK_RETRY_MS, RETRY_INTERVAL_MS } from './media-server-index.ts';

function summary(type: MediaType, id: number, title: string, date: string): TitleSummary {
  return {
    id,
    media_type: type,
    ...(type === 'movie'
      ? { title, original_title: title, release_date: date }
      : { name: title, original_name: title, first_air_date: date }),
    overview: '',
    poster_path: null,
    backdrop_path: null,
    vote_average: 7,
    vote_count: 100,
    popularity: 10,
    genre_ids: [],
    original_language: 'en',
  };
}

/** A catalogue of ids of its own (like the local one): Alien 1, The Matrix 2, Chernobyl 21 (tv). */
function stubCatalogue(mode: 'local' | 'tmdb' = 'local') {
  const titles = [
    summary('movie', 1, 'Alien', '1979-05-25'),
    summary('movie', 2, 'The Matrix', '1999-03-31'),
    // A film of the same name years apart: the year must rule it out.
    summary('movie', 3, 'Alien', '2031-01-01'),
    summary('tv', 21, 'Chernobyl', '2019-05-06'),
  ];
  const searches: string[] = [];
  const lookups: string[] = [];
  return {
    mode,
    searches,
    lookups,
    async findByImdbId(imdbId: string) {
      lookups.push(imdbId);
      const titles = imdbId === 'tt0000001' ? [summary('movie', 551, 'Home Movies', '2019-01-01')] : [];
      return { titles, episodes: [] };
    },
    async search({ q }: SearchParams) {
      searches.push(q);
      const results = titles.filter((title) => (title.title ?? title.name) === q);
      return { page: 1, results, total_pages: 1, total_results: results.length };
    },
  };
}

const quiet = { warn() {} };

describe('the media server index', () => {
  let fake: FakeJellyfin;
  beforeAll(async () => {
    fake = await startFakeJellyfin();
  });
  afterAll(() => fake.close());
  afterEach(() => {
    fake.setMode('ok');
    fake.requests.length = 0;
  });

  const clientFor = (
    options: { apiKey?: string; pageSize?: number; timeoutMs?: number; kind?: 'jellyfin' | 'emby' } = {},
  ) =>
    createMediaServerClient({
      config: { kind: options.kind ?? 'jellyfin', url: fake.url, apiKey: options.apiKey ?? fake.apiKey },
      pageSize: options.pageSize,
      timeoutMs: options.timeoutMs,
    });

  it('pages through the films and series, matches them by title, year and type, and lists episodes with files', async () => {
    const catalogue = stubCatalogue();
    const index = createMediaServerIndex(clientFor({ pageSize: 2 }), catalogue, quiet);
    expect(index.status()).toMatchObject({ state: 'indexing', message: 'Jellyfin is being indexed' });
    await index.refresh();

    expect(index.status()).toMatchObject({ state: 'ready', message: null, items: 4, unmatched: 1 });
    const pages = fake.requests.filter((request) => request.path === '/Items');
    expect(pages.map((request) => request.query.get('StartIndex'))).toEqual(['0', '2']);
    expect(pages[0]!.query.get('IncludeItemTypes')).toBe('Movie,Series');
    expect(pages[0]!.query.get('Recursive')).toBe('true');
    expect(pages[0]!.query.get('Fields')).toContain('ProviderIds');

    expect(index.forTitle('movie', 1)).toEqual([
      expect.objectContaining({ id: FAKE_ITEMS.alien, directType: 'video/webm; codecs="vp8"', runtime: 6 }),
    ]);
    expect(index.forTitle('movie', 3)).toEqual([]);
    // An MKV of H.264 and DTS: no browser plays it as it is.
    expect(index.forTitle('movie', 2)).toEqual([expect.objectContaining({ id: FAKE_ITEMS.matrix, directType: null })]);
    // Episode 3 is one the server knows of but has no file for.
    expect(index.forTitle('tv', 21).map((entry) => [entry.season_number, entry.episode_number, entry.id])).toEqual([
      [1, 1, FAKE_ITEMS.chernobyl1],
      [1, 2, FAKE_ITEMS.chernobyl2],
    ]);
    expect(index.unmatched()).toEqual([
      {
        name: 'Our Summer Holiday',
        year: 2019,
        media_type: 'movie',
        reason: 'no catalogue movie matches its TMDB id, title and year',
      },
    ]);

    // Every call carried the key in its headers, none in its address.
    for (const request of fake.requests) {
      expect(request.headers.authorization).toContain(`Token="${fake.apiKey}"`);
      expect(request.query.toString()).not.toContain(fake.apiKey);
    }

    // A refresh does not search the catalogue again for titles it matched before.
    const searched = catalogue.searches.length;
    await index.refresh();
    expect(catalogue.searches.length).toBe(searched);
  });

  it('takes the TMDB id the server found when the catalogue is TMDB, else its IMDb id', async () => {
    const catalogue = stubCatalogue('tmdb');
    const items = seedItems();
    items.find((item) => item.Id === FAKE_ITEMS.holiday)!.ProviderIds = { Imdb: 'tt0000001' };
    const withImdb = await startFakeJellyfin({ items });
    try {
      const client = createMediaServerClient({
        config: { kind: 'jellyfin', url: withImdb.url, apiKey: withImdb.apiKey },
      });
      const index = createMediaServerIndex(client, catalogue, quiet);
      await index.refresh();
      expect(index.forTitle('movie', 603).map((entry) => entry.id)).toEqual([FAKE_ITEMS.matrix]);
      expect(index.forTitle('tv', 87108)).toHaveLength(2);
      expect(index.forTitle('movie', 551).map((entry) => entry.id)).toEqual([FAKE_ITEMS.holiday]);
      // Titles with a TMDB id need no lookup; the film with only an IMDb id needs no search.
      expect(catalogue.lookups).toEqual(['tt0000001']);
      expect(catalogue.searches).toEqual([]);
    } finally {
      await withImdb.close();
    }
  });

  it('never looks IMDb ids up in a catalogue of its own ids', async () => {
    const catalogue = stubCatalogue('local');
    await createMediaServerIndex(clientFor(), catalogue, quiet).refresh();
    expect(catalogue.lookups).toEqual([]);
  });

  it('keeps serving the last good index through an outage, and says the server is not reachable', async () => {
    const index = createMediaServerIndex(clientFor(), stubCatalogue(), quiet);
    await index.refresh();
    fake.setMode('down');
    await index.refresh();
    expect(index.status()).toMatchObject({ state: 'unreachable', message: 'Jellyfin is not reachable', items: 4 });
    expect(index.forTitle('movie', 1)).toHaveLength(1);

    fake.setMode('ok');
    await index.refresh();
    expect(index.status()).toMatchObject({ state: 'ready', message: null });
  });

  it('asks again within seconds when a stream found the server gone, then at the usual interval', async () => {
    // The index's timers run on a clock the test moves; the network is real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const failures: unknown[] = [];
    const index = createMediaServerIndex(clientFor({ timeoutMs: 200 }), stubCatalogue(), {
      warn: (error) => failures.push(error),
    });
    let release = () => {};
    try {
      index.start();
      await vi.waitFor(() => expect(index.status().state).toBe('ready'));
      // A stream found the server gone (Marquee's proxy says so); it hangs meanwhile.
      release = fake.hold();
      index.reportUnreachable();
      expect(index.status()).toMatchObject({ state: 'unreachable', message: 'Jellyfin is not reachable' });
      // A second failed stream does not put the check off.
      await vi.advanceTimersByTimeAsync(QUICK_RETRY_MS - 1000);
      index.reportUnreachable();
      await vi.advanceTimersByTimeAsync(999);
      expect(fake.held()).toBe(0);
      await vi.advanceTimersByTimeAsync(1);
      await vi.waitFor(() => expect(fake.held()).toBe(1));
      // Still not answering (the client gives up after 200 ms): the next check waits the usual interval.
      await vi.waitFor(() => expect(failures).toHaveLength(1));
      release();
      fake.requests.length = 0;
      await vi.advanceTimersByTimeAsync(RETRY_INTERVAL_MS - 1);
      expect(fake.requests).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      await vi.waitFor(() => expect(index.status()).toMatchObject({ state: 'ready', message: null }));
      expect(fake.requests.length).toBeGreaterThan(0);
    } finally {
      release();
      index.stop();
      vi.useRealTimers();
    }
  });

  it('gives up on a server that does not answer in time', async () => {
    const index = createMediaServerIndex(clientFor({ timeoutMs: 200 }), stubCatalogue(), quiet);
    const release = fake.hold();
    try {
      await index.refresh();
      expect(fake.held()).toBeGreaterThan(0);
      expect(index.status()).toMatchObject({ state: 'unreachable', message: 'Jellyfin is not reachable', items: 0 });
    } finally {
      release();
    }
  });

  it('says when the server refuses the key', async () => {
    const index = createMediaServerIndex(clientFor({ apiKey: 'wrong' }), stubCatalogue(), quiet);
    await index.refresh();
    expect(index.status()).toMatchObject({ state: 'unauthorized', message: "Jellyfin refused Marquee's API key" });
  });

  it("indexes Emby under /emby/, with its numeric ids and a series' episodes without a user", async () => {
    const emby = await startFakeJellyfin({ kind: 'emby' });
    try {
      const client = createMediaServerClient({ config: { kind: 'emby', url: emby.url, apiKey: emby.apiKey } });
      const index = createMediaServerIndex(client, stubCatalogue(), quiet);
      await index.refresh();
      expect(index.status()).toMatchObject({ state: 'ready', message: null, items: 4 });
      expect(index.forTitle('movie', 1)).toEqual([
        expect.objectContaining({ id: emby.ids.alien, mediaSourceId: `mediasource_${emby.ids.alien}` }),
      ]);
      expect(index.forTitle('tv', 21).map((entry) => [entry.season_number, entry.episode_number, entry.id])).toEqual([
        [1, 1, emby.ids.chernobyl1],
        [1, 2, emby.ids.chernobyl2],
      ]);
      expect(index.find(emby.ids.chernobyl1)).toBeDefined();
      const episodes = emby.requests.find((request) => request.query.get('ParentId') === emby.ids.chernobyl)!;
      expect(episodes.rawPath).toBe('/emby/Items');
      expect(emby.requests.every((request) => request.rawPath.startsWith('/emby/'))).toBe(true);
      expect(emby.requests.every((request) => request.headers['x-emby-token'] === emby.apiKey)).toBe(true);
    } finally {
      await emby.close();
    }
  });
});
