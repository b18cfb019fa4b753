import { describe, expect, it } from 'vitest';
import { PAGE_SIZE, type Paged, type TitleSummary } from '@marquee/core';
import { discoverAvailable, pageAmong } from './available.ts';

/** A provider's list of `count` movies with ids 1..count, PAGE_SIZE a page, counting its page reads. */
function list(count: number) {
  const loads: number[] = [];
  const load = (page: number): Promise<Paged<TitleSummary>> => {
    loads.push(page);
    const ids = Array.from({ length: count }, (_, index) => index + 1).slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
    return Promise.resolve({
      page,
      results: ids.map((id) => ({ id, media_type: 'movie' }) as TitleSummary),
      total_pages: Math.ceil(count / PAGE_SIZE),
      total_results: count,
    });
  };
  return { load, loads };
}

const idsOf = (page: Paged<TitleSummary>) => page.results.map((title) => title.id);

describe('pageAmong (a provider that cannot restrict its discover)', () => {
  it('walks until every playable title was met, and counts them exactly', async () => {
    const { load, loads } = list(200);
    const page = await pageAmong(load, 1, new Set([3, 45, 61]));
    expect(idsOf(page)).toEqual([3, 45, 61]);
    expect(page).toMatchObject({ total_results: 3, total_pages: 1 });
    // 61 is on page 4: the 6 pages after it are not read.
    expect(loads).toEqual([1, 2, 3, 4]);
  });

  it('fills later pages from the same walk, and leaves out the excluded ones', async () => {
    const playable = new Set(Array.from({ length: 30 }, (_, index) => (index + 1) * 3));
    const second = await pageAmong(list(200).load, 2, playable);
    expect(idsOf(second)).toEqual(Array.from({ length: 10 }, (_, index) => (index + 21) * 3));
    expect(second).toMatchObject({ total_results: 30, total_pages: 2 });
    const without = await pageAmong(list(200).load, 1, new Set([3, 6, 9]), new Set(['movie:6']));
    expect(idsOf(without)).toEqual([3, 9]);
  });

  it('stops at the end of the list, with what it found', async () => {
    const { load, loads } = list(50);
    const page = await pageAmong(load, 1, new Set([10, 999]));
    expect(idsOf(page)).toEqual([10]);
    expect(page.total_results).toBe(1);
    expect(loads).toEqual([1, 2, 3]);
  });
});

describe('discoverAvailable', () => {
  it('answers an empty page without asking the provider when nothing can play', async () => {
    const { load, loads } = list(50);
    const answer = await discoverAvailable(
      { discover: (params) => load(params.page) },
      { page: 1 } as Parameters<typeof discoverAvailable>[1],
      [],
      null,
    );
    expect(answer).toEqual({ page: 1, results: [], total_pages: 0, total_results: 0 });
    expect(loads).toEqual([]);
  });
});
