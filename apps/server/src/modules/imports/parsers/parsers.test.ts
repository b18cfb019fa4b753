import { describe, expect, it } from 'vitest';
import { fixture, zipFiles, zipOf } from '../../../../test/fixtures/imports/import-fixtures.ts';
import { CsvReader, parseCsv } from '../csv.ts';
import type { ImportRecord } from '../import-records.ts';
import { readImport } from '../imports.service.ts';
import { IMPORT_LIMITS, type ImportLimits } from '../upload-reader.ts';
import { imdbTitleType } from './imdb.ts';
import { letterboxdFileOf, letterboxdRating } from './letterboxd.ts';
import { traktFileOf } from './trakt.ts';

const NOW = new Date('2026-11-20T12:00:00Z');

/** The bytes in chunks of `size`, as a network would deliver them (splitting quotes and characters). */
async function* chunks(bytes: Buffer, size = 7): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

const read = (source: Parameters<typeof readImport>[0], bytes: Buffer, name: string, size?: number) =>
  readImport(source, chunks(bytes, size), name, { now: () => NOW });

const summary = (record: ImportRecord) => {
  const { ref } = record;
  const base = `${record.kind} ${ref.type} ${ref.title} (${ref.year ?? '?'})`;
  switch (record.kind) {
    case 'play':
      return `${base} ${record.at}${record.season ? ` S${record.season}E${record.episode}` : ''}`;
    case 'rating':
      return `${base} ${record.rating} ${record.at}${record.season ? ` S${record.season}E${record.episode ?? '-'}` : ''}`;
    case 'restore':
      return `${base} ${record.operation.store}`;
    default:
      return `${base} ${record.at}`;
  }
};

describe('the CSV reader', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, CRLF and LF, and skips blank lines', () => {
    const text = 'a,b,c\r\n"x, y","say ""hi""","two\nlines"\n\n1,,3\n';
    expect(parseCsv(text).map((row) => row.fields)).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'say "hi"', 'two\nlines'],
      ['1', '', '3'],
    ]);
    expect(parseCsv(text).map((row) => row.line)).toEqual([1, 2, 5]);
  });

  it('gives the same rows whatever the chunks the text arrives in', () => {
    const text = 'Name,Note\n"A ""quoted"" one","x,y"\r\nplain,"z"\n';
    const whole = parseCsv(text).map((row) => row.fields);
    for (let size = 1; size < text.length; size++) {
      const rows: string[][] = [];
      const reader = new CsvReader('f.csv', (row) => rows.push(row.fields));
      for (let at = 0; at < text.length; at += size) reader.push(text.slice(at, at + size));
      reader.end();
      expect(rows, `chunks of ${size}`).toEqual(whole);
    }
  });

  it('refuses a file that ends inside a quoted field, naming it', () => {
    expect(() => parseCsv('Name,Year\n"Cut off,1999\n', 'diary.csv')).toThrow(
      'diary.csv ends inside a quoted field (line 2): the file looks cut off',
    );
  });
});

