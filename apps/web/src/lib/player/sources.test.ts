import { describe, expect, it } from 'vitest';
import {
  backupSourceIndex,
  buildSources,
  defaultSourcePosition,
  fillTemplate,
  initialSourceIndex,
  type MediaServerFile,
  type SourceContext,
} from './sources.ts';

const context = (overrides: Partial<SourceContext> = {}): SourceContext => ({
  type: 'movie',
  id: 42,
  season: null,
  episode: null,
  library: { enabled: true, files: [] },
  trailer: { supported: true, key: 'abc' },
  customSources: [],
  autoplay: false,
  ...overrides,
});

describe('sources', () => {
  it('fills the spec placeholders', () => {
    expect(fillTemplate('https://v.example/{seriesId}/{season}/{episode}', { id: 7, season: 2, episode: 3 })).toBe(
      'https://v.example/7/2/3',
    );
    expect(fillTemplate('https://v.example/m/{movieID}', { id: 7 })).toBe('https://v.example/m/7');
  });

  it('disables sources that cannot play the title, with the reason', () => {
    const sources = buildSources(
      context({
        trailer: { supported: false, key: null },
        customSources: [
          { name: 'Series only', movieUrl: '', tvUrl: 'https://s.example/{seriesId}', recommended: false },
          { name: '', movieUrl: 'https://nameless.example/{movieID}', tvUrl: '', recommended: false },
        ],
      }),
    );
    expect(sources.map((source) => [source.name, source.disabledReason])).toEqual([
      ['Library', 'No file for this title in the library'],
      ['Trailer', 'The catalogue has no trailers'],
      ['Series only', 'No movie URL set for this source'],
    ]);
  });

  it('lists an http:// custom source disabled: the CSP frames only https (security.ts)', () => {
    const sources = buildSources(
      context({
        customSources: [
          { name: 'Plain', movieUrl: 'http://plain.example/{movieID}', tvUrl: '', recommended: true },
          { name: 'Secure', movieUrl: 'https://secure.example/{movieID}', tvUrl: '', recommended: true },
        ],
      }),
    );
    expect(sources.slice(2).map((source) => [source.name, source.url, source.disabledReason])).toEqual([
      ['Plain', null, 'Blocked: only https:// addresses can play here'],
      ['Secure', 'https://secure.example/42', null],
    ]);
    expect(sources[initialSourceIndex(sources, 0).index]!.name).toBe('Secure');
  });

  it('says the Library is being indexed while the server scans and the file is not found yet', () => {
    const [scanning] = buildSources(context({ library: { enabled: true, scanning: true, files: [] } }));
    expect(scanning!.disabledReason).toBe('Library is being indexed');
    const file = { id: 'f', path: 'Heat (1995).mp4', season_number: null, episode_number: null, stream_url: '/s/f' };
    const [found] = buildSources(context({ library: { enabled: true, scanning: true, files: [file] } }));
    expect(found!.url).toBe('/s/f');
  });

  it('plays the episode file of the library and the privacy-enhanced trailer', () => {
    const files = [
      { id: 'f', path: 'S/S01E02.webm', season_number: 1, episode_number: 2, stream_url: '/api/media/stream/f' },
    ];
    const [library, trailer] = buildSources(
      context({ type: 'tv', season: 1, episode: 2, library: { enabled: true, files } }),
    );
    expect(library!.url).toBe('/api/media/stream/f');
    expect(trailer!.url).toBe('https://www.youtube-nocookie.com/embed/abc');
    expect(
      buildSources(context({ type: 'tv', season: 1, episode: 3, library: { enabled: true, files } }))[0]!.url,
    ).toBeNull();
  });

  it('chooses the first recommended source, else the default index clamped (player.md §4)', () => {
    const custom = [
      { name: 'A', movieUrl: 'https://a.example/{movieID}', tvUrl: '', recommended: false },
      { name: 'B', movieUrl: 'https://b.example/{movieID}', tvUrl: '', recommended: true },
    ];
    const sources = buildSources(context({ customSources: custom }));
    expect(initialSourceIndex(sources, 0)).toEqual({ index: 3, auto: true });
    const plain = buildSources(context({ customSources: custom.map((s) => ({ ...s, recommended: false })) }));
    expect(initialSourceIndex(plain, 99)).toEqual({ index: 3, auto: false });
    expect(initialSourceIndex(plain, 2)).toEqual({ index: 2, auto: false });
  });

  it('falls back to the first recommended other source, else the first other', () => {
    const custom = [
      { name: 'A', movieUrl: 'https://a.example/{movieID}', tvUrl: '', recommended: false },
      { name: 'B', movieUrl: 'https://b.example/{movieID}', tvUrl: '', recommended: true },
    ];
    const sources = buildSources(context({ customSources: custom }));
    expect(backupSourceIndex(sources, 3)).toBe(1);
    expect(backupSourceIndex(sources, 1)).toBe(3);
    expect(backupSourceIndex(sources.slice(0, 1), 0)).toBeNull();
  });

  describe('the Jellyfin/Emby source', () => {
    const episode = (season: number, number: number, direct: string | null): MediaServerFile => ({
      id: `e${season}${number}`,
      season_number: season,
      episode_number: number,
      stream_url: `/api/media-servers/stream/e${season}${number}`,
      hls_url: `/api/media-servers/hls/e${season}${number}/master.m3u8`,
      direct_type: direct,
    });

    it('is listed after the Library only when the server has one, recommended, playing its file', () => {
      expect(buildSources(context()).map((source) => source.name)).toEqual(['Library', 'Trailer']);
      const sources = buildSources(
        context({
          type: 'tv',
          season: 1,
          episode: 2,
          mediaServer: { name: 'Jellyfin', state: 'ready', files: [episode(1, 1, null), episode(1, 2, 'video/webm')] },
        }),
      );
      expect(sources.map((source) => source.name)).toEqual(['Library', 'Jellyfin', 'Trailer']);
      expect(sources[1]).toMatchObject({
        kind: 'media-server',
        recommended: true,
        disabledReason: null,
        url: '/api/media-servers/hls/e12/master.m3u8',
        stream: {
          direct: '/api/media-servers/stream/e12',
          directType: 'video/webm',
          hls: '/api/media-servers/hls/e12/master.m3u8',
        },
      });
      // The Library has no file: the media server is the first recommended source that plays.
      expect(initialSourceIndex(sources, 0)).toEqual({ index: 1, auto: true });
    });

    it('says why it cannot play: checking, indexing, no file, the server down or refusing the key', () => {
      const reason = (mediaServer: SourceContext['mediaServer'], type: 'movie' | 'tv' = 'movie') =>
        buildSources(context({ type, season: 1, episode: 5, mediaServer }))[1]!.disabledReason;
      expect(reason({ name: 'Emby', state: 'loading', files: [] })).toBe('Checking Emby…');
      expect(reason({ name: 'Jellyfin', state: 'indexing', files: [] })).toBe('Jellyfin is being indexed');
      expect(reason({ name: 'Jellyfin', state: 'ready', files: [] })).toBe('No file for this title on Jellyfin');
      expect(reason({ name: 'Jellyfin', state: 'ready', files: [episode(1, 1, null)] }, 'tv')).toBe(
        'No file for this episode on Jellyfin',
      );
      expect(
        reason(
          {
            name: 'Jellyfin',
            state: 'unreachable',
            message: 'Jellyfin is not reachable',
            files: [episode(1, 5, null)],
          },
          'tv',
        ),
      ).toBe('Jellyfin is not reachable');
      expect(
        reason({ name: 'Jellyfin', state: 'unauthorized', message: "Jellyfin refused Marquee's API key", files: [] }),
      ).toBe("Jellyfin refused Marquee's API key");
    });

    it('leaves the default source setting pointing where Settings says (Library, Trailer, custom)', () => {
      const custom = [{ name: 'A', movieUrl: 'https://a.example/{movieID}', tvUrl: '', recommended: false }];
      const sources = buildSources(
        context({
          library: { enabled: false, files: [] },
          customSources: custom,
          mediaServer: { name: 'Jellyfin', state: 'ready', files: [] },
        }),
      );
      expect(sources.map((source) => source.name)).toEqual(['Library', 'Jellyfin', 'Trailer', 'A']);
      expect(defaultSourcePosition(sources, 1)).toBe(2);
      expect(defaultSourcePosition(sources, 2)).toBe(3);
      expect(defaultSourcePosition(sources, 99)).toBe(3);
      expect(initialSourceIndex(sources, 2)).toEqual({ index: 3, auto: false });
    });
  });
});
