import { progressList, type HistoryItem, type ProgressEpisode, type SeriesProgress } from '@marquee/core';
import type { CatalogueProvider } from '../../catalogue/provider.ts';
import type { Db } from '../../db/client.ts';
import { catalogueEpisodes, mapLimited } from './episode-guide.ts';
import { listDroppedSeries, listLocalProgress, listTvHistory } from './progress.repository.ts';

export interface ProgressDeps {
  db: Db;
  catalogue: Pick<CatalogueProvider, 'mode' | 'tv' | 'season'>;
}

/** The UTC day of an instant: the server's "today" for what has aired. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * `GET /api/me/progress` (DESIGN.md): every series the account started and did not drop, the
 * most recently watched first. Over the local catalogue the database computes it (its episodes
 * are a table); over TMDB the episodes come from the provider (its cache first) and core's rule
 * runs here, as it does in a guest's browser.
 */
export async function getProgress(deps: ProgressDeps, userId: string, now: Date): Promise<SeriesProgress[]> {
  const today = utcDay(now);
  if (deps.catalogue.mode === 'local') return listLocalProgress(deps.db, userId, today);

  const [history, dropped] = await Promise.all([listTvHistory(deps.db, userId), listDroppedSeries(deps.db, userId)]);
  const seriesIds = [...new Set(history.map((entry) => entry.movie_id))];
  const guides = await mapLimited(seriesIds, (id) => catalogueEpisodes(deps.catalogue as CatalogueProvider, id));
  const episodes = new Map<number, ProgressEpisode[]>(seriesIds.map((id, index) => [id, guides[index]!]));
  return progressList(history as HistoryItem[], (id) => episodes.get(id) ?? [], today, dropped);
}

/**
 * Answers of `GET /api/me/progress` by account, each valid for one version of the account's
 * personal data (findSyncVersion) and one day: Up Next is read on every home page and changes only
 * when the history or the settings do. Any write raises the version in the database, so every
 * server sees a change at once; the time limit bounds what a new catalogue import could leave
 * stale. The oldest account is forgotten first past `limit`.
 */
export class ProgressCache {
  private readonly answers = new Map<string, { key: string; json: string; expires: number }>();

  constructor(
    private readonly limit = 2000,
    private readonly ttlMs = 10 * 60_000,
  ) {}

  get(userId: string, key: string, now: number): string | undefined {
    const entry = this.answers.get(userId);
    if (!entry || entry.key !== key || entry.expires <= now) return undefined;
    // Most recently used last: the first key is the one to forget.
    this.answers.delete(userId);
    this.answers.set(userId, entry);
    return entry.json;
  }

  set(userId: string, key: string, json: string, now: number): void {
    this.answers.delete(userId);
    this.answers.set(userId, { key, json, expires: now + this.ttlMs });
    if (this.answers.size > this.limit) this.answers.delete(this.answers.keys().next().value!);
  }
}
