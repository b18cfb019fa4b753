import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { genreNames, MONTH_NAMES } from '@marquee/core';
import type { Db } from '../../db/client.ts';
import { appMeta } from '../../db/schema.ts';
import { filmToLocalTitle, seriesToLocalTitle, type CuratedFilm, type CuratedSeries } from './curated-titles.ts';
import { episodes, seasons, titles } from './local-schema.ts';
import type { LocalTitle } from './local-title.ts';
import { popularity } from './popularity.ts';
import { cleanVegaFilms, type VegaFilmRow } from './vega-films.ts';

/** Bump when the mapping from the data files to rows changes, so existing databases re-import. */
const IMPORTER_VERSION = 2;
const META_KEY = 'local_catalogue';
const BATCH = 500;

export interface CatalogueSources {
  vegaRows: VegaFilmRow[];
  series: CuratedSeries[];
  films: CuratedFilm[];
  /** Changes whenever any source changes. */
  fingerprint: string;
}

/** The bundled sources' text: vega-datasets' film table and this repo's curated files. */
function readSourceTexts(): { vegaText: string; seriesText: string; filmsText: string } {
  // vega-datasets hides data/ behind its exports map; resolve the package and walk from there.
  const vegaEntry = createRequire(import.meta.url).resolve('vega-datasets');
  return {
    vegaText: readFileSync(path.join(path.dirname(vegaEntry), '..', 'data', 'movies.json'), 'utf8'),
    seriesText: readFileSync(new URL('./data/series.json', import.meta.url), 'utf8'),
    filmsText: readFileSync(new URL('./data/films-recent.json', import.meta.url), 'utf8'),
  };
}

function fingerprintOf(texts: ReturnType<typeof readSourceTexts>): string {
  return createHash('sha256')
    .update(String(IMPORTER_VERSION))
    .update(texts.vegaText)
    .update(texts.seriesText)
    .update(texts.filmsText)
    .digest('hex')
    .slice(0, 16);
}

/** Reads the bundled sources: vega-datasets' film table and this repo's curated files. */
export function readCatalogueSources(): CatalogueSources {
  const texts = readSourceTexts();
  return {
    vegaRows: JSON.parse(texts.vegaText) as VegaFilmRow[],
    series: JSON.parse(texts.seriesText) as CuratedSeries[],
    films: JSON.parse(texts.filmsText) as CuratedFilm[],
    fingerprint: fingerprintOf(texts),
  };
}

/**
 * Whether the database holds the catalogue of today's sources, read without parsing them: a
 * restart finds it so and imports nothing (main.ts imports in a process of its own otherwise).
 */
export async function isCatalogueCurrent(db: Db): Promise<boolean> {
  return (await storedFingerprint(db)) === fingerprintOf(readSourceTexts());
}

async function storedFingerprint(db: Db): Promise<string | undefined> {
  const [meta] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, META_KEY));
  return (meta?.value as { fingerprint?: string } | undefined)?.fingerprint;
}

function formatMoney(amount: number): string {
  if (amount >= 1e9) return `$${(amount / 1e9).toFixed(1).replace(/\.0$/, '')} billion`;
  if (amount >= 1e6) return `$${(amount / 1e6).toFixed(1).replace(/\.0$/, '')} million`;
  return `$${Math.round(amount).toLocaleString('en-US')}`;
}

/**
 * A factual summary for a film the source table gives no synopsis for, built only from the
 * table's own facts (genre, director, date, distributor, rating, runtime, gross): nothing invented.
 */
export function describeFilm(film: LocalTitle): string {
  const genres = genreNames('movie', film.genre_ids);
  const kind = genres.length > 0 ? `${genres.slice(0, 2).join(' and ').toLowerCase()} film` : 'film';
  const article = /^[aeiou]/i.test(kind) ? 'An' : 'A';
  const parts = [`${article} ${kind}`];
  if (film.directors[0]) parts.push(`directed by ${film.directors[0]}`);
  let sentence = parts.join(' ');
  if (film.release_date) {
    const [year, month] = film.release_date.split('-');
    sentence += `, released in ${MONTH_NAMES[Number(month) - 1]} ${year}`;
  }
  if (film.production_companies[0]) sentence += ` by ${film.production_companies[0]}`;
  const sentences = [`${sentence}.`];
  const facts: string[] = [];
  if (film.certification && film.certification !== 'NR') facts.push(`Rated ${film.certification}`);
  if (film.runtime) facts.push(`${film.runtime} minutes`);
  if (facts.length) sentences.push(`${facts.join(', ')}.`);
  if (film.revenue) sentences.push(`It grossed ${formatMoney(film.revenue)} worldwide.`);
  return sentences.join(' ');
}

/** Lower-cased, accent-free text that the trigram and full-text search run on. */
export function searchText(title: string, originalTitle: string): string {
  const normalize = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  const main = normalize(title);
  const original = normalize(originalTitle);
  return original && original !== main ? `${main} ${original}` : main;
}

