import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PLAYER_TIMING } from '../src/lib/player/player-rules.ts';
import { DESKTOP, useBrowser } from './support.ts';

/**
 * The e2e server's MEDIA_DIR is e2e/fixtures/media, holding "Memento (2001).webm": a 6 s VP8 clip
 * that the Library indexes as the local catalogue's Memento, and the same clip as
 * "Breaking Bad/Season 01/Breaking Bad - S01E02.webm", the second episode of Breaking Bad.
 */
async function movieId(baseUrl: string, title: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/catalogue/search?q=${encodeURIComponent(title)}`);
  const body = (await response.json()) as { results: Array<{ id: number; title?: string; name?: string }> };
  const found = body.results.find((result) => (result.title ?? result.name) === title);
  if (!found) throw new Error(`${title} is not in the local catalogue`);
  return found.id;
}

/**
 * Opens a watch page whose title has a Library file, waits for the Library source, then mutes and
 * plays it by keyboard until `seconds` have played, and pauses. Returns the video.
 */
async function playFromLibrary(page: Page, path: string, title: string, seconds: number) {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  const source = page.getByLabel('Video source');
  // The Library's answer may arrive after the heading: until then it reads "Checking the library…".
  await expect.poll(() => source.locator('option:checked').textContent(), { timeout: 10_000 }).toBe('Library');
  const video = page.getByLabel('Video player');
  await video.waitFor();
  await video.focus();
  await page.keyboard.press('m');
  await page.keyboard.press('k');
  await page.waitForFunction((after) => (document.querySelector('video')?.currentTime ?? 0) > after, seconds);
  await page.keyboard.press('k');
  return video;
}

/** The viewing history in this page's storage (the local store's list). */
async function storedHistory(page: Page): Promise<Array<Record<string, unknown>>> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('marquee:history') ?? '[]'));
}

/** Settings with these custom sources, for the app's own origin only (not the embed's frame). */
async function withCustomSources(page: Page, appOrigin: string, sources: unknown[]) {
  await page.addInitScript(
    ({ origin, customVideoSources }) => {
      if (location.origin !== origin) return;
      localStorage.setItem('marquee:settings', JSON.stringify({ customVideoSources }));
    },
    { origin: appOrigin, customVideoSources: sources },
  );
}

describe('player', () => {
  const browser = useBrowser();
  let memento: number;
  let fightClub: number;
  let breakingBad: number;

  beforeAll(async () => {
    [memento, fightClub, breakingBad] = await Promise.all([
      movieId(browser.baseUrl, 'Memento'),
      movieId(browser.baseUrl, 'Fight Club'),
      movieId(browser.baseUrl, 'Breaking Bad'),
    ]);
    // The scan starts with the server; wait until it has indexed the fixture.
    for (let attempt = 0; attempt < 100; attempt++) {
      const library = (await (await fetch(`${browser.baseUrl}/api/media/library`)).json()) as { results: unknown[] };
      if (library.results.length >= 2) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the Library did not index the fixtures');
  });

  it('plays a Library file, saves the position and offers to resume it', async () => {
    const { page } = await browser.open(DESKTOP);
    const video = await playFromLibrary(page, `/watch/movie/${memento}`, 'Memento', 1);
    expect(await video.evaluate((element: HTMLVideoElement) => element.paused && element.muted)).toBe(true);

    await video.evaluate(
      (element: HTMLVideoElement) =>
        new Promise<void>((resolve) => {
          element.addEventListener('seeked', () => resolve(), { once: true });
          element.currentTime = 4;
        }),
    );

    // Leave to the detail page; coming back through Watch Now offers the saved position.
    await page.getByRole('button', { name: 'Back to Memento' }).click();
    await page.waitForURL(`**/movie/${memento}`);
    await page.getByRole('link', { name: 'Watch Now' }).click();
    const resume = page.getByRole('button', { name: 'Resume from 0:04' });
    await resume.waitFor();
    await resume.click();
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) >= 4);
    expect(page.url()).toContain(`/movie/${memento}`);

    const history = await page.evaluate(() => JSON.parse(localStorage.getItem('marquee:history') ?? '[]'));
    expect(history).toEqual([
      expect.objectContaining({ movie_id: memento, movie_title: 'Memento', content_type: 'movie', completed: false }),
    ]);
    expect(history[0].duration_watched).toBeGreaterThanOrEqual(4);
  });

  it('plays an episode from the Library, records it as that episode and offers to resume it', async () => {
    const { page } = await browser.open(DESKTOP);
    await playFromLibrary(page, `/watch/series/${breakingBad}?season=1&episode=2`, 'Breaking Bad', 3);

    await page.getByRole('button', { name: 'Back to Breaking Bad' }).click();
    await page.waitForURL(`**/series/${breakingBad}`);
    const history = await page.evaluate(() => JSON.parse(localStorage.getItem('marquee:history') ?? '[]'));
    expect(history).toEqual([
      expect.objectContaining({ movie_id: breakingBad, content_type: 'tv', season_number: 1, episode_number: 2 }),
    ]);
    expect(history[0].duration_watched).toBeGreaterThanOrEqual(3);

    await page.goto(`/watch/series/${breakingBad}?season=1&episode=2`);
    await page.getByRole('button', { name: /^Resume from 0:0[3-6]$/ }).waitFor();
  });

  it('switches to a backup source when the chosen one never loads', async () => {
    const { page } = await browser.open(DESKTOP);
    await page.addInitScript((appOrigin) => {
      // Init scripts also run in the embed's frame, which must not touch Marquee's storage.
      if (location.origin !== appOrigin) return;
      localStorage.setItem(
        'marquee:settings',
        JSON.stringify({
          customVideoSources: [
            { name: 'Stalling', movieUrl: 'https://stall.example/{movieID}', tvUrl: '', recommended: true },
            { name: 'Backup', movieUrl: 'https://backup.example/embed/{movieID}', tvUrl: '', recommended: false },
          ],
        }),
      );
    }, browser.baseUrl);
    await page.route('https://stall.example/**', () => {
      // Never answered: the embed's load timeout must notice.
    });
    await page.route('https://backup.example/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Backup</title><p>playing</p>' }),
    );
    // The page's clock runs as a real one, but can be moved on: the 10 s load timeout is not waited out.
    await page.clock.install();
    await page.goto(`/watch/movie/${fightClub}`);
    await page.getByText('Auto-selected recommended source').waitFor();
    await page.getByText('Using Stalling for best experience').waitFor();
    expect(await page.locator('iframe').getAttribute('src')).toBe(`https://stall.example/${fightClub}`);
    const frame = page.locator('iframe');
    expect(await frame.getAttribute('sandbox')).not.toMatch(/allow-popups|allow-top-navigation/);
    expect(await frame.getAttribute('referrerpolicy')).toBe('no-referrer');

    await page.clock.fastForward(PLAYER_TIMING.embedLoadTimeoutMs);
    await page.getByRole('alert').filter({ hasText: 'Failed to load Stalling' }).waitFor();
    await page.getByText('Switched to backup source').waitFor();
    expect(await page.locator('iframe').getAttribute('src')).toBe(`https://backup.example/embed/${fightClub}`);
    expect(await page.getByLabel('Video source').locator('option:checked').textContent()).toBe('Backup');
    await page.getByRole('button', { name: 'Dismiss error' }).click();
    expect(await page.getByRole('alert').filter({ hasText: 'Failed to load' }).count()).toBe(0);
  }, 30_000);

  it('records nothing for a title nothing can play, nor for an episode it merely opened', async () => {
    const { page } = await browser.open(DESKTOP);
    await page.clock.install();
    await page.goto(`/watch/movie/${fightClub}`);
    await page.getByText('No source can play this yet.').waitFor();
    await page.getByText(/cannot play this/).waitFor();
    // However long it stays open.
    await page.clock.fastForward(60_000);
    expect(await storedHistory(page)).toEqual([]);

    // Breaking Bad's first episode has no Library file either; changing season loads another.
    await page.goto(`/watch/series/${breakingBad}?season=1&episode=1`);
    await page.getByText(/^Season 1 · Episode 1/).waitFor();
    await page.getByText('No source can play this yet.').waitFor();
    await page.getByLabel('Browse season').selectOption('2');
    await page.getByText(/^Season 2 · Episode 1/).waitFor();
    await page.waitForURL(`**/watch/series/${breakingBad}?season=2&episode=1`);
    await page.clock.fastForward(60_000);
    expect(await storedHistory(page)).toEqual([]);

    await page.goto('/history');
    await page.getByText('No history yet').waitFor();
  }, 30_000);

  it('records an embed once it has loaded and stayed open past the threshold', async () => {
    const { page } = await browser.open(DESKTOP);
    await withCustomSources(page, browser.baseUrl, [
      { name: 'Embed', movieUrl: 'https://embed.example/{movieID}', tvUrl: '', recommended: true },
    ]);
    // The embed's page is held back until the test listens for its load.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('https://embed.example/**', async (route) => {
      await released;
      await route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Embed</title><p>playing</p>' });
    });
    await page.clock.install();
    await page.goto(`/watch/movie/${fightClub}`);
    const frame = page.locator('iframe');
    await frame.waitFor({ state: 'attached' });
    expect(await frame.getAttribute('src')).toBe(`https://embed.example/${fightClub}`);
    await frame.evaluate((element) => {
      element.addEventListener('load', () => (element.dataset.testLoaded = 'yes'), { once: true });
    });
    release();
    await page.locator('iframe[data-test-loaded="yes"]').waitFor({ state: 'attached' });
    expect(await storedHistory(page), 'loaded, not yet watched').toEqual([]);

    await page.clock.fastForward(PLAYER_TIMING.embedWatchingMs);
    await expect
      .poll(() => storedHistory(page))
      .toEqual([expect.objectContaining({ movie_id: fightClub, movie_title: 'Fight Club', content_type: 'movie' })]);
  }, 30_000);
});