describe('Letterboxd', () => {
  it('knows the files of an export, skipping deleted/, orphaned/, reviews, profile and comments', () => {
    expect(letterboxdFileOf('diary.csv')).toBe('diary');
    expect(letterboxdFileOf('likes/films.csv')).toBe('likes');
    expect(letterboxdFileOf('letterboxd-someone-2026-11-01/watched.csv')).toBe('watched');
    for (const skipped of [
      'deleted/diary.csv',
      'orphaned/diary.csv',
      'reviews.csv',
      'profile.csv',
      'comments.csv',
      'likes/reviews.csv',
    ])
      expect(letterboxdFileOf(skipped), skipped).toBeNull();
  });

  it('turns half stars 0.5–5 into 1–10 and refuses anything else', () => {
    expect([0.5, 1, 2.5, 4.5, 5].map((stars) => letterboxdRating(String(stars)))).toEqual([1, 2, 5, 9, 10]);
    expect(letterboxdRating('')).toBeNull();
    for (const bad of ['0', '7', '4.25', 'four', '-1']) expect(letterboxdRating(bad), bad).toBeUndefined();
  });

  it('reads an export ZIP: each diary row a play on its Watched Date, ratings, watchlist, likes as watched', async () => {
    const collector = await read('letterboxd', zipOf('letterboxd'), 'letterboxd-someone.zip', 301);
    expect(collector.files).toEqual(['diary.csv', 'likes/films.csv', 'ratings.csv', 'watched.csv', 'watchlist.csv']);
    const lines = collector.records.map(summary);
    expect(lines).toEqual(
      expect.arrayContaining([
        'play movie The Matrix (1999) 2021-01-09T12:00:00.000Z',
        'rating movie The Matrix (1999) 9 2021-01-09T12:00:00.000Z',
        'play movie The Matrix (1999) 2022-05-31T12:00:00.000Z',
        'rating movie The Matrix (1999) 10 2022-06-01T12:00:00.000Z',
        'play movie The Godfathr (1972) 2023-03-02T12:00:00.000Z',
        'watched movie Amélie, Again (2001) 2021-03-12T12:00:00.000Z',
        'watched movie Alien (1979) 2021-01-10T12:00:00.000Z',
        'watchlist movie King Kong (?) 2020-12-25T12:00:00.000Z',
        'rating movie Fight Club (1999) 7 2021-02-11T12:00:00.000Z',
      ]),
    );
    // Nothing of deleted/ (Gladiator), orphaned/ (Memento) or reviews.csv.
    expect(lines.join('\n')).not.toMatch(/Gladiator|Memento/);
    expect(
      collector.records.filter((record) => record.ref.title === 'Fight Club' && record.kind === 'play'),
    ).toHaveLength(1);
    expect(collector.problems).toEqual([
      {
        file: 'diary.csv',
        line: 7,
        title: 'Broken Row',
        year: 2001,
        reason: 'the row has 3 fields where the header has 8',
      },
      {
        file: 'ratings.csv',
        line: 4,
        title: 'Pulp Fiction',
        year: 1994,
        reason: 'Rating "7" is not 0.5 to 5 stars in halves',
      },
    ]);
    expect(collector.rows).toBe(6 + 5 + 3 + 3 + 1);
  });

  it('reads one of its CSV files alone, knowing which from its header', async () => {
    const collector = await read('letterboxd', fixture('letterboxd/diary.csv'), 'letterboxd-diary (1).csv');
    expect(collector.records.filter((record) => record.kind === 'play')).toHaveLength(5);
  });

  it('tells a renamed watchlist from watched films by its name (their headers are the same)', async () => {
    const kinds = async (name: string) => [
      ...new Set((await read('letterboxd', fixture('letterboxd/watchlist.csv'), name)).records.map((r) => r.kind)),
    ];
    expect(await kinds('watchlist (1).csv')).toEqual(['watchlist']);
    expect(await kinds('letterboxd-someone-Watchlist.csv')).toEqual(['watchlist']);
    expect(await kinds('watched (1).csv')).toEqual(['watched']);
  });

  it('refuses a CSV with the wrong header, naming the missing column', async () => {
    await expect(read('letterboxd', Buffer.from('Title,Year\nAlien,1979\n'), 'diary.csv')).rejects.toThrow(
      'diary.csv is not a Letterboxd export file: its header lacks "Date", "Name", "Watched Date" (it has "Title", "Year")',
    );
  });

  it('refuses a ZIP with no Letterboxd files', async () => {
    await expect(read('letterboxd', zipFiles({ 'notes.txt': 'hello' }), 'x.zip')).rejects.toThrow(
      'The ZIP file holds no Letterboxd export files',
    );
  });
});

