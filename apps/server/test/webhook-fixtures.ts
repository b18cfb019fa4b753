/**
 * Notifications as Jellyfin, Emby and Plex send them (shapes from their documentation and sources:
 * see src/modules/webhooks/webhook-payloads.ts), for a film or an episode, with overrides. Values
 * that identify a server, a device or a person are made up.
 */

const TICKS = 10_000_000;

export interface FilmFacts {
  title: string;
  year: number;
  tmdb?: string;
  imdb?: string;
  minutes: number;
}

export interface EpisodeFacts {
  series: string;
  seriesYear: number;
  season: number;
  episode: number;
  name: string;
  minutes: number;
}

export const MATRIX: FilmFacts = { title: 'The Matrix', year: 1999, tmdb: '603', imdb: 'tt0133093', minutes: 136 };
export const UNKNOWN_FILM: FilmFacts = { title: 'A Film Nobody Made', year: 1999, minutes: 90 };
export const BREAKING_BAD_PILOT: EpisodeFacts = {
  series: 'Breaking Bad',
  seriesYear: 2008,
  season: 1,
  episode: 1,
  name: 'Pilot',
  minutes: 58,
};

/** Jellyfin's Webhook plugin, Generic destination with "Send All Properties". */
export function jellyfinNotification(
  event: string,
  item: FilmFacts | EpisodeFacts,
  playback: { positionMinutes?: number; playedToCompletion?: boolean } = {},
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const isFilm = 'title' in item;
  const base: Record<string, unknown> = {
    ServerId: '2f8c1a6e9b7d4c0e8a5f3b1d7e9c2a4f',
    ServerName: 'living-room',
    ServerVersion: '10.10.3',
    ServerUrl: 'http://192.168.1.20:8096',
    NotificationType: event,
    Timestamp: '2026-11-27T20:14:03.1234567+01:00',
    UtcTimestamp: '2026-11-27T19:14:03.1234567Z',
    Name: isFilm ? item.title : item.name,
    Overview: 'An overview.',
    Tagline: '',
    ItemId: '6b1e0c4d9f3a4e7b8c2d5f0a1b3c4d5e',
    ItemType: isFilm ? 'Movie' : 'Episode',
    RunTimeTicks: item.minutes * 60 * TICKS,
    RunTime: `${String(Math.floor(item.minutes / 60)).padStart(2, '0')}:${String(item.minutes % 60).padStart(2, '0')}:00`,
    Year: isFilm ? item.year : item.seriesYear,
    Genres: 'Science Fiction',
    Video_0_Title: '1080p H264 SDR',
    Video_0_Type: 'Video',
    Video_0_Codec: 'h264',
    Audio_0_Title: 'English - AAC - Stereo - Default',
    Audio_0_Type: 'Audio',
    Audio_0_Language: 'eng',
    NotificationUsername: 'alice',
    UserId: '9d2e7f1a3b5c4d6e8f0a2b4c6d8e0f1a',
  };
  if (isFilm) {
    if (item.tmdb) base.Provider_tmdb = item.tmdb;
    if (item.imdb) base.Provider_imdb = item.imdb;
  } else {
    Object.assign(base, {
      SeriesName: item.series,
      SeriesId: '0a1b2c3d4e5f60718293a4b5c6d7e8f9',
      SeasonId: '1b2c3d4e5f60718293a4b5c6d7e8f90a',
      SeasonNumber: item.season,
      SeasonNumber00: String(item.season).padStart(2, '0'),
      EpisodeNumber: item.episode,
      EpisodeNumber00: String(item.episode).padStart(2, '0'),
      Provider_tvdb: '349232',
      Provider_imdb: 'tt0959621',
    });
  }
  if (event.startsWith('Playback')) {
    const position = playback.positionMinutes ?? 0;
    Object.assign(base, {
      PlaybackPositionTicks: position * 60 * TICKS,
      PlaybackPosition: '00:00:00',
      MediaSourceId: '6b1e0c4d9f3a4e7b8c2d5f0a1b3c4d5e',
      IsPaused: false,
      IsAutomated: false,
      DeviceId: 'TW96aWxsYS81LjAgKFgxMTsgTGludXggeDg2XzY0KQ11',
      DeviceName: 'Firefox',
      ClientName: 'Jellyfin Web',
      PlayMethod: 'DirectPlay',
    });
  }
  if (event === 'PlaybackStop') base.PlayedToCompletion = playback.playedToCompletion ?? false;
  return { ...base, ...overrides };
}

