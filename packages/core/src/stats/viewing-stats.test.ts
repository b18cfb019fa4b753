import { describe, expect, it } from 'vitest';
import { computeViewingStats, entryMinutes, type StatsEntry, type TitleFacts } from './viewing-stats.ts';

function entry(overrides: Partial<StatsEntry> = {}): StatsEntry {
  return {
    movie_id: 1,
    content_type: 'movie',
    movie_title: 'The Matrix',
    movie_poster: null,
    season_number: null,
    episode_number: null,
    watched_at: '2026-03-10T20:00:00.000Z',
    completed: true,
    source: 'player',
    duration_watched: 0,
    total_duration: null,
    play_count: 1,
    ...overrides,
  };
}

const FACTS: TitleFacts[] = [
  { media_type: 'movie', id: 1, genre_ids: [28, 878], year: 1999, runtime: 136 },
  { media_type: 'movie', id: 2, genre_ids: [18], year: 1972, runtime: 175 },
  { media_type: 'tv', id: 10, genre_ids: [18, 80], year: 2008, runtime: 47 },
  { media_type: 'tv', id: 11, genre_ids: [35], year: 2005, runtime: 22 },
];
const factsOf = (type: string, id: number) => FACTS.find((facts) => facts.media_type === type && facts.id === id);

const episode = (series: number, season: number, number: number, overrides: Partial<StatsEntry> = {}) =>
  entry({
    movie_id: series,
    content_type: 'tv',
    movie_title: series === 10 ? 'Breaking Bad' : 'The Office',
    season_number: season,
    episode_number: number,
    ...overrides,
  });

describe('viewing statistics', () => {
  it('counts nothing for a new viewer', () => {
    const stats = computeViewingStats([], factsOf, []);
    expect(stats).toMatchObject({ titles: 0, movies: 0, episodes: 0, minutes: 0, by_month: [], years: [] });
    expect(stats.year_in_review).toBeNull();
    expect(stats.ratings).toHaveLength(10);
    expect(stats.ratings.every((rating) => rating.count === 0)).toBe(true);
  });

  it('counts every play of a rewatched film, in minutes too', () => {
    const stats = computeViewingStats([entry({ play_count: 3 })], factsOf, []);
    expect(stats.movies).toBe(1);
    expect(stats.movie_plays).toBe(3);
    expect(stats.minutes).toBe(3 * 136);
    expect(stats.by_month).toEqual([{ month: '2026-03', movies: 3, episodes: 0, minutes: 408 }]);
  });

  it("prefers the player's measured length to the catalogue's runtime, and counts an unfinished play as far as it went", () => {
    expect(entryMinutes(entry({ total_duration: 120 * 60 }), factsOf('movie', 1))).toBe(120);
    const unfinished = entry({ completed: false, duration_watched: 30 * 60, total_duration: 120 * 60 });
    expect(entryMinutes(unfinished, factsOf('movie', 1))).toBe(30);
    const stats = computeViewingStats([unfinished], factsOf, []);
    expect(stats).toMatchObject({ titles: 0, movies: 0, movie_plays: 0, minutes: 30 });
    // A second, unfinished play of a film watched once before: one whole play plus the part.
    expect(entryMinutes({ ...unfinished, play_count: 2 }, factsOf('movie', 1))).toBe(150);
  });

  it('counts a marked entry as watched even without completion, and a title without facts as 0 minutes', () => {
    const stats = computeViewingStats(
      [entry({ completed: false, source: 'manual' }), entry({ movie_id: 99, movie_title: 'Unknown' })],
      factsOf,
      [],
    );
    expect(stats.movies).toBe(2);
    expect(stats.minutes).toBe(136);
  });

  it('adds up episodes per series, most-watched series first', () => {
    const entries = [
      episode(10, 1, 1),
      episode(10, 1, 2, { play_count: 2 }),
      episode(10, 1, 3),
      episode(11, 1, 1),
      episode(11, 1, 2, { completed: false, duration_watched: 600 }),
    ];
    const stats = computeViewingStats(entries, factsOf, []);
    expect(stats).toMatchObject({ titles: 2, series: 2, episodes: 4, episode_plays: 5 });
    expect(stats.minutes).toBe(4 * 47 + 22 + 10);
    expect(stats.top_series.map((series) => [series.name, series.episodes, series.plays])).toEqual([
      ['Breaking Bad', 3, 4],
      ['The Office', 1, 1],
    ]);
  });

  it('groups by month (every month between the first and the last), year, genre and decade', () => {
    const entries = [
      entry({ watched_at: '2025-11-30T23:30:00.000Z' }),
      entry({ movie_id: 2, movie_title: 'The Godfather', watched_at: '2026-02-01T00:10:00.000Z' }),
      episode(10, 1, 1, { watched_at: '2026-02-03T10:00:00.000Z' }),
    ];
    const stats = computeViewingStats(entries, factsOf, []);
    expect(stats.by_month.map((month) => month.month)).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(stats.by_month[1]).toEqual({ month: '2025-12', movies: 0, episodes: 0, minutes: 0 });
    expect(stats.by_year).toEqual([
      { year: 2025, movies: 1, episodes: 0, minutes: 136 },
      { year: 2026, movies: 1, episodes: 1, minutes: 175 + 47 },
    ]);
    expect(stats.by_genre[0]).toEqual({ genre_id: 18, name: 'Drama', titles: 2, minutes: 175 + 47 });
    expect(stats.by_genre.map((genre) => genre.name)).toEqual(
      expect.arrayContaining(['Action', 'Science Fiction', 'Crime']),
    );
    expect(stats.by_decade).toEqual([
      { decade: 1970, titles: 1 },
      { decade: 1990, titles: 1 },
      { decade: 2000, titles: 1 },
    ]);
    expect(stats.years).toEqual([2026, 2025]);
  });

  it('counts the ratings 1 to 10', () => {
    const stats = computeViewingStats([], factsOf, [{ rating: 8 }, { rating: 8 }, { rating: 3 }, { rating: 11 }]);
    expect(stats.ratings[7]).toEqual({ rating: 8, count: 2 });
    expect(stats.ratings[2]).toEqual({ rating: 3, count: 1 });
    expect(stats.ratings.reduce((sum, rating) => sum + rating.count, 0)).toBe(3);
  });

  it('reviews the newest year by default, or the year asked for', () => {
    const entries = [
      entry({ watched_at: '2025-06-01T12:00:00.000Z' }),
      entry({ movie_id: 2, movie_title: 'The Godfather', watched_at: '2026-04-01T12:00:00.000Z', play_count: 2 }),
      episode(10, 1, 1, { watched_at: '2026-05-01T12:00:00.000Z' }),
    ];
    const ratings = (type: string, id: number) => (type === 'movie' && id === 2 ? 9 : null);
    const latest = computeViewingStats(entries, factsOf, [], { titleRating: ratings }).year_in_review!;
    expect(latest).toMatchObject({ year: 2026, titles: 2, movies: 1, episodes: 1, busiest_month: '2026-04' });
    expect(latest.by_month).toHaveLength(12);
    expect(latest.top_movies).toEqual([{ id: 2, title: 'The Godfather', poster_path: null, plays: 2, rating: 9 }]);
    const earlier = computeViewingStats(entries, factsOf, [], { year: 2025 }).year_in_review!;
    expect(earlier).toMatchObject({ year: 2025, movies: 1, episodes: 0, minutes: 136 });
    expect(earlier.top_series).toEqual([]);
  });
});
