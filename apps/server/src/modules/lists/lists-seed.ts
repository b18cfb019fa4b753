import { and, asc, desc, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { ListMovie } from '@marquee/core';
import type { Db } from '../../db/client.ts';
import { appMeta } from '../../db/schema.ts';
import { SUMMARY_COLUMNS, toSummary } from '../../catalogue/local/local-catalogue.ts';
import { titles } from '../../catalogue/local/local-schema.ts';
import { movieListItems, movieLists } from './lists-schema.ts';

const META_KEY = 'curated_lists';
/** Raised when the definitions below change, so that existing databases get the new lists. */
const LISTS_VERSION = 1;
const CATALOGUE_META_KEY = 'local_catalogue';
export const LIST_CREATOR = 'Marquee Editors';

interface ListDefinition {
  id: string;
  title: string;
  description: string;
  where: SQL;
  orderBy: SQL[];
  limit: number;
}

/** Enough votes that a rating means something (IMDb votes for the vega films). */
const RATED = and(isNotNull(titles.voteAverage), gte(titles.voteCount, 2000));
const BY_RATING = [desc(titles.voteAverage), desc(titles.voteCount), asc(titles.id)];
const movie = eq(titles.mediaType, 'movie');

function decade(start: number): ListDefinition {
  return {
    id: `best-of-the-${start}s`,
    title: `Best of the ${start}s`,
    description: `The highest-rated films released from ${start} to ${start + 9}, among those with at least 2,000 votes.`,
    where: and(movie, RATED, gte(titles.year, start), lt(titles.year, start + 10))!,
    orderBy: BY_RATING,
    limit: 40,
  };
}

function genreBest(id: string, name: string, genreId: number, wording: string): ListDefinition {
  return {
    id,
    title: `Essential ${name}`,
    description: `${wording} The best-rated ${name.toLowerCase()} films in the catalogue with at least 2,000 votes.`,
    where: and(movie, RATED, sql`${titles.genreIds} @> ARRAY[${genreId}]::integer[]`)!,
    orderBy: BY_RATING,
    limit: 40,
  };
}

/** The lists, each built by a query over the catalogue: honest titles for what the query picks. */
async function definitions(db: Db): Promise<ListDefinition[]> {
  const lists: ListDefinition[] = [
    {
      id: 'most-voted-films',
      title: 'The Most-Voted Films',
      description: 'The films that the most people have rated: the ones nearly everybody has seen.',
      where: and(movie, isNotNull(titles.voteCount))!,
      orderBy: [desc(titles.voteCount), asc(titles.id)],
      limit: 50,
    },
    decade(1970),
    decade(1980),
    decade(1990),
    decade(2000),
    genreBest('essential-horror', 'Horror', 27, 'Lights off.'),
    genreBest('essential-comedy', 'Comedy', 35, 'Guaranteed laughs, or at least a smile.'),
    genreBest('essential-science-fiction', 'Science Fiction', 878, 'Other worlds, other times.'),
    genreBest('essential-westerns', 'Western', 37, 'Dust, horses and long shadows.'),
    genreBest('essential-documentaries', 'Documentary', 99, 'True stories, well told.'),
    {
      id: 'recent-releases',
      title: 'Recent Releases',
      description: 'The newest films in the catalogue, latest first.',
      where: and(movie, isNotNull(titles.releaseDate), gte(titles.year, 2020))!,
      orderBy: [sql`${titles.releaseDate} desc nulls last`, asc(titles.id)],
      limit: 40,
    },
    {
      id: 'acclaimed-series',
      title: 'Acclaimed Series',
      description: 'The best-rated television series in the catalogue.',
      where: and(eq(titles.mediaType, 'tv'), isNotNull(titles.voteAverage))!,
      orderBy: [desc(titles.voteAverage), desc(titles.popularity), asc(titles.id)],
      limit: 40,
    },
    {
      id: 'series-from-around-the-world',
      title: 'Series From Around the World',
      description: 'Popular series first made in a language other than English.',
      where: and(eq(titles.mediaType, 'tv'), sql`${titles.originalLanguage} <> 'en'`)!,
      orderBy: [desc(titles.popularity), asc(titles.id)],
      limit: 40,
    },
  ];
  // The director with the most films here gets a list of their own.
  const [top] = await db
    .execute(
      sql`
    select director, count(*)::int as films from titles, unnest(directors) as director
    where media_type = 'movie' group by director order by films desc, director limit 1`,
    )
    .then((result) => (result as unknown as { rows: Array<{ director: string; films: number }> }).rows);
  if (top && top.films >= 5) {
    const slug = top.director
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    lists.push({
      id: `films-of-${slug}`,
      title: `The Films of ${top.director}`,
      description: `Every film directed by ${top.director} in the catalogue, newest first.`,
      where: and(movie, sql`${titles.directors} @> ARRAY[${top.director}]::text[]`)!,
      orderBy: [sql`${titles.releaseDate} desc nulls last`, asc(titles.id)],
      limit: 60,
    });
  }
  return lists;
}

function toListMovie(row: Parameters<typeof toSummary>[0]): ListMovie {
  const summary = toSummary(row);
  const isMovie = summary.media_type === 'movie';
  return {
    id: summary.id,
    media_type: summary.media_type,
    title: (isMovie ? summary.title : summary.name) ?? '',
    original_title: (isMovie ? summary.original_title : summary.original_name) ?? '',
    poster_path: summary.poster_path,
    backdrop_path: summary.backdrop_path,
    release_date: (isMovie ? summary.release_date : summary.first_air_date) ?? null,
    genre_ids: summary.genre_ids,
    vote_average: summary.vote_average,
  };
}

/**
 * Builds the curated lists from the local catalogue (DESIGN.md: movies_list becomes movie_lists),
 * once per catalogue import and list version; a later start skips it. The lists are replaced in
 * one transaction, so a reader never sees half of them. Without a local catalogue nothing is seeded.
 */
export async function seedCuratedLists(db: Db, now = new Date()): Promise<{ seeded: boolean; lists: number }> {
  const meta = await db.select({ key: appMeta.key, value: appMeta.value }).from(appMeta);
  const catalogue = (meta.find((row) => row.key === CATALOGUE_META_KEY)?.value as { fingerprint?: string }) ?? {};
  if (!catalogue.fingerprint) return { seeded: false, lists: 0 };
  const stamp = { version: LISTS_VERSION, catalogue: catalogue.fingerprint };
  const stored = meta.find((row) => row.key === META_KEY)?.value as typeof stamp | undefined;
  if (stored?.version === stamp.version && stored.catalogue === stamp.catalogue) return { seeded: false, lists: 0 };

  const built: Array<{ definition: ListDefinition; movies: ListMovie[] }> = [];
  for (const definition of await definitions(db)) {
    const rows = await db
      .select(SUMMARY_COLUMNS)
      .from(titles)
      .where(definition.where)
      .orderBy(...definition.orderBy)
      .limit(definition.limit);
    // A list is only worth showing with a few titles in it.
    if (rows.length >= 5) built.push({ definition, movies: rows.map(toListMovie) });
  }

  const createdAt = now.toISOString();
  await db.transaction(async (tx) => {
    await tx.delete(movieLists);
    if (built.length > 0) {
      await tx.insert(movieLists).values(
        built.map(({ definition }, position) => ({
          id: definition.id,
          listTitle: definition.title,
          listDescription: definition.description,
          createdBy: LIST_CREATOR,
          position,
          createdAt,
        })),
      );
      await tx.insert(movieListItems).values(
        built.flatMap(({ definition, movies }) =>
          movies.map((item, position) => ({
            listId: definition.id,
            position,
            titleId: item.id,
            mediaType: item.media_type,
            movie: item as unknown as Record<string, unknown>,
          })),
        ),
      );
    }
    await tx
      .insert(appMeta)
      .values({ key: META_KEY, value: stamp })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: stamp, updatedAt: now } });
  });
  return { seeded: true, lists: built.length };
}
