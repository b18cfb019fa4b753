import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { HideSet } from '@marquee/core/catalogue/exclusions';
import type { Db } from '../../db/client.ts';
import { hiddenTitles, viewingHistory } from '../me/me-schema.ts';

/**
 * The titles a signed-in account leaves out of lists (DESIGN.md "Hide watched, not interested"),
 * as `movie:ID` / `tv:ID`: its hidden titles and, when asked, the titles it watched (a film
 * completed, marked or imported; a series with such an episode: watched.ts's rule).
 */
export async function findAccountExclusions(db: Db, userId: string, sets: readonly HideSet[]): Promise<string[]> {
  const keys: string[] = [];
  if (sets.includes('hidden')) {
    const rows = await db
      .select({ type: hiddenTitles.contentType, id: hiddenTitles.movieId })
      .from(hiddenTitles)
      .where(and(eq(hiddenTitles.userId, userId), isNull(hiddenTitles.deletedAt)));
    for (const row of rows) keys.push(`${row.type}:${row.id}`);
  }
  if (sets.includes('watched')) {
    const rows = await db
      .selectDistinct({ type: viewingHistory.contentType, id: viewingHistory.movieId })
      .from(viewingHistory)
      .where(
        and(
          eq(viewingHistory.userId, userId),
          isNull(viewingHistory.deletedAt),
          or(eq(viewingHistory.completed, true), sql`${viewingHistory.source} in ('manual', 'import')`),
        ),
      );
    for (const row of rows) keys.push(`${row.type}:${row.id}`);
  }
  return keys;
}
