import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, MOBILE, useBrowser } from './support.ts';

async function resultHeading(page: Page) {
  const heading = page.getByRole('heading', { level: 2, name: /^All / });
  await expect.poll(() => heading.textContent()).toMatch(/\(\d[\d,]*\)$/);
  return (await heading.textContent()) ?? '';
}

const query = (page: Page) => new URL(page.url()).searchParams;

describe('browse', () => {
  const browser = useBrowser();

  it('puts every filter in the URL, refetches, and restores it on back and forward', async () => {
    const { page } = await browser.open(DESKTOP);
    await page.goto('/browse');
    const all = await resultHeading(page);
    expect(all).toMatch(/^All Movies \(/);
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByLabel('Genre').selectOption({ label: 'Drama' });
    await page.waitForURL((url) => url.searchParams.get('with_genres') === '18');
    await expect.poll(() => resultHeading(page)).toMatch(/^All Drama Movies \(/);
    await page.getByLabel('Minimum rating').selectOption('8');
    await page.waitForURL((url) => url.searchParams.get('vote_average_gte') === '8');
    await page.getByLabel('Release year').fill('1994');
    await page.waitForURL((url) => url.searchParams.get('primary_release_year') === '1994');
    await page.getByLabel('Sort by').selectOption('vote_average.desc');
    await page.waitForURL((url) => url.searchParams.get('sort_by') === 'vote_average.desc');
    await expect.poll(() => page.getByRole('button', { name: 'Filters, 3 active' }).count()).toBe(1);
    // Every card is a 1994 film.
    await expect
      .poll(async () => {
        const years = await page.getByRole('article').locator('h3 + p').allTextContents();
        return years.length > 0 && years.every((text) => text.startsWith('1994'));
      })
      .toBe(true);
    const filtered = await resultHeading(page);
    expect(Number(/\((\d+)\)/.exec(filtered)?.[1])).toBeGreaterThan(0);

    await page.goBack();
    await page.waitForURL(
      (url) => url.searchParams.get('sort_by') === null && url.searchParams.get('primary_release_year') === '1994',
    );
    await page.goForward();
    await page.waitForURL(
      (url) =>
        url.searchParams.get('sort_by') === 'vote_average.desc' &&
        url.searchParams.get('primary_release_year') === '1994' &&
        url.searchParams.get('vote_average_gte') === '8' &&
        url.searchParams.get('with_genres') === '18',
    );
    await expect.poll(() => resultHeading(page)).toBe(filtered);
    expect(await page.getByLabel('Sort by').inputValue()).toBe('vote_average.desc');

    // A shared link restores the same state in a new browser context.
    const shared = page.url();
    const other = await browser.open(DESKTOP);
    await other.page.goto(shared);
    await expect.poll(() => resultHeading(other.page)).toBe(filtered);
  });

  it('removes filters with their chips and resets with Clear All', async () => {
    const { page } = await browser.open(DESKTOP);
    await page.goto('/browse?type=tv&with_genres=18&with_original_language=ko&sort_by=title.asc&page=2');
    await resultHeading(page);
    const chips = page.getByRole('list', { name: 'Active filters' });
    await chips.getByRole('button', { name: 'Remove filter Korean' }).click();
    await page.waitForURL((url) => !url.searchParams.has('with_original_language'));
    expect(query(page).get('with_genres')).toBe('18');
    expect(query(page).get('page')).toBeNull(); // a filter change goes back to page 1
    await chips.getByRole('button', { name: 'Clear All' }).click();
    await page.waitForURL((url) => url.pathname === '/browse' && url.search === '');
    await expect.poll(() => resultHeading(page)).toMatch(/^All Movies \(/);
    expect(await page.getByLabel('Sort by').inputValue()).toBe('popularity.desc');
  });

  it('pages through results, clamped to the last page', async () => {
    const { page } = await browser.open(DESKTOP);
    await page.goto('/browse/tv');
    await resultHeading(page);
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await pagination.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await expect.poll(() => pagination.getByText(/^Page 2 of \d+$/).count()).toBe(1);
    const lastText = (await pagination.getByText(/^Page 2 of \d+$/).textContent()) ?? '';
    const last = Number(/of (\d+)/.exec(lastText)?.[1]);
    await pagination.getByRole('button', { name: `Page ${last}` }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === String(last));
    await expect.poll(() => pagination.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
  });

  it('opens a genre route and works at 375 px with 3 page numbers', async () => {
    const { page } = await browser.open(MOBILE);
    await page.goto('/genre/comedy');
    expect(await resultHeading(page)).toMatch(/^All Comedy Movies \(/);
    const numbers = page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: /^Page \d+$/ });
    await numbers.first().waitFor();
    expect(await numbers.count()).toBe(3);
    await page.getByRole('button', { name: /^Filters/ }).click();
    expect(await page.getByLabel('Genre').isVisible()).toBe(true);
  });

  it('filters a numeric genre route as its slug does', async () => {
    const { page } = await browser.open(DESKTOP);
    await page.goto('/genre/27');
    const byId = await resultHeading(page);
    expect(byId).toMatch(/^All Horror Movies \(/);
    await page.goto('/genre/horror');
    expect(await resultHeading(page)).toBe(byId);
  });

  it('shows 3 page numbers on a phone as the server renders it, before any script', async () => {
    const { page } = await browser.open(MOBILE, { javaScriptEnabled: false });
    await page.goto('/genre/comedy');
    const numbers = page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: /^Page \d+$/ });
    await numbers.first().waitFor();
    expect(await numbers.allTextContents()).toEqual(['1', '2', '3']);
  });

  it('shows the empty state', async () => {
    const { page } = await browser.open(DESKTOP);
    await page.goto('/browse?primary_release_year=1901&with_genres=878');
    await page.getByText('No content found').waitFor();
    expect(await page.getByText('No Science Fiction Movies available in this category').isVisible()).toBe(true);
  });
});