describe('IMDb', () => {
  it('reads current and older Title Type words', () => {
    expect(['Movie', 'movie', 'TV Movie', 'tvMovie', 'Short', 'Video', 'TV Special'].map(imdbTitleType)).toEqual(
      Array(7).fill('movie'),
    );
    expect(['TV Series', 'tvSeries', 'TV Mini Series', 'tvMiniSeries'].map(imdbTitleType)).toEqual(Array(4).fill('tv'));
    expect(['TV Episode', 'tvEpisode'].map(imdbTitleType)).toEqual(['episode', 'episode']);
    expect(['Video Game', 'videoGame', 'Podcast Series'].map(imdbTitleType)).toEqual([null, null, null]);
  });

  it('reads a ratings export: a rating per row, a rated film also watched; bad rows reported', async () => {
    const collector = await read('imdb', fixture('imdb/ratings.csv'), 'ratings.csv');
    expect(collector.records.map(summary)).toEqual([
      'rating movie The Matrix (1999) 9 2022-03-04T12:00:00.000Z',
      'watched movie The Matrix (1999) 2022-03-04T12:00:00.000Z',
      'rating tv Breaking Bad (2008) 10 2022-03-05T12:00:00.000Z',
      'rating episode Pilot (2008) 8 2022-03-06T12:00:00.000Z',
      'rating movie A Film Nobody Made (2015) 7 2022-03-08T12:00:00.000Z',
      'watched movie A Film Nobody Made (2015) 2022-03-08T12:00:00.000Z',
    ]);
    expect(collector.records[0]!.ref.imdbId).toBe('tt0133093');
    expect(collector.problems.map((problem) => `${problem.line} ${problem.title}: ${problem.reason}`)).toEqual([
      '5 Fight Club: Your Rating "11" is not a whole number from 1 to 10',
      '7 Some Game: Title Type "Video Game" is neither a film nor a series',
    ]);
  });

  it('reads the older ratings header (no Original Title) and a watchlist export', async () => {
    const older = await read('imdb', fixture('imdb/ratings-older.csv'), 'ratings.csv');
    expect(older.records.map(summary)).toEqual([
      'rating movie Pulp Fiction (1994) 9 2019-07-01T12:00:00.000Z',
      'watched movie Pulp Fiction (1994) 2019-07-01T12:00:00.000Z',
      'rating tv The Sopranos (1999) 9 2019-07-02T12:00:00.000Z',
    ]);
    const watchlist = await read('imdb', fixture('imdb/watchlist.csv'), 'WATCHLIST.csv');
    expect(watchlist.records.map(summary)).toEqual([
      'watchlist movie Inception (2010) 2020-01-02T12:00:00.000Z',
      'watchlist tv Game of Thrones (2011) 2020-01-03T12:00:00.000Z',
    ]);
  });

  it('refuses a file that is not an IMDb export', async () => {
    await expect(read('imdb', fixture('letterboxd/diary.csv'), 'diary.csv')).rejects.toThrow(
      'diary.csv is not an IMDb ratings, watchlist or list export: its header lacks "Const", "Your Rating", "Date Rated", "Title", "Title Type"',
    );
    await expect(read('imdb', Buffer.from('{"a":1}'), 'ratings.json')).rejects.toThrow(
      'ratings.json is not an IMDb export',
    );
  });
});

describe('Trakt', () => {
  it('knows its files, split into parts', () => {
    expect(traktFileOf('watched-history-2.json')).toBe('history');
    expect(traktFileOf('watched-history.json')).toBe('history');
    expect(traktFileOf('someone/ratings-episodes-1.json')).toBe('ratings');
    expect(traktFileOf('lists-watchlist.json')).toBe('watchlist');
    expect(traktFileOf('watched-movies.json')).toBeNull();
  });

  it('reads plays of every part, ratings of films, shows, seasons and episodes, and the watchlist', async () => {
    const collector = await read('trakt', zipOf('trakt'), 'trakt-export.zip');
    expect(collector.records.map(summary)).toEqual([
      'watchlist movie Inception (2010) 2020-11-01T09:00:00.000Z',
      'watchlist tv The Sopranos (1999) 2020-11-02T09:00:00.000Z',
      'rating tv Breaking Bad (2008) 7 2021-07-03T10:00:00.000Z S1E2',
      'rating movie The Matrix (1999) 9 2021-05-01T22:30:00.000Z',
      'rating tv Breaking Bad (2008) 8 2021-07-02T10:00:00.000Z S1E-',
      'rating tv Breaking Bad (2008) 10 2021-07-01T10:00:00.000Z',
      'play movie The Matrix (1999) 2021-05-01T20:15:00.000Z',
      'play tv Breaking Bad (2008) 2021-05-02T21:00:00.000Z S1E1',
      'play tv Breaking Bad (2008) 2021-05-03T21:00:00.000Z S1E2',
      'play tv Breaking Bad (2008) 2021-05-04T21:00:00.000Z S9E1',
      'play movie The Matrix (1999) 2022-08-09T19:30:00.000Z',
      'play tv Breaking Bad (2008) 2021-05-02T22:00:00.000Z S1E1',
    ]);
    const matrix = collector.records.find((record) => record.ref.title === 'The Matrix')!;
    expect(matrix.ref).toMatchObject({ tmdbId: 603, imdbId: 'tt0133093' });
    // Ids may all be null: the title and year remain.
    const nullIds = collector.records.find((record) => record.kind === 'play' && record.episode === 2)!;
    expect(nullIds.ref).toMatchObject({ tmdbId: null, imdbId: null, title: 'Breaking Bad', year: 2008 });
    expect(
      collector.problems.map((problem) => `${problem.file} ${problem.line} ${problem.title}: ${problem.reason}`),
    ).toEqual([
      'ratings-movies.json 2 Fight Club: rating 12 is not a whole number from 1 to 10',
      'watched-history-1.json 5 Inception: watched_at is missing or not a past time',
    ]);
  });

  it('refuses a damaged JSON file and a file that is not Trakt’s', async () => {
    await expect(read('trakt', Buffer.from('[{"type": "movie"'), 'watched-history-1.json')).rejects.toThrow(
      'watched-history-1.json is cut off: the JSON ends inside item 1 (line 1, character 17)',
    );
    await expect(read('trakt', Buffer.from('{}'), 'watched-history.json')).rejects.toThrow(
      'watched-history.json is not a Trakt export file: it holds no list',
    );
    await expect(read('trakt', fixture('imdb/ratings.csv'), 'ratings.csv')).rejects.toThrow(
      'ratings.csv is not a Trakt export file',
    );
  });
});

