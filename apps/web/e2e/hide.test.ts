import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loadAxe, seriousViolations } from './a11y.ts';
import { expectFocus, tabTo } from './keyboard.ts';
import { createAccount, signInContext, type Account } from './session.ts';
import { DESKTOP, MOBILE, settle, useBrowser } from './support.ts';

/** The first films of Browse, as the catalogue serves them. */
async function browseFilms(baseUrl: string): Promise<Array<{ id: number; title: string }>> {
  const answer = await fetch(`${baseUrl}/api/catalogue/discover?type=movie&page=1`);
  return ((await answer.json()) as { results: Array<{ id: number; title: string }> }).results;
}

const card = (page: Page, title: string) =>
  page.locator('main article').filter({ has: page.getByRole('link', { name: title, exact: true }) });

/** Presses a control with the keyboard: focused as Tab would, then Enter. */
async function press(page: Page, locator: ReturnType<Page['locator']>) {
  await locator.focus();
  await page.keyboard.press('Enter');
}

describe('hide watched, not interested', () => {
  const browser = useBrowser();
  let account: Account;

  for (const viewport of [DESKTOP, MOBILE]) {
    it(`hides a title with Not interested and brings it back with Undo, at ${viewport.width} px`, async () => {
      const films = await browseFilms(browser.baseUrl);
      const { page } = await browser.open(viewport);
      await page.goto('/browse/movie');
      await settle(page);
      const target = films[1]!.title;
      await expect.poll(() => card(page, target).count()).toBe(1);
      await press(page, page.getByRole('button', { name: `Not interested in ${target}` }));
      await expect.poll(() => card(page, target).count()).toBe(0);
      // The focus went to the same button of the next card, not to the page's body.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? ''))
        .toMatch(/^Not interested in /);
      await expect.poll(() => page.getByText(`${target} hidden`).count()).toBe(1);
      // The page stays full: another title takes the hidden one's place.
      await settle(page);
      await expect.poll(() => page.locator('main article').count()).toBe(20);
      expect(await page.evaluate(() => localStorage.getItem('marquee:hidden'))).toContain(`"movie_id":${films[1]!.id}`);

      await press(page, page.getByRole('button', { name: 'Undo' }));
      await expect.poll(() => card(page, target).count()).toBe(1);
      expect(JSON.parse((await page.evaluate(() => localStorage.getItem('marquee:hidden'))) ?? '[]')).toEqual([]);
    });
  }

  it('lists hidden titles in Settings, where one is shown again (axe clean)', async () => {
    const films = await browseFilms(browser.baseUrl);
    const { page } = await browser.open(MOBILE);
    await page.goto('/browse/movie');
    await settle(page);
    const target = films[0]!.title;
    await press(page, page.getByRole('button', { name: `Not interested in ${target}` }));
    await expect.poll(() => card(page, target).count()).toBe(0);

    await page.goto('/settings#content');
    await settle(page);
    const list = page.getByRole('list', { name: 'Hidden titles' });
    await expect.poll(() => list.getByRole('link', { name: target }).count()).toBe(1);
    await loadAxe(page);
    expect(await seriousViolations(page)).toEqual([]);
    await press(page, page.getByRole('button', { name: `Show again ${target}` }));
    await expect.poll(() => page.getByText('No hidden titles.').count()).toBe(1);

    await page.goto('/browse/movie');
    await settle(page);
    await expect.poll(() => card(page, target).count()).toBe(1);
  });

  it('lists two hidden titles in Settings at 1280 px, where one is shown again by keyboard (axe clean)', async () => {
    const film = (await browseFilms(browser.baseUrl))[4]!;
    const { page, context } = await browser.open(DESKTOP);
    const at = new Date().toISOString();
    await context.addInitScript(
      (items: string) => {
        if (sessionStorage.getItem('e2e-seeded')) return;
        sessionStorage.setItem('e2e-seeded', '1');
        localStorage.setItem('marquee:hidden', items);
      },
      JSON.stringify([
        { movie_id: film.id, content_type: 'movie', hidden_at: at, synced: false },
        { movie_id: 1, content_type: 'tv', hidden_at: at, synced: false },
      ]),
    );
    await page.goto('/settings#content');
    await settle(page);
    const list = page.getByRole('list', { name: 'Hidden titles' });
    // Each by its name from the catalogue, film and series.
    await expect.poll(() => list.getByRole('link').allTextContents()).toEqual([film.title, 'Breaking Bad']);
    expect(await list.getByRole('link', { name: 'Breaking Bad' }).getAttribute('href')).toBe('/series/1');
    expect(await seriousViolations(page)).toEqual([]);

    await tabTo(page, `Show again ${film.title}`, { max: 80 });
    await page.keyboard.press('Enter');
    await expect.poll(() => list.getByRole('link').allTextContents()).toEqual(['Breaking Bad']);
    // The focus moved to the next title's button before the row went.
    await expectFocus(page, 'Show again Breaking Bad');
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('marquee:hidden'))) ?? '[]') as Array<{
      movie_id: number;
      content_type: string;
    }>;
    expect(stored.map((item) => `${item.content_type}:${item.movie_id}`)).toEqual(['tv:1']);
  });

  it('hides a watched film from Browse once the setting is on', async () => {
    const films = await browseFilms(browser.baseUrl);
    const watched = films[2]!;
    const { page } = await browser.open(DESKTOP);
    await page.goto('/');
    await page.evaluate((film) => {
      localStorage.setItem(
        'marquee:history',
        JSON.stringify([
          {
            id: `movie:${film.id}`,
            movie_id: film.id,
            movie_title: film.title,
            content_type: 'movie',
            watched_at: new Date().toISOString(),
            completed: true,
            synced: false,
          },
        ]),
      );
    }, watched);
    await page.goto('/browse/movie');
    await settle(page);
    await expect.poll(() => card(page, watched.title).count()).toBe(1);

    await page.goto('/settings#content');
    await settle(page);
    const toggle = page.getByRole('switch', { name: "Hide titles I've watched" });
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');

    await page.goto('/browse/movie');
    await settle(page);
    await expect.poll(() => page.locator('main article').count()).toBe(20);
    expect(await card(page, watched.title).count()).toBe(0);
  });

  it("keeps an account's hidden title out of Browse on another device", async () => {
    account ??= await createAccount('hider');
    const films = await browseFilms(browser.baseUrl);
    const target = films[3]!.title;
    const first = await browser.open(DESKTOP);
    await signInContext(first.context, account);
    await first.page.goto('/browse/movie');
    await settle(first.page);
    await press(first.page, first.page.getByRole('button', { name: `Not interested in ${target}` }));
    await expect.poll(() => card(first.page, target).count()).toBe(0);
    // Synced: the server has it.
    await expect
      .poll(async () => {
        const answer = await first.context.request.get('/api/catalogue/discover?type=movie&hide=hidden');
        return ((await answer.json()) as { results: Array<{ title: string }> }).results.map((item) => item.title);
      })
      .not.toContain(target);

    const second = await browser.open(MOBILE);
    await signInContext(second.context, account);
    await second.page.goto('/browse/movie');
    await settle(second.page);
    await expect.poll(() => second.page.locator('main article').count()).toBe(20);
    expect(await card(second.page, target).count()).toBe(0);
  }, 120_000);
});