/** Every title of the default catalogue, cleaned and mapped, before storage. */
export function buildLocalTitles(sources: CatalogueSources, now: Date): LocalTitle[] {
  const vega = cleanVegaFilms(sources.vegaRows, { now }).map((film) => ({
    ...film,
    overview: film.overview ?? describeFilm(film),
  }));
  return [
    ...vega,
    ...sources.films.map((film) => filmToLocalTitle(film, now)),
    ...sources.series.map(seriesToLocalTitle),
  ];
}

function toTitleRow(title: LocalTitle, now: Date): typeof titles.$inferInsert {
  const regularSeasons = title.seasons.filter((season) => season.season_number > 0);
  const recencyDate = title.media_type === 'tv' ? (title.last_air_date ?? title.release_date) : title.release_date;
  return {
    mediaType: title.media_type,
    id: title.id,
    title: title.title,
    originalTitle: title.original_title,
    originalLanguage: title.original_language,
    originCountry: title.origin_country,
    overview: title.overview,
    releaseDate: title.release_date,
    lastAirDate: title.last_air_date,
    year: title.release_date ? Number(title.release_date.slice(0, 4)) : null,
    genreIds: title.genre_ids,
    runtime: title.runtime,
    status: title.status,
    certification: title.certification ?? 'NR',
    voteAverage: title.vote_average,
    voteCount: title.vote_count,
    popularity: popularity(
      { voteCount: title.vote_count, voteAverage: title.vote_average, releaseDate: recencyDate },
      now,
    ),
    budget: title.budget,
    revenue: title.revenue,
    homepage: title.homepage,
    directors: title.directors,
    creators: title.creators,
    productionCompanies: title.production_companies,
    networks: title.networks,
    productionCountries: title.production_countries,
    spokenLanguages: title.spoken_languages,
    numberOfSeasons: title.media_type === 'tv' ? regularSeasons.length : null,
    numberOfEpisodes:
      title.media_type === 'tv' ? regularSeasons.reduce((sum, season) => sum + season.episode_count, 0) : null,
    searchTitle: searchText(title.title, title.original_title),
  };
}

/** Every episode of a series, named where the data knows the name, numbered otherwise. */
function episodeRows(title: LocalTitle): Array<typeof episodes.$inferInsert> {
  return title.seasons.flatMap((season) => {
    const known = new Map(season.episodes.map((episode) => [episode.episode_number, episode]));
    return Array.from({ length: season.episode_count }, (_, index) => {
      const number = index + 1;
      const episode = known.get(number);
      return {
        seriesId: title.id,
        seasonNumber: season.season_number,
        episodeNumber: number,
        name: episode?.name ?? null,
        airDate: episode?.air_date ?? null,
        runtime: episode?.runtime ?? null,
        overview: episode?.overview ?? null,
      };
    });
  });
}

async function insertBatches<T>(items: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < items.length; start += BATCH) await insert(items.slice(start, start + BATCH));
}

export interface ImportResult {
  imported: boolean;
  titles: number;
  episodes: number;
  ms: number;
}

/**
 * Imports the default catalogue once: skipped when the stored fingerprint matches the sources,
 * replaced in one transaction when they changed (so a half-done import is never visible).
 */
export async function importLocalCatalogue(
  db: Db,
  options: { now?: Date; sources?: CatalogueSources } = {},
): Promise<ImportResult> {
  const started = performance.now();
  const sources = options.sources ?? readCatalogueSources();
  if ((await storedFingerprint(db)) === sources.fingerprint) {
    return { imported: false, titles: 0, episodes: 0, ms: performance.now() - started };
  }

  const now = options.now ?? new Date();
  const all = buildLocalTitles(sources, now);
  const titleRows = all.map((title) => toTitleRow(title, now));
  const seasonRows = all.flatMap((title) =>
    title.seasons.map((season) => ({
      seriesId: title.id,
      seasonNumber: season.season_number,
      name: season.name,
      airDate: season.air_date,
      episodeCount: season.episode_count,
    })),
  );
  const allEpisodes = all.flatMap(episodeRows);

  await db.transaction(async (tx) => {
    await tx.delete(episodes);
    await tx.delete(seasons);
    await tx.delete(titles);
    await insertBatches(titleRows, (batch) => tx.insert(titles).values(batch));
    await insertBatches(seasonRows, (batch) => tx.insert(seasons).values(batch));
    await insertBatches(allEpisodes, (batch) => tx.insert(episodes).values(batch));
    const value = { fingerprint: sources.fingerprint, titles: titleRows.length, importedAt: now.toISOString() };
    await tx
      .insert(appMeta)
      .values({ key: META_KEY, value })
      .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: now } });
  });
  // Fresh statistics, so that the planner uses the search indexes from the first query on.
  await db.execute(sql`analyze titles`);
  await db.execute(sql`analyze seasons`);
  await db.execute(sql`analyze episodes`);
  return { imported: true, titles: titleRows.length, episodes: allEpisodes.length, ms: performance.now() - started };
}
