import { asc, eq, sql } from 'drizzle-orm';
import type { ListMovie, MovieList } from '@marquee/core';
import type { Db } from '../../db/client.ts';
import { movieListItems, movieLists } from './lists-schema.ts';

/** How many titles each list carries on the lists screen: enough for its cover and a preview. */
const PREVIEW_SIZE = 4;

type ListRow = typeof movieLists.$inferSelect;

function toList(row: ListRow, movieCount: number, movies: ListMovie[]): MovieList {
  return {
    id: row.id,
    list_title: row.listTitle,
    list_description: row.listDescription,
    created_at: new Date(row.createdAt).toISOString(),
    created_by: row.createdBy,
    movie_count: movieCount,
    movies,
  };
}

async function countsAndPreviews(db: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, { count: number; preview: ListMovie[] }>();
  const rows = await db
    .select({ listId: movieListItems.listId, position: movieListItems.position, movie: movieListItems.movie })
    .from(movieListItems)
    .where(sql`${movieListItems.listId} in ${ids}`)
    .orderBy(asc(movieListItems.listId), asc(movieListItems.position));
  const byList = new Map<string, { count: number; preview: ListMovie[] }>();
  for (const row of rows) {
    const entry = byList.get(row.listId) ?? { count: 0, preview: [] };
    entry.count += 1;
    if (entry.preview.length < PREVIEW_SIZE) entry.preview.push(row.movie as unknown as ListMovie);
    byList.set(row.listId, entry);
  }
  return byList;
}

/** One page of lists in their order, each with its title count and first titles. */
export async function listLists(db: Db, page: number, pageSize: number) {
  const [{ total }] = (await db.select({ total: sql<number>`count(*)::int` }).from(movieLists)) as [{ total: number }];
  const rows = await db
    .select()
    .from(movieLists)
    .orderBy(asc(movieLists.position), asc(movieLists.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const extras = await countsAndPreviews(
    db,
    rows.map((row) => row.id),
  );
  return {
    total,
    lists: rows.map((row) => {
      const extra = extras.get(row.id) ?? { count: 0, preview: [] };
      return toList(row, extra.count, extra.preview);
    }),
  };
}

/** One list with one page of its titles, or null when there is no such list. */
export async function findList(db: Db, id: string, page: number, pageSize: number) {
  const [row] = await db.select().from(movieLists).where(eq(movieLists.id, id));
  if (!row) return null;
  const [{ total }] = (await db
    .select({ total: sql<number>`count(*)::int` })
    .from(movieListItems)
    .where(eq(movieListItems.listId, id))) as [{ total: number }];
  const items = await db
    .select({ movie: movieListItems.movie })
    .from(movieListItems)
    .where(eq(movieListItems.listId, id))
    .orderBy(asc(movieListItems.position))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    total,
    list: toList(
      row,
      total,
      items.map((item) => item.movie as unknown as ListMovie),
    ),
  };
}
