import { MAX_PAGE, PAGE_SIZE, type DiscoverParams, type Paged, type TitleSummary } from '@marquee/core';
import { isExcluded, MAX_PAGES_WALKED, pageWithout, type Exclusions } from './excluding.ts';
import type { CatalogueProvider } from './provider.ts';

const NO_EXCLUSIONS: Exclusions = new Set();

/**
 * Page `page` of a list with only the titles `playable` names (the Available to watch filter), for
 * a provider that cannot restrict its own list: its pages are read from the first (its answer
 * cache keeps them) until the page is full, every playable title has been met, the list ends, or
 * MAX_PAGES_WALKED pages were read. `total_results` is exact when the walk met every playable
 * title or reached the list's end, otherwise an upper bound.
 */
export async function pageAmong(
  load: (page: number) => Promise<Paged<TitleSummary>>,
  page: number,
  playable: ReadonlySet<number>,
  excluded: Exclusions = NO_EXCLUSIONS,
): Promise<Paged<TitleSummary>> {
  const start = (page - 1) * PAGE_SIZE;
  const end = page * PAGE_SIZE;
  const results: TitleSummary[] = [];
  let kept = 0;
  let met = 0;
  let upstreamPage = 1;
  let answer = await load(1);
  const lastPage = Math.min(answer.total_pages, MAX_PAGE, MAX_PAGES_WALKED);
  let isComplete = false;
  for (;;) {
    for (const item of answer.results) {
      if (!playable.has(item.id)) continue;
      met += 1;
      if (isExcluded(excluded, item)) continue;
      if (kept >= start && kept < end) results.push(item);
      kept += 1;
    }
    if (met >= playable.size || upstreamPage >= lastPage) {
      isComplete = true;
      break;
    }
    if (kept >= end) break;
    upstreamPage += 1;
    answer = await load(upstreamPage);
  }
  // Not complete: the titles not met yet may still come, up to all of them.
  const totalResults = isComplete ? kept : kept + (playable.size - met);
  return {
    page,
    results,
    total_pages: Math.min(Math.ceil(totalResults / PAGE_SIZE), MAX_PAGE),
    total_results: totalResults,
  };
}

/**
 * Discover over the titles the server can play: in the provider's own query where it can
 * (the local catalogue), else by walking its pages. Excluded titles are left out either way.
 */
export function discoverAvailable(
  catalogue: Pick<CatalogueProvider, 'discover' | 'discoverAmong'>,
  params: DiscoverParams,
  playable: readonly number[],
  excluded: Exclusions | null,
): Promise<Paged<TitleSummary>> {
  if (playable.length === 0)
    return Promise.resolve({ page: params.page, results: [], total_pages: 0, total_results: 0 });
  if (catalogue.discoverAmong) {
    const load = (page: number) => catalogue.discoverAmong!({ ...params, page }, playable);
    return excluded ? pageWithout(load, params.page, excluded) : load(params.page);
  }
  return pageAmong(
    (page) => catalogue.discover({ ...params, page }),
    params.page,
    new Set(playable),
    excluded ?? NO_EXCLUSIONS,
  );
}
