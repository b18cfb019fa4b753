import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, useBrowser } from './support.ts';

describe('curated lists', () => {
  const browser = useBrowser();

  it('pages through the lists and opens one', async () => {
    const { page } = await browser.open(DESKTOP);
    await page.goto('/lists');
    const grid = page.getByRole('list', { name: 'Curated lists' });
    await expect.poll(() => grid.getByRole('article').count()).toBe(12);
    const showing = page.getByText(/^Showing 1-12 of \d+ lists$/);
    await showing.waitFor();
    const total = Number((await showing.textContent())!.match(/of (\d+) lists/)![1]);
    expect(total).toBeGreaterThan(12);

    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(`Showing 13-${total} of ${total} lists`).waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    await page.goBack();
    await page.getByText(/^Showing 1-12 of/).waitFor();

    await grid.getByRole('link', { name: 'The Most-Voted Films' }).click();
    await page.getByRole('heading', { level: 1, name: 'The Most-Voted Films' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/list/most-voted-films');
    await page.getByText('50 movies').waitFor();
    await page.getByText('Page 1 of 2').first().waitFor();
    const titles = page.getByRole('main').getByRole('article');
    await expect.poll(() => titles.count()).toBe(30);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect.poll(() => titles.count()).toBe(20);
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
  });

  it('says so when a list does not exist, at phone width', async () => {
    const viewer = await browser.open(MOBILE);
    const { page } = viewer;
    await page.goto('/list/no-such-list');
    await page.getByRole('heading', { name: 'List not found' }).waitFor();
    await page.getByText('The requested list could not be found.').waitFor();
    await page.getByRole('link', { name: 'Browse all lists' }).click();
    await page.getByText(/^Showing 1-12 of/).waitFor();
    // Chromium logs the expected 404 of the missing list; nothing else may fail.
    const unexpected = viewer.errors.filter((error) => !/status of 404/.test(error));
    viewer.errors.splice(0, viewer.errors.length, ...unexpected);
  });
});
