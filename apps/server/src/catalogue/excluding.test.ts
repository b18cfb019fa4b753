import { describe, expect, it } from 'vitest';
import { PAGE_SIZE, type Paged, type TitleSummary } from '@marquee/core';
import { MAX_PAGES_WALKED, pageWithout } from './excluding.ts';

/** A list of `count` films, ids 1..count, served a page at a time like a provider. */
function list(count: number) {
  const loads: number[] = [];
  const load = async (page: number): Promise<Paged<TitleSummary>> => {
    loads.push(page);
    const ids = Array.from({ length: count }, (_, index) => index + 1).slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
    return {
      page,
      results: ids.map((id) => ({ id, media_type: 'movie' }) as TitleSummary),
      total_pages: Math.ceil(count / PAGE_SIZE),
      total_results: count,
    };
  };
  return { load, loads };
}

const ids = (answer: Paged<TitleSummary>) => answer.results.map((item) => item.id);

describe('a page without excluded titles', () => {
  it('stays full and continues where the previous page stopped', async () => {
    const { load } = list(100);
    const excluded = new Set(['movie:2', 'movie:5', 'movie:21', 'tv:3']);
    const first = await pageWithout(load, 1, excluded);
    expect(first.results).toHaveLength(PAGE_SIZE);
    expect(ids(first)).not.toContain(2);
    expect(ids(first)).toContain(3); // tv:3 is another title
    expect(ids(first).at(-1)).toBe(23);
    const second = await pageWithout(load, 2, excluded);
    expect(ids(second)[0]).toBe(24);
    expect(second.results).toHaveLength(PAGE_SIZE);
    expect(second.total_results).toBe(97);
    expect(second.total_pages).toBe(5);
  });

  it('ends with a short last page, never an empty one in the middle', async () => {
    const { load } = list(45);
    const excluded = new Set(Array.from({ length: 20 }, (_, index) => `movie:${index + 1}`));
    const first = await pageWithout(load, 1, excluded);
    expect(ids(first)).toEqual(Array.from({ length: 20 }, (_, index) => index + 21));
    expect(first.total_results).toBe(25);
    const second = await pageWithout(load, 2, excluded);
    expect(ids(second)).toEqual([41, 42, 43, 44, 45]);
    expect(second.total_pages).toBe(2);
  });

  it('reads the same page filtered past the walking limit', async () => {
    const { load, loads } = list(PAGE_SIZE * (MAX_PAGES_WALKED + 10));
    const excluded = new Set(['movie:1']);
    const deep = await pageWithout(load, MAX_PAGES_WALKED + 5, excluded);
    expect(loads.at(-1)).toBe(MAX_PAGES_WALKED + 5);
    expect(deep.results).toHaveLength(PAGE_SIZE);
  });
});
