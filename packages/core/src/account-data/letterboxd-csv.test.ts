import { describe, expect, it } from 'vitest';
import {
  csvField,
  filmsKnownFrom,
  filmsToLookUp,
  halfStars,
  letterboxdCsvs,
  letterboxdHeader,
  letterboxdLine,
  type LetterboxdSource,
} from './letterboxd-csv.ts';
import { exportFilename } from './marquee-export.ts';

describe('csvField', () => {
  it('quotes commas, quotes, line breaks and edge spaces, and nothing else', () => {
    expect(csvField('Alien')).toBe('Alien');
    expect(csvField('Crouching Tiger, Hidden Dragon')).toBe('"Crouching Tiger, Hidden Dragon"');
    expect(csvField('The "Burbs"')).toBe('"The ""Burbs"""');
    expect(csvField('Line\nbreak')).toBe('"Line\nbreak"');
    expect(csvField('Carriage\rreturn')).toBe('"Carriage\rreturn"');
    expect(csvField(' padded ')).toBe('" padded "');
    expect(csvField(1999)).toBe('1999');
    expect(csvField(null)).toBe('');
  });
});

describe('halfStars', () => {
  it('maps 1–10 onto 0.5–5 in halves', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(halfStars)).toEqual([
      '0.5',
      '1',
      '1.5',
      '2',
      '2.5',
      '3',
      '3.5',
      '4',
      '4.5',
      '5',
    ]);
    expect(halfStars(null)).toBe('');
  });
});

describe('Letterboxd lines', () => {
  it("uses the headers of Letterboxd's own export, with tmdbID only when asked", () => {
    expect(letterboxdHeader('watched.csv')).toBe('Date,Name,Year,Letterboxd URI\n');
    expect(letterboxdHeader('diary.csv')).toBe('Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date\n');
    expect(letterboxdHeader('ratings.csv', true)).toBe('Date,Name,Year,Letterboxd URI,Rating,tmdbID\n');
  });

  it('writes a diary line with half stars, the rewatch and the watched date', () => {
    const film = { name: 'Heat, Part "1"', year: 1995, tmdbId: 949 };
    expect(
      letterboxdLine(
        'diary.csv',
        { film, date: '2026-11-20', rating: 9, rewatch: true, watchedDate: '2026-11-19' },
        true,
      ),
    ).toBe('2026-11-20,"Heat, Part ""1""",1995,,4.5,Yes,,2026-11-19,949\n');
  });
});

const source: LetterboxdSource = {
  history: [
    {
      movie_id: 1,
      movie_title: 'Marked, watched',
      content_type: 'movie',
      watched_at: '2026-11-20T12:00:00.000Z',
      completed: false,
      source: 'manual',
      play_count: 2,
      release_date: '1999-03-31',
    },
    {
      movie_id: 2,
      movie_title: 'Half seen',
      content_type: 'movie',
      watched_at: '2026-11-19T12:00:00.000Z',
      completed: false,
    },
    {
      movie_id: 3,
      movie_title: 'A series',
      content_type: 'tv',
      watched_at: '2026-11-18T12:00:00.000Z',
      completed: true,
    },
    {
      movie_id: 4,
      movie_title: 'No year',
      content_type: 'movie',
      watched_at: '2026-11-17T12:00:00.000Z',
      completed: true,
    },
  ],
  watch_later: [
    {
      movie_id: 5,
      movie_title: 'Later',
      content_type: 'movie',
      added_at: '2026-11-16T12:00:00.000Z',
      movie_release_date: '2001-01-01',
    },
    {
      movie_id: 3,
      movie_title: 'A series',
      content_type: 'tv',
      added_at: '2026-11-16T12:00:00.000Z',
      movie_release_date: null,
    },
  ],
  ratings: [
    { movie_id: 1, content_type: 'movie', season_number: null, rating: 7, rated_at: '2026-11-20T12:00:00.000Z' },
    { movie_id: 6, content_type: 'movie', season_number: null, rating: 10, rated_at: '2026-11-15T12:00:00.000Z' },
    { movie_id: 3, content_type: 'tv', season_number: null, rating: 8, rated_at: '2026-11-15T12:00:00.000Z' },
  ],
};

describe('letterboxdCsvs', () => {
  it('writes films only: watched and marked ones, their ratings and Watch Later', () => {
    const known = filmsKnownFrom(source);
    expect(filmsToLookUp(source, known).sort()).toEqual([4, 6]);
    known.set(6, { name: 'Rated only', year: 1984 });
    const files = letterboxdCsvs(source, { film: (id) => known.get(id), zone: 'utc' });
    expect(files['watched.csv']).toBe(
      'Date,Name,Year,Letterboxd URI\n2026-11-20,"Marked, watched",1999,\n2026-11-17,No year,,\n',
    );
    expect(files['diary.csv'].split('\n')[1]).toBe('2026-11-20,"Marked, watched",1999,,3.5,Yes,,2026-11-20');
    expect(files['diary.csv'].split('\n')[2]).toBe('2026-11-17,No year,,,,,,2026-11-17');
    expect(files['ratings.csv']).toBe(
      'Date,Name,Year,Letterboxd URI,Rating\n2026-11-20,"Marked, watched",1999,,3.5\n2026-11-15,Rated only,1984,,5\n',
    );
    expect(files['watchlist.csv']).toBe('Date,Name,Year,Letterboxd URI\n2026-11-16,Later,2001,\n');
  });

  it('adds the TMDB id of every film when asked', () => {
    const files = letterboxdCsvs(source, { film: () => undefined, zone: 'utc', withTmdbIds: true });
    expect(files['ratings.csv'].split('\n')[2]).toBe('2026-11-15,,,,5,6');
  });
});

describe('exportFilename', () => {
  it('names the file with the date', () => {
    const at = new Date('2026-11-27T23:30:00.000Z');
    expect(exportFilename(at, 'json', 'utc')).toBe('marquee-export-2026-11-27.json');
    expect(exportFilename(at, 'zip', 'utc')).toBe('marquee-export-2026-11-27-letterboxd.zip');
  });
});