/** Emby's webhook (Emby Premiere), "application/json". */
export function embyNotification(
  event: string,
  item: FilmFacts | EpisodeFacts,
  playback: { positionMinutes?: number; playedToCompletion?: boolean } = {},
): Record<string, unknown> {
  const isFilm = 'title' in item;
  const body: Record<string, unknown> = {
    Title: `alice has played ${isFilm ? item.title : item.name} on Emby Web`,
    Date: '2026-11-27T19:14:03.0000000Z',
    Event: event,
    Severity: 'Info',
    User: { Name: 'alice', Id: '4e1b9c0d2a3f4b5c6d7e8f9a0b1c2d3e' },
    Item: {
      Name: isFilm ? item.title : item.name,
      ServerId: '7c9e2a1b3d4f5a6b7c8d9e0f1a2b3c4d',
      Id: '123456',
      DateCreated: '2026-01-02T03:04:05.0000000Z',
      ProductionYear: isFilm ? item.year : item.seriesYear,
      ProviderIds: isFilm ? { Tmdb: item.tmdb, Imdb: item.imdb } : { Tvdb: '349232', Imdb: 'tt0959621' },
      RunTimeTicks: item.minutes * 60 * TICKS,
      IsFolder: false,
      Type: isFilm ? 'Movie' : 'Episode',
      MediaType: 'Video',
      ...(isFilm
        ? {}
        : { SeriesName: item.series, ParentIndexNumber: item.season, IndexNumber: item.episode, SeriesId: '98765' }),
    },
    Server: { Name: 'den', Id: '7c9e2a1b3d4f5a6b7c8d9e0f1a2b3c4d', Version: '4.8.10.0' },
  };
  if (event.startsWith('playback.')) {
    body.Session = { RemoteEndPoint: '192.168.1.30', Client: 'Emby Web', DeviceName: 'Firefox', Id: 'abc' };
    body.PlaybackInfo = {
      PositionTicks: (playback.positionMinutes ?? 0) * 60 * TICKS,
      PlaylistIndex: 0,
      PlaylistLength: 1,
      PlaySessionId: 'f0e1d2c3b4a5',
      ...(event === 'playback.stop' ? { PlayedToCompletion: playback.playedToCompletion ?? false } : {}),
    };
  }
  return body;
}

/** Plex's webhook (Plex Pass): the `payload` part's JSON. */
export function plexNotification(
  event: string,
  item: FilmFacts | EpisodeFacts,
  playback: { positionMinutes?: number } = {},
): Record<string, unknown> {
  const isFilm = 'title' in item;
  const metadata: Record<string, unknown> = {
    librarySectionType: isFilm ? 'movie' : 'show',
    ratingKey: '1936545',
    key: '/library/metadata/1936545',
    type: isFilm ? 'movie' : 'episode',
    title: isFilm ? item.title : item.name,
    librarySectionTitle: isFilm ? 'Films' : 'TV Shows',
    librarySectionID: 1,
    summary: 'A summary.',
    viewOffset: (playback.positionMinutes ?? 0) * 60_000,
    year: isFilm ? item.year : item.seriesYear,
    thumb: '/library/metadata/1936545/thumb/1610396853',
    duration: item.minutes * 60_000,
    addedAt: 1598316406,
    updatedAt: 1610396853,
  };
  if (isFilm) {
    metadata.guid = 'plex://movie/5d7768255af944001f1f6313';
    metadata.Guid = [
      ...(item.imdb ? [{ id: `imdb://${item.imdb}` }] : []),
      ...(item.tmdb ? [{ id: `tmdb://${item.tmdb}` }] : []),
    ];
  } else {
    Object.assign(metadata, {
      guid: 'plex://episode/5d9c086c7d06d9001ffd2c66',
      grandparentTitle: item.series,
      parentTitle: `Season ${item.season}`,
      parentIndex: item.season,
      index: item.episode,
      Guid: [{ id: 'imdb://tt0959621' }, { id: 'tmdb://62085' }, { id: 'tvdb://349232' }],
    });
  }
  return {
    event,
    user: true,
    owner: true,
    Account: { id: 1, thumb: 'https://plex.tv/users/abc/avatar', title: 'alice' },
    Server: { title: 'Office', uuid: '54664a3d8acc39983675640ec9ce00b70af9cc36' },
    Player: {
      local: true,
      publicAddress: '200.200.200.200',
      title: 'Plex Web (Safari)',
      uuid: 'r6yfkdnfggbh2bdnvkffwbms',
    },
    Metadata: metadata,
  };
}

/** Plex's multipart request: the JSON in `payload`, and for some events a JPEG thumbnail. */
export function plexMultipart(
  payload: Record<string, unknown>,
  withThumb = true,
): { body: Buffer; contentType: string } {
  const boundary = '------------------------4ebf00fbcf09';
  const parts = [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="payload"\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(payload)}\r\n`,
    ),
  ];
  if (withThumb) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="thumb"; filename="thumb.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(20_000, 7), Buffer.from([0xff, 0xd9])]),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
