import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { DESKTOP, MOBILE, useBrowser } from './support.ts';

const MINUTE = 60_000;
const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE).toISOString();

/** Fills Marquee's local storage before the app starts, once per tab (a reload keeps what the app did). */
async function seed(context: BrowserContext, entries: Record<string, unknown>) {
  await context.addInitScript(
    (values: Record<string, string>) => {
      if (sessionStorage.getItem('e2e-seeded')) return;
      sessionStorage.setItem('e2e-seeded', '1');
      for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
    },
    Object.fromEntries(
      Object.entries(entries).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]),
    ),
  );
}

function historyEntry(overrides: Record<string, unknown>) {
  return {
    id: `movie:${String(overrides.movie_id)}`,
    movie_poster: null,
    content_type: 'movie',
    duration_watched: 0,
    total_duration: null,
    completed: false,
    synced: false,
    season_number: null,
    episode_number: null,
    episode_title: null,
    ...overrides,
  };
}

function toast(page: Page, title: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: title });
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect.poll(() => page.getByRole('tab', { name }).getAttribute('aria-selected')).toBe('true');
}

/** Moves a slider with the keyboard (each key press is a committed change). */
async function nudge(page: Page, slider: string, key: 'ArrowLeft' | 'ArrowRight', times: number) {
  const thumb = page.getByRole('slider', { name: slider });
  await thumb.focus();
  for (let i = 0; i < times; i++) await thumb.press(key);
  return thumb;
}

const rootFontSize = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
const storedSettings = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('marquee:settings') ?? '{}') as Record<string, unknown>);

