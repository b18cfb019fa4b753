import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { seriousViolations } from './a11y.ts';
import { DESKTOP, MOBILE, settle, useBrowser } from './support.ts';

/**
 * Availability before Watch Now (issue 29). The e2e server's MEDIA_DIR holds Memento and Breaking
 * Bad S01E02 (e2e/fixtures/media); its fake Jellyfin holds Alien, The Matrix and Chernobyl's first
 * two episodes. Fight Club is on neither.
 */

/** Where this file's screens are saved to be looked at (AVAILABILITY_SHOTS=/some/folder). */
const SHOTS = process.env.AVAILABILITY_SHOTS;
async function shot(page: Page, name: string, near?: Locator) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await near?.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
}

async function titleId(baseUrl: string, title: string, type: 'movie' | 'tv', year: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/catalogue/search?q=${encodeURIComponent(title)}`);
  const body = (await response.json()) as {
    results: Array<{
      id: number;
      media_type: string;
      title?: string;
      name?: string;
      release_date?: string;
      first_air_date?: string;
    }>;
  };
  const found = body.results.find(
    (result) =>
      result.media_type === type &&
      (result.title ?? result.name) === title &&
      (result.release_date ?? result.first_air_date ?? '').startsWith(year),
  );
  if (!found) throw new Error(`${title} (${year}) is not in the local catalogue`);
  return found.id;
}

const VIEWPORTS = [
  ['1280 px', DESKTOP],
  ['375 px', MOBILE],
] as const;

/** A card by its title, and the badge over its poster. */
const card = (page: Page, title: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const badge = (page: Page, title: string) => card(page, title).locator('[data-availability]');

describe('Availability before Watch Now', () => {
  const browser = useBrowser();
  const ids = { memento: 0, alien: 0, matrix: 0, fightClub: 0, breakingBad: 0, chernobyl: 0 };

  beforeAll(async () => {
    const { baseUrl } = browser;
    [ids.memento, ids.alien, ids.matrix, ids.fightClub, ids.breakingBad, ids.chernobyl] = await Promise.all([
      titleId(baseUrl, 'Memento', 'movie', '200'),
      titleId(baseUrl, 'Alien', 'movie', '1979'),
      titleId(baseUrl, 'The Matrix', 'movie', '1999'),
      titleId(baseUrl, 'Fight Club', 'movie', '1999'),
      titleId(baseUrl, 'Breaking Bad', 'tv', '2008'),
      titleId(baseUrl, 'Chernobyl', 'tv', '2019'),
    ]);
    // Readiness: the Library's first scan and the Jellyfin index are built in the background.
    for (let attempt = 0; attempt < 200; attempt++) {
      const answer = (await (
        await fetch(`${baseUrl}/api/availability?ids=movie:${ids.memento},movie:${ids.alien}`)
      ).json()) as { indexing: boolean; results: Array<{ sources: string[] }> };
      if (!answer.indexing && answer.results.every((result) => result.sources.length > 0)) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the Library and Jellyfin indexes did not become ready');
  });

  for (const [label, viewport] of VIEWPORTS) {
    it(`filters Browse to what can play and badges its cards at ${label}`, async () => {
      const { page } = await browser.open(viewport);
      await page.goto('/browse');
      await settle(page);
      // The filter, from the panel: it goes into the address and becomes a chip.
      await page.getByRole('button', { name: /^Filters/ }).click();
      const filter = page.getByRole('checkbox', { name: 'Available to watch' });
      expect(await page.getByText("Plays from this server's Library or Jellyfin").isVisible()).toBe(true);
      await filter.click();
      await page.waitForURL(/available=1/);
      await settle(page);
      await page.getByRole('button', { name: 'Remove filter Available to watch' }).waitFor();
      expect(await filter.isChecked()).toBe(true);

      const cardTitles = () => page.getByRole('article').locator('h3').allTextContents();
      // The previous page's cards stay (dimmed) until the filtered one arrives.
      await expect.poll(cardTitles).toEqual(expect.arrayContaining(['Memento', 'Alien', 'The Matrix']));
      const titles = await cardTitles();
      expect(titles).not.toContain('Fight Club');
      // Every card the filter keeps says where it plays.
      await expect.poll(() => page.locator('article [data-availability]').count()).toBe(titles.length);
      expect(await badge(page, 'Memento').getAttribute('data-availability')).toBe('library');
      expect(await badge(page, 'Alien').getAttribute('data-availability')).toBe('jellyfin');
      expect(await badge(page, 'Memento').textContent()).toBe('LibraryPlays from Library');
      expect(await badge(page, 'Alien').isVisible()).toBe(true);
      await shot(page, `browse-available-${viewport.width}`, card(page, 'Memento'));
      expect(await seriousViolations(page)).toEqual([]);

      // Unfiltered, a title nothing can play has no badge beside one that has.
      await page.goto(`/search?q=${encodeURIComponent('Matrix')}`);
      await badge(page, 'The Matrix').waitFor();
      expect(await card(page, 'The Matrix Reloaded').count()).toBe(1);
      expect(await badge(page, 'The Matrix Reloaded').count()).toBe(0);
      // Its card offers no dead player: its Watch link is a link to the reason on its details.
      const reloaded = card(page, 'The Matrix Reloaded');
      const noSource = reloaded.getByRole('link', { name: 'No source for The Matrix Reloaded' });
      await noSource.waitFor();
      expect(await reloaded.getByRole('link', { name: /^Watch / }).count()).toBe(0);
      expect(await card(page, 'The Matrix').getByRole('link', { name: 'Watch The Matrix' }).getAttribute('href')).toBe(
        `/watch/movie/${ids.matrix}`,
      );
      await shot(page, `search-matrix-${viewport.width}`, card(page, 'The Matrix'));
      await noSource.click();
      await page.getByRole('heading', { name: 'Nothing can play this yet' }).waitFor();
      expect(new URL(page.url()).pathname).toMatch(/^\/movie\/\d+$/);
    });

    it(`shows where a film and a series' episodes play on their pages at ${label}`, async () => {
      const { page } = await browser.open(viewport);
      await page.goto(`/movie/${ids.memento}`);
      const hero = page.getByRole('region', { name: 'Memento' });
      const sources = hero.getByRole('list', { name: 'Plays from' });
      await sources.waitFor();
      expect(await sources.getByRole('listitem').allTextContents()).toEqual(['Library']);
      expect(await hero.getByRole('link', { name: 'Watch Now' }).isVisible()).toBe(true);
      await shot(page, `detail-memento-${viewport.width}`, sources);
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto(`/series/${ids.chernobyl}`);
      const seasonOne = page.getByRole('list', { name: 'Season 1 episodes', exact: true });
      await seasonOne.waitFor();
      const marked = seasonOne.locator('[data-episode-sources]');
      await expect.poll(() => marked.count()).toBe(2);
      const rows = seasonOne.locator('li[data-episode]').filter({ has: page.locator('[data-episode-sources]') });
      expect(await rows.evaluateAll((items) => items.map((item) => item.getAttribute('data-episode')))).toEqual([
        '1',
        '2',
      ]);
      expect(await marked.first().textContent()).toBe('Plays from Jellyfin');
      expect(
        await page.getByRole('region', { name: 'Chernobyl' }).getByRole('list', { name: 'Plays from' }).textContent(),
      ).toBe('Jellyfin');
      await shot(page, `detail-chernobyl-episodes-${viewport.width}`, seasonOne);
      expect(await seriousViolations(page)).toEqual([]);
    });

    it(`says nothing can play a title without sources, and a custom source makes it play, at ${label}`, async () => {
      const { page, context } = await browser.open(viewport);
      await page.goto(`/movie/${ids.fightClub}`);
      const hero = page.getByRole('region', { name: 'Fight Club' });
      const nothing = hero.getByRole('region', { name: 'Nothing can play this yet' });
      await nothing.waitFor();
      expect(await nothing.textContent()).toContain(
        "This server's media folder and Jellyfin have no file of this film: its operator can add one.",
      );
      expect(await hero.getByRole('link', { name: 'Watch Now' }).count()).toBe(0);
      await shot(page, `detail-nothing-${viewport.width}`, nothing);
      expect(await seriousViolations(page)).toEqual([]);

      // The way out for the viewer: Settings' custom sources.
      await nothing.getByRole('link', { name: 'add a custom source in Settings' }).click();
      await page.waitForURL('**/settings#custom-video-sources');
      await page.locator('#custom-video-sources').waitFor();

      await context.addInitScript(() =>
        localStorage.setItem(
          'marquee:settings',
          JSON.stringify({
            customVideoSources: [
              { name: 'Mirror', movieUrl: 'https://mirror.example/{movieID}', tvUrl: '', recommended: false },
            ],
          }),
        ),
      );
      await page.goto(`/movie/${ids.fightClub}`);
      await hero.getByRole('list', { name: 'Plays from' }).waitFor();
      expect(await hero.getByRole('list', { name: 'Plays from' }).textContent()).toBe('Mirror');
      expect(await hero.getByRole('link', { name: 'Watch Now' }).isVisible()).toBe(true);
      expect(await nothing.count()).toBe(0);
    });
  }
});
