import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loadAxe, seriousViolations } from './a11y.ts';
import { expectNoFailures, sweep } from './keyboard.ts';
import { createAccount, signInContext } from './session.ts';
import { DESKTOP, MOBILE, settle, useBrowser } from './support.ts';

const SHOTS = process.env.E2E_SHOTS_DIR;

async function firstTitles(baseUrl: string, type: 'movie' | 'tv') {
  const answer = await fetch(`${baseUrl}/api/catalogue/discover?type=${type}`);
  return ((await answer.json()) as { results: Array<{ id: number; title?: string; name?: string }> }).results;
}

/** A history of two films (one watched twice) and three episodes of a series, in March 2026. */
async function sampleHistory(baseUrl: string) {
  const [films, series] = [await firstTitles(baseUrl, 'movie'), await firstTitles(baseUrl, 'tv')];
  const at = '2026-03-10T20:00:00.000Z';
  const film = (index: number, playCount: number) => ({
    id: `movie:${films[index]!.id}`,
    movie_id: films[index]!.id,
    movie_title: films[index]!.title!,
    content_type: 'movie',
    watched_at: at,
    completed: true,
    source: 'manual',
    play_count: playCount,
    synced: false,
  });
  const episode = (number: number) => ({
    id: `tv:${series[0]!.id}:s1:e${number}`,
    movie_id: series[0]!.id,
    movie_title: series[0]!.name!,
    content_type: 'tv',
    season_number: 1,
    episode_number: number,
    watched_at: at,
    completed: true,
    total_duration: 45 * 60,
    duration_watched: 45 * 60,
    synced: false,
  });
  return [film(0, 2), film(1, 1), episode(1), episode(2), episode(3)];
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function checkStatsPage(page: Page, seriesName: string) {
  await expect.poll(() => page.getByRole('heading', { name: 'Hours per month', exact: true }).count()).toBe(1);
  const figures = page.locator('dl').first();
  await expect.poll(() => figures.textContent()).toMatch(/Films\s*2\s*3 plays/);
  expect(await figures.textContent()).toMatch(/Episodes\s*3/);
  // The chart's figures as a table, with the keyboard.
  const monthly = page.getByRole('region', { name: 'Hours per month', exact: true });
  const toggle = monthly.getByRole('button', { name: 'Show as table' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
  await expect.poll(() => monthly.getByRole('rowheader', { name: 'March 2026' }).count()).toBe(1);
  const series = page.getByRole('region', { name: 'Most-watched series', exact: true });
  await series.getByRole('button', { name: 'Show as table' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => series.getByRole('row', { name: `${seriesName} 3` }).count()).toBe(1);
  await expect.poll(() => page.getByRole('heading', { name: '2026 in review' }).count()).toBe(1);
}

describe('statistics', () => {
  const browser = useBrowser();

  for (const viewport of [DESKTOP, MOBILE]) {
    it(`tells a new viewer nothing was watched yet, with a way to Browse, at ${viewport.width} px`, async () => {
      const { page } = await browser.open(viewport);
      await page.goto('/stats');
      await settle(page);
      await expect.poll(() => page.getByRole('heading', { name: 'Nothing watched yet' }).count()).toBe(1);
      expect(await page.getByRole('link', { name: 'Browse' }).last().getAttribute('href')).toBe('/browse');
      await loadAxe(page);
      expect(await seriousViolations(page)).toEqual([]);
    });

    it(`computes a guest's statistics in the browser, charts and tables, at ${viewport.width} px`, async () => {
      const history = await sampleHistory(browser.baseUrl);
      const { page } = await browser.open(viewport);
      await page.goto('/');
      await page.evaluate((items) => localStorage.setItem('marquee:history', JSON.stringify(items)), history);
      await page.goto('/stats');
      await settle(page);
      await checkStatsPage(page, history[2]!.movie_title);
      // No sideways scrolling at 375 px.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await loadAxe(page);
      expect(await seriousViolations(page)).toEqual([]);
      await shoot(page, `stats-guest-${viewport.width}`);
      if (viewport !== MOBILE) return;

      // Readable at 375 px in the high-contrast theme too.
      await page.evaluate(() => localStorage.setItem('marquee:settings', JSON.stringify({ highContrastMode: true })));
      await page.reload();
      await settle(page);
      expect(await page.evaluate(() => document.documentElement.classList.contains('high-contrast'))).toBe(true);
      await checkStatsPage(page, history[2]!.movie_title);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await loadAxe(page);
      expect(await seriousViolations(page)).toEqual([]);
      await shoot(page, `stats-guest-high-contrast-${viewport.width}`);
    });
  }

  it("shows an account's statistics from the server, in the high-contrast theme too", async () => {
    const account = await createAccount('counter');
    const history = await sampleHistory(browser.baseUrl);
    const { page, context } = await browser.open(DESKTOP);
    await signInContext(context, account);
    const synced = await context.request.post('/api/me/sync', {
      data: { operations: history.map((item) => ({ op: 'upsert', store: 'history', item, at: item.watched_at })) },
      headers: { origin: browser.baseUrl },
    });
    expect(synced.status()).toBe(200);
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('marquee:settings', JSON.stringify({ highContrastMode: true })));
    await page.goto('/stats');
    await settle(page);
    await checkStatsPage(page, history[2]!.movie_title);
    await loadAxe(page);
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'stats-account-high-contrast-1280');

    // By keyboard alone: Tab reaches every chart's table switch, and every stop shows the focus,
    // with two of the tables open (their rows are not stops; the switches are).
    const switches = await page.getByRole('button', { name: 'Show as table' }).count();
    expect(switches).toBeGreaterThanOrEqual(5);
    await page.locator('h1').first().click();
    const { stops, failures } = await sweep(page, { max: 200 });
    expectNoFailures(failures, '/stats in the high-contrast theme');
    expect(stops.filter((stop) => stop.name === 'Show as table')).toHaveLength(switches);
  }, 120_000);
});