describe("Marquee's own export", () => {
  it('reads every list as upserts of its store and the settings; a broken item is reported', async () => {
    const collector = await read('marquee', fixture('marquee/marquee-export-2026-11-01.json'), 'marquee-export.json');
    expect(collector.records.map(summary)).toEqual([
      'restore movie The Matrix (1999) history',
      'restore tv Breaking Bad (?) history',
      'restore movie The Godfather (1972) history',
      'restore movie Inception (2010) watch_later',
      'restore movie The Matrix (1999) ratings',
      'restore movie  (?) hidden',
    ]);
    expect(collector.problems).toEqual([
      expect.objectContaining({
        file: 'marquee-export.json (history)',
        line: 4,
        title: 'Broken',
        reason: 'Invalid movie_id: Invalid movie_id provided',
      }),
    ]);
    expect(collector.direct).toEqual([
      expect.objectContaining({ op: 'upsert', store: 'settings', at: '2026-11-01T10:00:00.000Z' }),
    ]);
    expect(collector.direct[0]!.op === 'upsert' && collector.direct[0]!.item).toMatchObject({
      gridColumns: 6,
      region: 'DE',
    });
  });

  it('reads the older Data Management export ({settings, history, watch_later, exported_at}, no format or version)', async () => {
    const collector = await read(
      'marquee',
      fixture('marquee/data-management-export-2026-06-01.json'),
      'marquee-export-2026-06-01.json',
    );
    expect(collector.records.map(summary)).toEqual([
      'restore movie The Matrix (?) history',
      'restore tv Breaking Bad (?) history',
      'restore movie Inception (2010) watch_later',
    ]);
    expect(collector.problems).toEqual([]);
    // The device's own `synced` flag is not what the file says: every item goes up again.
    expect(
      collector.records.map(
        (record) =>
          record.kind === 'restore' &&
          record.operation.op === 'upsert' &&
          'synced' in record.operation.item &&
          record.operation.item.synced,
      ),
    ).toEqual([false, false, false]);
    expect(collector.direct).toEqual([
      expect.objectContaining({ op: 'upsert', store: 'settings', at: '2026-06-01T09:30:00.000Z' }),
    ]);
    expect(collector.direct[0]!.op === 'upsert' && collector.direct[0]!.item).toMatchObject({
      gridColumns: 4,
      region: 'FR',
      autoplayTrailers: false,
    });
  });

  it('names ratings listed before the history that names their titles', async () => {
    const text = JSON.stringify({
      ratings: [
        {
          movie_id: 2260,
          content_type: 'movie',
          season_number: null,
          episode_number: null,
          rating: 9,
          rated_at: '2026-10-30T23:00:00.000Z',
        },
      ],
      history: [
        {
          id: 'movie:2260',
          movie_id: 2260,
          movie_title: 'The Matrix',
          movie_poster: null,
          content_type: 'movie',
          watched_at: '2026-10-30T21:00:00.000Z',
          release_date: '1999-03-31',
        },
      ],
    });
    const collector = await read('marquee', Buffer.from(text), 'marquee-export.json', 5);
    expect(collector.records.map(summary)).toEqual([
      'restore movie The Matrix (1999) ratings',
      'restore movie The Matrix (1999) history',
    ]);
  });

  it('refuses another format and a newer version, a list that is none, and JSON cut off or broken', async () => {
    await expect(read('marquee', Buffer.from('{"format":"other","history":[]}'), 'x.json')).rejects.toThrow(
      'x.json is not a Marquee export: its format is "other"',
    );
    await expect(read('marquee', Buffer.from('{"history":{}}'), 'x.json')).rejects.toThrow(
      'x.json: "history" is not a list',
    );
    await expect(
      read('marquee', Buffer.from('{"comments":[], "exported_at": "2026-11-01"}'), 'x.json'),
    ).rejects.toThrow('x.json is not a Marquee export: it has no history, Watch Later or settings');
    const whole = fixture('marquee/marquee-export-2026-11-01.json');
    await expect(read('marquee', whole.subarray(0, 600), 'x.json')).rejects.toThrow(
      /^x\.json is cut off: the JSON ends inside item 1 of "history" \(line 22, character 600\)$/,
    );
    await expect(read('marquee', Buffer.from('{"history": [{"movie_id": 1,}]}'), 'x.json')).rejects.toThrow(
      /^x\.json is not valid JSON: item 1 of "history" \(from line 1, column 14\) is broken near/,
    );
    await expect(
      read('marquee', Buffer.from('{"format":"marquee-export","version":99,"history":[]}'), 'x.json'),
    ).rejects.toThrow('x.json was made by a newer Marquee (export version 99)');
  });
});

