import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, useBrowser } from './support.ts';

describe('search', () => {
  const browser = useBrowser();

  it('debounces the dropdown: one request 300 ms after typing stops', async () => {
    const { page } = await browser.open(DESKTOP);
    // The page's clock stands still while typing, so a busy machine's slow keystrokes cannot
    // look like a pause; then exactly the debounce delay passes.
    await page.clock.install();
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Search movies and series' });
    await box.waitFor();
    await page.clock.pauseAt(Date.now() + 1000);
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/catalogue/search'))
        requests.push(new URL(request.url()).searchParams.get('q') ?? '');
    });
    await box.pressSequentially('the godfather');
    await page.clock.runFor(299);
    expect(requests).toEqual([]);
    await page.clock.runFor(1);
    await page.clock.resume();
    await page.getByRole('listbox', { name: 'Search results' }).getByRole('option').first().waitFor();
    expect(requests).toEqual(['the godfather']);
  });

  it('shows at most 8 results with title, type, year, rating and a cut overview, and View all', async () => {
    const { page } = await browser.open(DESKTOP);
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Search movies and series' });
    await box.fill('the');
    const options = page.getByRole('listbox', { name: 'Search results' }).getByRole('option');
    await options.first().waitFor();
    expect(await options.count()).toBe(8);
    const first = await options.first().textContent();
    expect(first).toMatch(/MOVIE|TV Show/);
    expect(first).toMatch(/(19|20)\d{2}/);
    const viewAll = page.getByRole('button', { name: /^View all [\d,]+ results$/ });
    await viewAll.click();
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'the');
  });

  it('shows 6 results on a phone', async () => {
    const { page } = await browser.open(MOBILE);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('combobox', { name: 'Search movies and series' }).fill('the');
    const options = page.getByRole('listbox', { name: 'Search results' }).getByRole('option');
    await options.first().waitFor();
    expect(await options.count()).toBe(6);
    // All six and View all are on screen in the menu, none hidden behind the end of the panel or
    // in a scroll area of their own.
    const viewAll = page.getByRole('button', { name: /^View all/ });
    const onScreen = await [...(await options.all()), viewAll].reduce<Promise<boolean[]>>(
      async (seen, control) => [
        ...(await seen),
        await control.evaluate((element) => {
          const box = element.getBoundingClientRect();
          const menu = document.getElementById('mobile-menu')!.getBoundingClientRect();
          const atCentre = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return box.bottom <= Math.min(window.innerHeight, menu.bottom) && element.contains(atCentre);
        }),
      ],
      Promise.resolve([]),
    );
    expect(onScreen).toEqual([true, true, true, true, true, true, true]);
    const list = page.getByRole('listbox', { name: 'Search results' });
    expect(await list.evaluate((element) => element.scrollHeight <= element.clientHeight)).toBe(true);
  });

  it('works by keyboard: arrows, Enter opens the active result, Escape closes', async () => {
    const { page } = await browser.open(DESKTOP);
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Search movies and series' });
    await box.fill('breaking bad');
    const listbox = page.getByRole('listbox', { name: 'Search results' });
    await listbox.getByRole('option').first().waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    await box.press('Escape');
    expect(await listbox.count()).toBe(0);
    await box.press('End');
    await box.pressSequentially(' ');
    await listbox.getByRole('option').first().waitFor();
    await box.press('ArrowDown');
    const active = await box.getAttribute('aria-activedescendant');
    expect(active).toBeTruthy();
    expect(await page.locator(`[id="${active}"]`).getAttribute('aria-selected')).toBe('true');
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/series/1');
  });

  it('submits the trimmed term to the search screen and lists results', async () => {
    const { page } = await browser.open(DESKTOP);
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Search movies and series' });
    await box.fill('  Feght Club  ');
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'Feght Club');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/^\d+ results?$/);
    expect(await page.getByText(/^Found \d+ items? matching your search$/).isVisible()).toBe(true);
    const first = page.getByRole('article').first();
    expect(await first.getByRole('heading').textContent()).toBe('Fight Club');
  });

  it('shows both empty states at 375 px', async () => {
    const { page } = await browser.open(MOBILE);
    await page.goto('/search');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Start your search');
    const form = page.getByPlaceholder('Search movies, series, genres...');
    await form.fill('qqzzxxv wwkkjj');
    await form.press('Enter');
    await page.getByText('No results found').waitFor();
    expect(await page.getByText('Try different keywords or browse our categories').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('No results for “qqzzxxv wwkkjj”');
  });
});