describe('Watch Later, History and Settings', () => {
  const browser = useBrowser();
  let movie: { id: number; title: string };

  beforeAll(async () => {
    const response = await fetch(`${browser.baseUrl}/api/catalogue/discover?type=movie`);
    const body = (await response.json()) as { results: Array<{ id: number; title: string }> };
    movie = body.results[0]!;
  });

  describe('Watch Later', () => {
    it('adds a title from a browse card and removes it on the Watch Later screen', async () => {
      const { page } = await browser.open(DESKTOP);
      await page.goto('/browse');
      const card = page.getByRole('article').first();
      const title = (await card.locator('h3').textContent()) ?? '';
      const href = (await card.locator('h3 a').getAttribute('href')) ?? '';
      await card.getByRole('button', { name: `Add ${title} to Watch Later` }).click();
      await toast(page, 'Added to Watch Later').waitFor();
      expect(await card.getByRole('button', { name: `Remove ${title} from Watch Later` }).count()).toBe(1);

      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Watch Later' }).click();
      const heading = page.getByRole('heading', { level: 1 });
      await expect.poll(() => heading.textContent()).toBe('Watch Later (1)');
      const saved = page.getByRole('list', { name: 'Saved titles' }).getByRole('article');
      expect(await saved.count()).toBe(1);
      // A film has a release date, so its card leads to /movie/{id} (product.md §2).
      expect(await saved.getByRole('link', { name: title, exact: true }).getAttribute('href')).toBe(href);

      await saved.getByRole('button', { name: `Remove ${title} from Watch Later` }).click();
      await toast(page, 'Removed from Watch Later').waitFor();
      await expect.poll(() => heading.textContent()).toBe('Watch Later');
      await page.getByText('Add movies and series to your Watch Later list to see them here.').waitFor();
      expect(await page.getByRole('main').getByRole('link', { name: 'Browse' }).getAttribute('href')).toBe('/browse');
    });

    it('adds and removes a title on its detail page', async () => {
      const { page } = await browser.open(DESKTOP);
      await page.goto(`/movie/${movie.id}`);
      const toggle = page.getByRole('button', { name: 'Add to Watch Later' });
      await toggle.click();
      await toast(page, 'Added to Watch Later').waitFor();
      expect(await toast(page, 'Added to Watch Later').textContent()).toContain(
        `${movie.title} has been added to your watch later list.`,
      );
      await page.getByRole('button', { name: 'In Watch Later' }).waitFor();

      await page.goto('/watchlater');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Watch Later (1)');
      expect(await page.getByRole('link', { name: movie.title, exact: true }).getAttribute('href')).toBe(
        `/movie/${movie.id}`,
      );

      await page.goto(`/movie/${movie.id}`);
      await page.getByRole('button', { name: 'In Watch Later' }).click();
      await toast(page, 'Removed from Watch Later').waitFor();
      await page.goto('/watchlater');
      await page.getByText('Add movies and series to your Watch Later list to see them here.').waitFor();
    });

    it('lists saved titles newest first, series linked by the release-date rule, and clears them', async () => {
      const { page, context } = await browser.open(MOBILE);
      await seed(context, {
        'marquee:watch_later': [
          {
            id: 'movie:11',
            movie_id: 11,
            movie_title: 'Older Film',
            movie_release_date: '1999-10-15',
            movie_vote_average: 8.1,
            content_type: 'movie',
            added_at: ago(120),
          },
          { id: 'tv:22', movie_id: 22, movie_title: 'Newer Series', content_type: 'tv', added_at: ago(5) },
        ],
      });
      await page.goto('/watchlater');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Watch Later (2)');
      const titles = page.getByRole('list', { name: 'Saved titles' }).locator('h3');
      expect(await titles.allTextContents()).toEqual(['Newer Series', 'Older Film']);
      expect(await page.getByRole('link', { name: 'Newer Series', exact: true }).getAttribute('href')).toBe(
        '/series/22',
      );
      expect(await page.getByRole('link', { name: 'Older Film', exact: true }).getAttribute('href')).toBe('/movie/11');
      expect(await page.getByRole('article').first().textContent()).not.toContain('1999');
      expect(await page.getByRole('article').nth(1).textContent()).toContain('1999');

      await page.getByRole('button', { name: 'Clear', exact: true }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Clear Watch Later?' });
      await confirm.getByRole('button', { name: 'Clear Watch Later' }).click();
      await toast(page, 'Watch Later Cleared').waitFor();
      await page.getByText('Add movies and series to your Watch Later list to see them here.').waitFor();
    });
  });

  describe('History', () => {
    it('sorts entries by watched_at, resumes series, shows a placeholder for a broken poster, removes and clears', async () => {
      const { page, context } = await browser.open(DESKTOP);
      // A poster that fails to decode, without a network error in the console.
      await page.route('**/broken-poster.jpg', (route) =>
        route.fulfill({ status: 200, contentType: 'image/jpeg', body: 'not an image' }),
      );
      await seed(context, {
        'marquee:history': [
          historyEntry({ movie_id: 11, movie_title: 'Oldest Film', watched_at: ago(60 * 24 * 3) }),
          historyEntry({
            id: 'tv:22:s2:e5',
            movie_id: 22,
            movie_title: 'Middle Series',
            content_type: 'tv',
            season_number: 2,
            episode_number: 5,
            episode_title: 'The Fifth',
            movie_poster: '/broken-poster.jpg',
            watched_at: ago(60),
          }),
          historyEntry({
            movie_id: 33,
            movie_title: 'Newest Film',
            watched_at: ago(2),
            duration_watched: 1800,
            total_duration: 3600,
          }),
        ],
      });
      await page.goto('/history');
      const heading = page.getByRole('heading', { level: 1 });
      await expect.poll(() => heading.textContent()).toBe('Watch History (3)');
      const list = page.getByRole('list', { name: 'Watched titles' });
      expect(await list.locator('h3').allTextContents()).toEqual(['Newest Film', 'Middle Series', 'Oldest Film']);
      expect(await list.getByText('Last watched: S2 · E5').isVisible()).toBe(true);
      expect(await list.getByRole('progressbar', { name: 'Newest Film progress' }).getAttribute('aria-valuenow')).toBe(
        '50',
      );
      // The broken poster gives way to the placeholder.
      await expect
        .poll(() => list.getByRole('img', { name: 'Middle Series poster' }).evaluate((node) => node.tagName))
        .toBe('DIV');
      expect(await list.getByRole('link', { name: 'Oldest Film', exact: true }).getAttribute('href')).toBe('/movie/11');

      await list.getByRole('link', { name: 'Middle Series', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/series/22');
      expect(await page.evaluate(() => (history.state as { usr?: unknown }).usr)).toEqual({
        lastWatchedSeason: 2,
        lastWatchedEpisode: 5,
      });
      await page.goBack();

      await list.getByRole('button', { name: 'Remove Oldest Film from History' }).click();
      await toast(page, 'Removed from History').waitFor();
      await expect.poll(() => heading.textContent()).toBe('Watch History (2)');

      await page.getByRole('button', { name: 'Clear', exact: true }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Clear History' }).click();
      await toast(page, 'History Cleared').waitFor();
      await page.getByText('Watch movies and series to see them here.').waitFor();
      expect(await heading.textContent()).toBe('Watch History');
    });

    it('says so when history tracking is turned off', async () => {
      const { page } = await browser.open(MOBILE);
      await page.goto('/settings#privacy');
      const tracking = page.getByRole('switch', { name: 'Enable history tracking' });
      expect(await tracking.getAttribute('aria-checked')).toBe('true');
      await tracking.click();
      await toast(page, 'Setting Updated').waitFor();
      expect(await toast(page, 'Setting Updated').textContent()).toContain('Your setting has been saved locally.');
      expect((await storedSettings(page)).enableHistoryTracking).toBe(false);
      await page.goto('/history');
      await page.getByText('History tracking is off').waitFor();
    });
  });

  describe('Settings', () => {
    it('has six keyboard-usable side tabs kept in the URL, and the guest profile prompt', async () => {
      const { page } = await browser.open(DESKTOP);
      await page.goto('/settings');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Settings');
      expect(await page.getByRole('tab').allTextContents()).toEqual([
        'Profile',
        'Display & UI',
        'Content',
        'Privacy',
        'Accessibility',
        'Data Management',
      ]);
      expect(await page.getByRole('tablist').getAttribute('aria-orientation')).toBe('vertical');
      await page.getByText('Please sign in to manage your profile.').waitFor();

      await page.getByRole('tab', { name: 'Profile' }).focus();
      await page.keyboard.press('ArrowDown');
      await expect
        .poll(() => page.getByRole('tab', { name: 'Display & UI' }).getAttribute('aria-selected'))
        .toBe('true');
      await page.waitForURL((url) => url.hash === '#display');

      await page.goto('/settings#accessibility');
      await expect
        .poll(() => page.getByRole('tab', { name: 'Accessibility' }).getAttribute('aria-selected'))
        .toBe('true');
      await page.getByRole('switch', { name: 'Screen reader optimisations' }).waitFor();
    });

    it('changes the browse grid columns (and the poster quality) it claims to', async () => {
      const { page } = await browser.open(DESKTOP);
      await page.goto('/settings#display');
      const thumb = await nudge(page, 'Grid columns', 'ArrowLeft', 2);
      expect(await thumb.getAttribute('aria-valuetext')).toBe('4 columns');
      await toast(page, 'Setting Updated').waitFor();
      await page.getByLabel('Poster quality').selectOption('low');

      await page.goto('/browse');
      const grid = page.locator('ul[data-columns]');
      await grid.locator('li').nth(5).waitFor();
      expect(await grid.getAttribute('data-columns')).toBe('4');
      const firstRow = await grid.evaluate((list) => {
        const tops = Array.from(list.children).map((item) => Math.round(item.getBoundingClientRect().top));
        return tops.filter((top) => top === tops[0]).length;
      });
      expect(firstRow).toBe(4);
      // Low quality asks the image host for w342 posters.
      expect(await grid.locator('img').first().getAttribute('src')).toContain('/w342/');

      await page.goto('/settings#display');
      await nudge(page, 'Grid columns', 'ArrowRight', 4);
      await page.goto('/browse');
      await grid.locator('li').nth(8).waitFor();
      expect(await grid.getAttribute('data-columns')).toBe('8');
      const wideRow = await grid.evaluate((list) => {
        const tops = Array.from(list.children).map((item) => Math.round(item.getBoundingClientRect().top));
        return tops.filter((top) => top === tops[0]).length;
      });
      expect(wideRow).toBe(8);
    });

    it('changes the font size, high contrast and motion of the whole app', async () => {
      const { page } = await browser.open(DESKTOP);
      await page.goto('/settings#display');
      expect(await rootFontSize(page)).toBe('16px');
      await page.getByLabel('Font size').selectOption('large');
      await expect.poll(() => rootFontSize(page)).toBe('18px');
      await page.goto('/browse');
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await rootFontSize(page)).toBe('18px');

      await page.goto('/settings#accessibility');
      // One setting in both tabs.
      expect(await page.getByLabel('Font size').inputValue()).toBe('large');
      await page.getByLabel('Font size').selectOption('small');
      await expect.poll(() => rootFontSize(page)).toBe('14px');

      const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
      expect(await background()).toBe('rgb(7, 8, 12)');
      await page.getByRole('switch', { name: 'High contrast' }).click();
      await expect
        .poll(() => page.evaluate(() => document.documentElement.classList.contains('high-contrast')))
        .toBe(true);
      expect(await background()).toBe('rgb(0, 0, 0)');
      expect(await storedSettings(page)).toMatchObject({
        highContrastMode: true,
        accessibilitySettings: { highContrast: true, fontSize: 14 },
      });

      const isReduced = () => page.evaluate(() => document.documentElement.classList.contains('reduce-motion'));
      expect(await isReduced()).toBe(false);
      await page.getByRole('switch', { name: 'Reduced motion' }).click();
      await expect.poll(isReduced).toBe(true);
      await page.getByRole('switch', { name: 'Reduced motion' }).click();
      await expect.poll(isReduced).toBe(false);
      await openTab(page, 'Display & UI');
      await page.getByRole('switch', { name: 'Enable animations' }).click();
      await expect.poll(isReduced).toBe(true);

      // Dark mode off dims the theme (high contrast keeps pure black, so switch that off first).
      await openTab(page, 'Accessibility');
      await page.getByRole('switch', { name: 'High contrast' }).click();
      await openTab(page, 'Display & UI');
      await page.getByRole('switch', { name: 'Dark mode' }).click();
      await expect.poll(background).toBe('rgb(27, 31, 42)');
    });

    it('limits and hides Continue Watching on the home page', async () => {
      const { page, context } = await browser.open(DESKTOP);
      await seed(context, {
        'marquee:history': Array.from({ length: 12 }, (_, index) =>
          historyEntry({ movie_id: 100 + index, movie_title: `Film ${index + 1}`, watched_at: ago(index + 1) }),
        ),
      });
      const row = page.getByRole('region', { name: 'Continue Watching' });
      await page.goto('/');
      await expect.poll(() => row.getByRole('listitem').count()).toBe(8);

      await page.goto('/settings#display');
      const thumb = await nudge(page, 'Continue Watching limit', 'ArrowLeft', 2);
      expect(await thumb.getAttribute('aria-valuenow')).toBe('4');
      expect(await thumb.getAttribute('aria-valuetext')).toBe('4 titles');
      await page.goto('/');
      await expect.poll(() => row.getByRole('listitem').count()).toBe(4);
      expect(await row.locator('h3').allTextContents()).toEqual(['Film 1', 'Film 2', 'Film 3', 'Film 4']);

      await page.goto('/settings#display');
      await nudge(page, 'Continue Watching limit', 'ArrowRight', 10);
      expect((await storedSettings(page)).continueWatchingLimit).toBe(12);
      await page.getByRole('switch', { name: 'Show Continue Watching' }).click();
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await row.count()).toBe(0);
    });

    it('saves favourite genres, content choices and every toggle', async () => {
      const { page } = await browser.open(MOBILE);
      await page.goto('/settings#content');
      const genres = page.getByRole('group', { name: 'Favourite genres' }).getByRole('button');
      await expect.poll(() => genres.count()).toBe(12);
      await genres.filter({ hasText: 'Drama' }).click();
      await genres.filter({ hasText: 'Sci-Fi' }).click();
      await expect.poll(async () => (await storedSettings(page)).favoriteGenres).toEqual([18, 878]);
      expect(await genres.filter({ hasText: 'Drama' }).getAttribute('aria-pressed')).toBe('true');
      await page.getByLabel('Content rating filter').selectOption('pg13');
      await page.getByLabel('Default content type').selectOption('tv');
      await page.getByLabel('Language').selectOption('fr');
      await page.getByLabel('Region').selectOption('GB');
      expect(await storedSettings(page)).toMatchObject({
        contentRatingFilter: 'pg13',
        contentRating: 'pg13',
        defaultContentType: 'tv',
        language: 'fr',
        region: 'GB',
      });

      // Browse reads the favourite genres.
      await page.goto('/browse');
      await page.getByText('Showing your favourite genres (Drama, Science Fiction)').waitFor();

      const toggles: Array<[string, string, string]> = [
        ['#display', 'Autoplay trailers', 'autoplayTrailers'],
        ['#display', 'Show debug info', 'showDebugInfo'],
        ['#display', 'Beta features', 'enableBetaFeatures'],
        ['#content', 'Autoplay', 'autoPlay'],
        ['#privacy', 'Enable analytics', 'enableAnalytics'],
        ['#privacy', 'Data collection', 'privacySettings.dataCollection'],
        ['#privacy', 'Share watch history', 'privacySettings.shareWatchHistory'],
        ['#privacy', 'Share ratings', 'privacySettings.shareRatings'],
        ['#privacy', 'Allow recommendations', 'privacySettings.allowRecommendations'],
        ['#privacy', 'Personalised recommendations', 'enablePersonalizedRecs'],
        ['#privacy', 'Save search history', 'saveSearchHistory'],
        ['#privacy', 'Auto-save history', 'autoSaveHistory'],
        ['#privacy', 'Auto-save Watch Later', 'autoSaveWatchLater'],
        ['#privacy', 'Notifications', 'notifications'],
        ['#accessibility', 'Screen reader optimisations', 'accessibilitySettings.screenReader'],
      ];
      for (const [hash, label, key] of toggles) {
        await page.goto(`/settings${hash}`);
        const toggle = page.getByRole('switch', { name: label, exact: true });
        const before = (await toggle.getAttribute('aria-checked')) === 'true';
        await toggle.click();
        await expect.poll(() => toggle.getAttribute('aria-checked')).toBe(String(!before));
        const stored = key
          .split('.')
          .reduce<unknown>((value, part) => (value as Record<string, unknown>)[part], await storedSettings(page));
        expect(stored, label).toBe(!before);
      }
      // Debug info shows under Data Management; screen reader mode marks <html>.
      await page.goto('/settings#data');
      await page.getByLabel('Current settings as JSON').waitFor();
      expect(await page.evaluate(() => document.documentElement.dataset.screenReader)).toBe('on');
      // Auto-save Watch Later off is said on the Watch Later screen.
      await page.goto('/watchlater');
      await page.getByText('Auto-save is off.').waitFor();
    });

    it('edits custom video sources with their toasts and validation, and offers them as the default source', async () => {
      const { page } = await browser.open(DESKTOP);
      await page.goto('/settings/#custom-video-sources');
      await expect.poll(() => page.getByRole('tab', { name: 'Content' }).getAttribute('aria-selected')).toBe('true');
      const editor = page.locator('#custom-video-sources');
      // The editor is scrolled into view.
      await expect
        .poll(async () => {
          const box = await editor.boundingBox();
          return box !== null && box.y >= 0 && box.y < DESKTOP.height / 2;
        })
        .toBe(true);

      await editor.getByRole('button', { name: 'Add source' }).click();
      await toast(page, 'Custom Source Added').waitFor();
      expect(await toast(page, 'Custom Source Added').textContent()).toContain(
        'Fill in the details to activate your new video source.',
      );
      await editor.getByLabel('Name').fill('Vidhost');
      const movieUrl = editor.getByLabel('Movie URL');
      expect(await movieUrl.getAttribute('placeholder')).toContain('{movieID}');
      expect(await editor.getByLabel('TV URL').getAttribute('placeholder')).toContain('{seriesId}/{season}/{episode}');
      await movieUrl.fill('javascript:alert(1)');
      await editor.getByRole('alert').filter({ hasText: 'http:// or https://' }).waitFor();
      expect(await movieUrl.getAttribute('aria-invalid')).toBe('true');
      expect((await storedSettings(page)).customVideoSources).toEqual([
        { name: 'Vidhost', movieUrl: '', tvUrl: '', recommended: false },
      ]);

      await movieUrl.fill('https://vidhost.example/embed/{movieID}');
      await toast(page, 'Custom Source Ready').waitFor();
      expect(await toast(page, 'Custom Source Ready').textContent()).toContain(
        'Vidhost is now available in video source selection.',
      );
      expect(await editor.getByRole('alert').count()).toBe(0);
      await editor.getByRole('switch', { name: 'Recommended' }).click();

      const defaultSource = page.getByLabel('Default video source');
      expect(await defaultSource.locator('option').allTextContents()).toEqual([
        'Library',
        'Trailer',
        'Vidhost (custom)',
      ]);
      await defaultSource.selectOption({ label: 'Vidhost (custom)' });
      expect(await storedSettings(page)).toMatchObject({
        defaultVideoSource: 2,
        customVideoSources: [
          { name: 'Vidhost', movieUrl: 'https://vidhost.example/embed/{movieID}', tvUrl: '', recommended: true },
        ],
      });

      await editor.getByRole('button', { name: 'Remove Vidhost' }).click();
      await toast(page, 'Custom Source Removed').waitFor();
      expect(await storedSettings(page)).toMatchObject({ defaultVideoSource: 0, customVideoSources: [] });
      expect(await defaultSource.inputValue()).toBe('0');
    });

    it('exports, clears all data (reloading), imports the file back, and resets', async () => {
      const { page } = await browser.open(DESKTOP);
      await page.goto('/settings#display');
      await nudge(page, 'Grid columns', 'ArrowLeft', 1);
      await page.getByLabel('Font size').selectOption('large');
      await openTab(page, 'Content');
      await page.getByRole('button', { name: 'Horror' }).click();
      await page.goto(`/movie/${movie.id}`);
      await page.getByRole('button', { name: 'Add to Watch Later' }).click();

      await page.goto('/settings#data');
      await expect.poll(() => page.getByText(/^\d+(\.\d)? KB$/).count()).toBe(1);
      expect(await page.getByText('Guest', { exact: true }).count()).toBeGreaterThan(0);
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export', exact: true }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^marquee-export-\d{4}-\d{2}-\d{2}\.json$/);
      const file = path.join(mkdtempSync(path.join(tmpdir(), 'marquee-export-')), download.suggestedFilename());
      await download.saveAs(file);
      await toast(page, 'Data Exported').waitFor();
      const exported = JSON.parse(readFileSync(file, 'utf8')) as {
        settings: Record<string, unknown>;
        watch_later: Array<{ movie_id: number }>;
      };
      expect(exported.settings).toMatchObject({ gridColumns: 5, fontSize: 'large', favoriteGenres: [27] });
      expect(exported.watch_later.map((item) => item.movie_id)).toEqual([movie.id]);

      const questions: string[] = [];
      page.on('dialog', (dialog) => {
        questions.push(dialog.message());
        void dialog.accept();
      });
      const reloaded = page.waitForEvent('load');
      await page.getByRole('button', { name: 'Clear all data' }).click();
      await toast(page, 'All Data Cleared').waitFor();
      await reloaded;
      expect(questions).toEqual(['Are you sure you want to clear ALL data? This cannot be undone!']);
      await page.getByRole('tab', { name: 'Data Management' }).waitFor();
      expect(await rootFontSize(page)).toBe('16px');
      expect(await page.evaluate(() => localStorage.getItem('marquee:watch_later'))).toBeNull();

      await page.getByLabel('Import', { exact: true }).setInputFiles({
        name: 'marquee-export.json',
        mimeType: 'application/json',
        buffer: readFileSync(file),
      });
      await toast(page, 'Settings Imported').waitFor();
      expect(await toast(page, 'Settings Imported').textContent()).toContain(
        'Your settings have been successfully imported.',
      );
      await expect.poll(() => rootFontSize(page)).toBe('18px');
      await openTab(page, 'Display & UI');
      expect(await page.getByRole('slider', { name: 'Grid columns' }).getAttribute('aria-valuenow')).toBe('5');

      await openTab(page, 'Data Management');
      await page.getByLabel('Import', { exact: true }).setInputFiles({
        name: 'broken.json',
        mimeType: 'application/json',
        buffer: Buffer.from('{ not json'),
      });
      await toast(page, 'Import Failed').waitFor();
      expect(await toast(page, 'Import Failed').textContent()).toContain(
        'Failed to import settings. Please check the file format.',
      );

      await page.getByRole('button', { name: 'Reset settings' }).click();
      await toast(page, 'Settings Reset').waitFor();
      expect(questions.at(-1)).toBe('Are you sure you want to reset all settings to default?');
      await expect.poll(() => rootFontSize(page)).toBe('16px');
    });
  });

  it('keeps every page working over corrupted local storage', async () => {
    for (const settings of [
      '{"gridColumns": 5,',
      '{"gridColumns":99,"fontSize":"huge","favoriteGenres":"x","accessibilitySettings":7,"customVideoSources":[{"name":3}]}',
    ]) {
      const { page, context } = await browser.open(MOBILE);
      await seed(context, {
        'marquee:settings': settings,
        'marquee:settings:queue': 'nonsense',
        'marquee:history': '{"not": "a list"}',
        'marquee:history:last-sync': '12',
        'marquee:watch_later': '[{"movie_id": "x"}, 7, null]',
        'marquee:watch_later:queue': '[{"op": "explode"}]',
      });
      for (const [url, heading] of [
        ['/', null],
        ['/browse', 'Browse & Discover'],
        ['/watchlater', 'Watch Later'],
        ['/history', 'Watch History'],
        ['/settings#display', 'Settings'],
        ['/settings#content', 'Settings'],
        ['/settings#data', 'Settings'],
        [`/movie/${movie.id}`, movie.title],
      ] as const) {
        await page.goto(url);
        const h1 = page.getByRole('heading', { level: 1 });
        if (heading) await expect.poll(() => h1.textContent(), { message: url }).toBe(heading);
        else await h1.waitFor();
        expect(await page.getByText('Something went wrong.').count(), url).toBe(0);
      }
      await page.goto('/settings#display');
      expect(await page.getByRole('slider', { name: 'Grid columns' }).getAttribute('aria-valuenow')).toBe('6');
      expect(await rootFontSize(page)).toBe('16px');
      await page.goto('/watchlater');
      await page.getByText('Add movies and series to your Watch Later list to see them here.').waitFor();
      await context.close();
    }
  });
});