describe('the limits of one import', () => {
  const readWith = (limits: Partial<ImportLimits>, bytes: Buffer, name: string) =>
    readImport('letterboxd', chunks(bytes, 1024), name, { now: () => NOW, limits: { ...IMPORT_LIMITS, ...limits } });

  it('are 32 MB uploaded, 5,000 entries, 64 MB an entry, 256 MB unpacked in all, 200,000 rows', () => {
    const MiB = 1024 * 1024;
    expect(IMPORT_LIMITS).toEqual({
      maxUploadBytes: 32 * MiB,
      maxEntries: 5000,
      maxEntryBytes: 64 * MiB,
      maxUnpackedBytes: 256 * MiB,
      maxRows: 200_000,
    });
  });

  it('refuses a ZIP whose entries unpack past the total, though each is within its own limit', async () => {
    const csv = (rows: number) =>
      [
        'Date,Name,Year,Letterboxd URI',
        ...Array.from({ length: rows }, (_, index) => `2021-01-01,Film ${index},1999,`),
      ].join('\n');
    const zip = zipFiles({ 'watched.csv': csv(150), 'watchlist.csv': csv(150) });
    const size = Buffer.byteLength(csv(150));
    const limits = { maxEntryBytes: size, maxUnpackedBytes: 2 * size - 1 };
    await expect(readWith(limits, zip, 'export.zip')).rejects.toMatchObject({
      code: 'payload_too_large',
      message: `The ZIP file unpacks to more than ${Math.round(limits.maxUnpackedBytes / 1024)} KB; an export is far smaller`,
    });
    // The same ZIP within the total is read.
    expect((await readWith({ ...limits, maxUnpackedBytes: 2 * size }, zip, 'export.zip')).rows).toBe(300);
  });

  it('refuses a file past the row limit, counting the rows of every file together', async () => {
    const zip = zipOf('letterboxd');
    const rows = 6 + 5 + 3 + 3 + 1;
    expect((await readWith({ maxRows: rows }, zip, 'export.zip')).rows).toBe(rows);
    await expect(readWith({ maxRows: rows - 1 }, zip, 'export.zip')).rejects.toMatchObject({
      code: 'payload_too_large',
      message: `The file holds more than ${rows - 1} rows`,
    });
    await expect(
      readImport(
        'trakt',
        chunks(Buffer.from(JSON.stringify(Array.from({ length: 5 }, () => ({})))), 4),
        'watched-history.json',
        {
          now: () => NOW,
          limits: { ...IMPORT_LIMITS, maxRows: 4 },
        },
      ),
    ).rejects.toThrow('The file holds more than 4 rows');
  });
});
