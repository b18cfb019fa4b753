import { MAX_PAGE, PAGE_SIZE, type MediaType, type Paged, type TitleSummary } from '@marquee/core';

/** Titles a request leaves out (DESIGN.md "Hide watched, not interested"), as `movie:ID` / `tv:ID`. */
export type Exclusions = ReadonlySet<string>;

export const isExcluded = (excluded: Exclusions, item: { media_type: MediaType; id: number }) =>
  excluded.has(`${item.media_type}:${item.id}`);

/**
 * Upstream pages read at most for one page without the excluded titles: deeper pages are read
 * from the same upstream page instead (and may then come short of a full page).
 */
export const MAX_PAGES_WALKED = 60;

/**
 * Page `page` of a list with the excluded titles left out, full (a page is never half empty
 * because of hidden titles): the list's pages are read from the first, as the provider serves them
 * (its answer cache keeps them for every other request), and the titles kept are counted until the
 * page is filled. Works the same over the local catalogue and TMDB. `total_results` is the
 * provider's count less the excluded titles met on the way: exact once every excluded title has
 * been met, otherwise an upper bound (the last page may then come short).
 */
export async function pageWithout(
  load: (page: number) => Promise<Paged<TitleSummary>>,
  page: number,
  excluded: Exclusions,
): Promise<Paged<TitleSummary>> {
  const start = (page - 1) * PAGE_SIZE;
  const end = page * PAGE_SIZE;
  const results: TitleSummary[] = [];
  let kept = 0;
  let removed = 0;
  let upstreamPage = 1;
  let answer = await load(1);
  const total = answer.total_results;
  const lastPage = Math.min(answer.total_pages, MAX_PAGE);
  for (;;) {
    for (const item of answer.results) {
      if (isExcluded(excluded, item)) {
        removed += 1;
        continue;
      }
      if (kept >= start && kept < end) results.push(item);
      kept += 1;
    }
    if (kept >= end || upstreamPage >= lastPage) break;
    if (upstreamPage >= MAX_PAGES_WALKED) {
      if (kept < start) {
        // Too deep to walk: the same page of the provider, filtered.
        const deep = await load(page);
        const left = deep.results.filter((item) => !isExcluded(excluded, item));
        return { ...deep, results: left };
      }
      break;
    }
    upstreamPage += 1;
    answer = await load(upstreamPage);
  }
  const totalResults = Math.max(total - removed, kept);
  return {
    page,
    results,
    total_pages: Math.min(Math.ceil(totalResults / PAGE_SIZE), MAX_PAGE),
    total_results: totalResults,
  };
}
