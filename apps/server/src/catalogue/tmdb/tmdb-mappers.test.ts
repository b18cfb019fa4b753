import { describe, expect, it } from 'vitest';
import {
  CREW_LIMIT,
  mapCrew,
  mapGenres,
  mapMovieCertification,
  mapMovieDetails,
  mapMoviePage,
  mapMovieSummary,
  mapMultiItem,
  mapSearchPage,
  mapSeason,
  mapTrailerKey,
  mapTvCertification,
  mapTvDetails,
  mapTvSummary,
  pruneCredits,
  type TmdbCrewItem,
} from './tmdb-mappers.ts';

describe('TMDB mappers', () => {
  describe('list items', () => {
    it('maps a movie list item to a TitleSummary', () => {
      const summary = mapMovieSummary({
        adult: false,
        backdrop_path: '/hZkgoQYus5vegHoetLkCJzb17zJ.jpg',
        genre_ids: [18],
        id: 550,
        original_language: 'en',
        original_title: 'Fight Club',
        overview: 'A ticking-time-bomb insomniac…',
        popularity: 61.416,
        poster_path: '/pB8BM7pdSp6B6Ih7QZ4DrQ3PmJK.jpg',
        release_date: '1999-10-15',
        title: 'Fight Club',
        video: false,
        vote_average: 8.433,
        vote_count: 26280,
      });
      expect(summary).toEqual({
        id: 550,
        media_type: 'movie',
        title: 'Fight Club',
        original_title: 'Fight Club',
        release_date: '1999-10-15',
        overview: 'A ticking-time-bomb insomniac…',
        poster_path: '/pB8BM7pdSp6B6Ih7QZ4DrQ3PmJK.jpg',
        backdrop_path: '/hZkgoQYus5vegHoetLkCJzb17zJ.jpg',
        vote_average: 8.433,
        vote_count: 26280,
        popularity: 61.416,
        genre_ids: [18],
        original_language: 'en',
      });
    });

    it('maps a TV list item to a TitleSummary', () => {
      const summary = mapTvSummary({
        id: 70523,
        name: 'Dark',
        original_name: 'Dark',
        first_air_date: '2017-12-01',
        origin_country: ['DE'],
        genre_ids: [80, 18],
        original_language: 'de',
        overview: 'A missing child…',
        poster_path: '/apbrbWs8M9lyOpJYU5WXrpFbk1Z.jpg',
        backdrop_path: null,
        popularity: 90,
        vote_average: 8.4,
        vote_count: 7000,
      });
      expect(summary).toMatchObject({
        id: 70523,
        media_type: 'tv',
        name: 'Dark',
        first_air_date: '2017-12-01',
        origin_country: ['DE'],
        backdrop_path: null,
      });
      expect(summary.title).toBeUndefined();
    });

    it('survives a sparse item: defaults, "" dates as null, no throw', () => {
      expect(mapMovieSummary({ id: 1, release_date: '', poster_path: '' })).toEqual({
        id: 1,
        media_type: 'movie',
        title: '',
        original_title: '',
        release_date: null,
        overview: '',
        poster_path: null,
        backdrop_path: null,
        vote_average: 0,
        vote_count: 0,
        popularity: 0,
        genre_ids: [],
        original_language: '',
      });
      expect(mapTvSummary({ id: 2, name: 'X', origin_country: null, genre_ids: null })).toMatchObject({
        name: 'X',
        original_name: 'X',
        first_air_date: null,
        origin_country: [],
        genre_ids: [],
      });
    });

    it('maps multi items by media_type and drops people and id-less items', () => {
      expect(mapMultiItem({ media_type: 'person', id: 287, name: 'Brad Pitt' })).toBeNull();
      expect(mapMultiItem({ media_type: 'tv', id: 1396, name: 'Breaking Bad' })?.media_type).toBe('tv');
      expect(mapMultiItem({ media_type: 'movie', id: 550, title: 'Fight Club' })?.title).toBe('Fight Club');
      expect(mapMultiItem({ title: 'No type' })).toBeNull();
      expect(mapMultiItem({ id: 3, title: 'No type' }, 'movie')?.media_type).toBe('movie');
    });

    it('drops people from a search page and sorts it by vote count', () => {
      const page = mapSearchPage({
        page: 1,
        results: [
          { media_type: 'tv', id: 70523, name: 'Dark', vote_count: 7000 },
          { media_type: 'person', id: 1251346, name: 'Louis Hofmann' },
          { media_type: 'movie', id: 155, title: 'The Dark Knight', vote_count: 33000 },
          { media_type: 'movie', id: 9, title: 'Dark Water', vote_count: 7000 },
        ],
        total_pages: 1,
        total_results: 4,
      });
      expect(page.results.map((item) => item.id)).toEqual([155, 70523, 9]);
      expect(page.total_results).toBe(4);
    });

    it('caps total_pages at 500 and survives a missing page', () => {
      expect(
        mapMoviePage({ page: 3, results: [{ id: 1 }], total_pages: 48_000, total_results: 960_000 }),
      ).toMatchObject({
        page: 3,
        total_pages: 500,
        total_results: 960_000,
      });
      expect(mapMoviePage(undefined)).toEqual({ page: 1, results: [], total_pages: 0, total_results: 0 });
      expect(mapMoviePage({ results: [{ title: 'no id' }, { id: 5 }] }).results.map((item) => item.id)).toEqual([5]);
    });

    it('maps a genre list, skipping broken entries', () => {
      expect(mapGenres({ genres: [{ id: 28, name: 'Action' }, { id: 12 }, { name: 'x' }] })).toEqual([
        { id: 28, name: 'Action' },
      ]);
      expect(mapGenres(null)).toEqual([]);
    });
  });

  describe('details parts', () => {
    it('keeps director, screenplay, writer and producer crew, directors first, deduped, at most 20', () => {
      const crew: TmdbCrewItem[] = [
        { id: 1, name: 'Producer One', job: 'Producer', department: 'Production' },
        { id: 2, name: 'The Director', job: 'Director', department: 'Directing' },
        { id: 3, name: 'Composer', job: 'Original Music Composer', department: 'Sound' },
        { id: 2, name: 'The Director', job: 'Director', department: 'Directing' },
        { id: 2, name: 'The Director', job: 'Writer', department: 'Writing' },
        { id: 4, name: 'Novelist', job: 'Novel', department: 'Writing' },
        { id: 5, name: 'Screenwriter', job: 'Screenplay', department: 'Writing' },
        { id: 6, name: null, job: 'Director' },
      ];
      expect(mapCrew({ crew })).toEqual([
        { name: 'The Director', job: 'Director', department: 'Directing' },
        { name: 'Screenwriter', job: 'Screenplay', department: 'Writing' },
        { name: 'The Director', job: 'Writer', department: 'Writing' },
        { name: 'Producer One', job: 'Producer', department: 'Production' },
      ]);
      const producers = Array.from({ length: 30 }, (_, index) => ({ id: index, name: `P${index}`, job: 'Producer' }));
      expect(mapCrew({ crew: producers })).toHaveLength(CREW_LIMIT);
      expect(mapCrew(undefined)).toEqual([]);
      expect(mapCrew({ crew: null })).toEqual([]);
    });

    it('prunes credits to what the mapper reads', () => {
      expect(
        pruneCredits({
          cast: [{ name: 'Brad Pitt' }],
          crew: [
            { name: 'D', job: 'Director' },
            { name: 'C', job: 'Original Music Composer' },
          ],
        }),
      ).toEqual({ cast: [], crew: [{ name: 'D', job: 'Director' }] });
      expect(pruneCredits(undefined)).toBeUndefined();
    });

    it('picks the first official YouTube trailer, else any YouTube trailer, else null', () => {
      expect(
        mapTrailerKey({
          results: [
            { key: 'teaser', site: 'YouTube', type: 'Teaser', official: true },
            { key: 'fan', site: 'YouTube', type: 'Trailer', official: false },
            { key: 'vimeo', site: 'Vimeo', type: 'Trailer', official: true },
            { key: 'official', site: 'YouTube', type: 'Trailer', official: true },
            { key: 'official-2', site: 'YouTube', type: 'Trailer', official: true },
          ],
        }),
      ).toBe('official');
      expect(mapTrailerKey({ results: [{ key: 'fan', site: 'YouTube', type: 'Trailer', official: false }] })).toBe(
        'fan',
      );
      expect(mapTrailerKey({ results: [{ key: '', site: 'YouTube', type: 'Trailer', official: true }] })).toBeNull();
      expect(mapTrailerKey({ results: [{ key: 'clip', site: 'YouTube', type: 'Clip' }] })).toBeNull();
      expect(mapTrailerKey(undefined)).toBeNull();
    });

    it('reads the US movie certification: first non-empty, theatrical first, else null', () => {
      const us = (...dates: Array<[number, string]>) => ({
        results: [
          { iso_3166_1: 'DE', release_dates: [{ certification: '18', type: 3 }] },
          { iso_3166_1: 'US', release_dates: dates.map(([type, certification]) => ({ type, certification })) },
        ],
      });
      expect(mapMovieCertification(us([1, ''], [3, 'PG-13']))).toBe('PG-13');
      expect(mapMovieCertification(us([5, 'NR'], [3, 'R']))).toBe('R');
      expect(mapMovieCertification(us([4, ''], [5, 'PG']))).toBe('PG');
      expect(mapMovieCertification(us([3, ' '], [3, '']))).toBeNull();
      expect(
        mapMovieCertification({ results: [{ iso_3166_1: 'DE', release_dates: [{ certification: '18' }] }] }),
      ).toBeNull();
      expect(mapMovieCertification(undefined)).toBeNull();
    });

    it('reads the US TV content rating', () => {
      expect(
        mapTvCertification({
          results: [
            { iso_3166_1: 'DE', rating: '16' },
            { iso_3166_1: 'US', rating: 'TV-MA' },
          ],
        }),
      ).toBe('TV-MA');
      expect(mapTvCertification({ results: [{ iso_3166_1: 'US', rating: '' }] })).toBeNull();
      expect(mapTvCertification(null)).toBeNull();
    });
  });

  describe('details', () => {
    it('maps movie details and keeps 0 budget and revenue, "" homepage and 0 runtime as unknown', () => {
      const details = mapMovieDetails({
        id: 1,
        title: 'Obscure',
        budget: 0,
        revenue: 0,
        homepage: '',
        runtime: 0,
        status: 'Released',
        genres: [{ id: 18, name: 'Drama' }],
        production_companies: [
          { id: 7, name: 'Studio', logo_path: null, origin_country: 'US' },
          { id: 8, name: '' },
        ],
        production_countries: [{ iso_3166_1: 'US', name: 'United States of America' }],
        spoken_languages: [{ english_name: '', iso_639_1: 'fr', name: 'Français' }],
      });
      expect(details).toMatchObject({
        id: 1,
        media_type: 'movie',
        title: 'Obscure',
        original_title: 'Obscure',
        budget: 0,
        revenue: 0,
        homepage: null,
        runtime: null,
        status: 'Released',
        release_date: null,
        certification: null,
        trailer_key: null,
        genres: [{ id: 18, name: 'Drama' }],
        genre_ids: [18],
        production_companies: [{ id: 7, name: 'Studio' }],
        production_countries: [{ iso_3166_1: 'US', name: 'United States of America' }],
        spoken_languages: [{ iso_639_1: 'fr', english_name: 'Français' }],
        credits: { crew: [] },
      });
    });

    it('maps an empty details object without throwing', () => {
      expect(() => mapMovieDetails({})).not.toThrow();
      expect(() => mapTvDetails({})).not.toThrow();
      expect(() => mapSeason({})).not.toThrow();
      expect(mapTvDetails({}).seasons).toEqual([]);
    });

    it('maps TV details without season 0', () => {
      const details = mapTvDetails({
        id: 1396,
        name: 'Breaking Bad',
        episode_run_time: [45, 47],
        number_of_seasons: 2,
        number_of_episodes: 20,
        seasons: [
          { id: 3577, season_number: 0, name: 'Specials', air_date: '2009-02-17', episode_count: 9, poster_path: null },
          {
            id: 3573,
            season_number: 2,
            name: 'Season 2',
            air_date: '2009-03-08',
            episode_count: 13,
            poster_path: '/s2.jpg',
          },
          {
            id: 3572,
            season_number: 1,
            name: 'Season 1',
            air_date: '2008-01-20',
            episode_count: 7,
            poster_path: '/s1.jpg',
          },
        ],
        created_by: [{ id: 66633, name: 'Vince Gilligan' }],
        networks: [{ id: 174, name: 'AMC' }],
        content_ratings: { results: [{ iso_3166_1: 'US', rating: 'TV-MA' }] },
      });
      expect(details.seasons.map((season) => season.season_number)).toEqual([1, 2]);
      expect(details.seasons[0]).toEqual({
        id: 3572,
        season_number: 1,
        name: 'Season 1',
        air_date: '2008-01-20',
        episode_count: 7,
        poster_path: '/s1.jpg',
      });
      expect(details).toMatchObject({
        media_type: 'tv',
        certification: 'TV-MA',
        created_by: [{ id: 66633, name: 'Vince Gilligan' }],
        networks: [{ id: 174, name: 'AMC' }],
        episode_run_time: [45, 47],
        number_of_seasons: 2,
      });
    });

    it('maps a season with its episodes in order', () => {
      const season = mapSeason({
        _id: '5256c89f19c2956ff6046d47',
        id: 3572,
        season_number: 1,
        name: 'Season 1',
        air_date: '2008-01-20',
        episodes: [
          { id: 62086, episode_number: 2, name: "Cat's in the Bag...", runtime: 48, vote_average: 8.2 },
          {
            id: 62085,
            episode_number: 1,
            season_number: 1,
            name: 'Pilot',
            still_path: '/p.jpg',
            air_date: '2008-01-20',
          },
        ],
      });
      expect(season.episodes).toEqual([
        {
          id: 62085,
          episode_number: 1,
          season_number: 1,
          name: 'Pilot',
          overview: '',
          still_path: '/p.jpg',
          runtime: null,
          air_date: '2008-01-20',
          vote_average: 0,
        },
        {
          id: 62086,
          episode_number: 2,
          season_number: 1,
          name: "Cat's in the Bag...",
          overview: '',
          still_path: null,
          runtime: 48,
          air_date: null,
          vote_average: 8.2,
        },
      ]);
      expect(season).not.toHaveProperty('_id');
    });
  });
});
