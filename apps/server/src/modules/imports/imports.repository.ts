import { sql } from 'drizzle-orm';
import type { TitleSummary } from '@marquee/core';
import type { Db } from '../../db/client.ts';
import { titles } from '../../catalogue/local/local-schema.ts';
import { SUMMARY_COLUMNS, toSummary } from '../../catalogue/local/local-catalogue.ts';
import { searchLocalTitles, searchLocalTitlesAllWords } from '../../catalogue/local/local-search.ts';

/**
 * The local catalogue's titles whose search text is exactly one of `texts` (the normalised titles
 * of a file's rows), in one statement: most rows of an export name a title exactly, and this
 * finds them all at once, leaving only the others to the typo-tolerant search.
 */
export async function findLocalTitlesByText(db: Db, texts: string[]): Promise<Map<string, TitleSummary[]>> {
  const found = new Map<string, TitleSummary[]>();
  if (texts.length === 0) return found;
  const rows = await db
    .select({ ...SUMMARY_COLUMNS, searchTitle: titles.searchTitle })
    .from(titles)
    .where(sql`${titles.searchTitle} = any(${sql.param(texts)}::text[])`);
  for (const { searchTitle, ...row } of rows) {
    const list = found.get(searchTitle) ?? [];
    list.push(toSummary(row));
    found.set(searchTitle, list);
  }
  return found;
}

/** The local catalogue's titles of these ids (`movie:550`), by that key. */
export async function findLocalTitlesById(
  db: Db,
  refs: Array<{ type: 'movie' | 'tv'; id: number }>,
): Promise<Map<string, TitleSummary>> {
  const found = new Map<string, TitleSummary>();
  if (refs.length === 0) return found;
  const types = refs.map((ref) => ref.type);
  const ids = refs.map((ref) => ref.id);
  const rows = await db
    .select(SUMMARY_COLUMNS)
    .from(titles)
    .where(
      sql`(${titles.mediaType}, ${titles.id}) in (select * from unnest(${sql.param(types)}::text[], ${sql.param(ids)}::int[]))`,
    );
  for (const row of rows) found.set(`${row.mediaType}:${row.id}`, toSummary(row));
  return found;
}

/**
 * The local catalogue's typo-tolerant search for an import's name: the first page of titles holding
 * every word (each corrected within a typo or two), without the fallbacks to titles holding only
 * some of them, which a name missing from the catalogue would run through at length.
 */
export async function searchLocalTitlesForImport(db: Db, q: string): Promise<TitleSummary[]> {
  const { rows } = await searchLocalTitles(db, q, 1, { partialMatches: false });
  return rows.map(toSummary);
}

/** searchLocalTitlesForImport for many names at once, in their order (two statements for them all). */
export async function searchLocalTitlesForImportMany(db: Db, qs: string[]): Promise<TitleSummary[][]> {
  const pages = await searchLocalTitlesAllWords(db, qs);
  return pages.map((rows) => rows.map(toSummary));
}
