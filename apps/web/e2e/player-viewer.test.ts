import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { seriousViolations } from './a11y.ts';
import { MOBILE, settle, useBrowser } from './support.ts';

/**
 * Issue 29 part 5, "The player, where it fights the viewer": the Autoplay setting, the floating
 * buttons kept off the player, one set of episode stats, the View Comments button, and the
 * browser's Back out of a detail page's watching view. The e2e server's MEDIA_DIR holds
 * "Memento (2001).webm" (a 6 s clip the Library plays as the local catalogue's Memento).
 */
const LAPTOP = { width: 1366, height: 768 } as const;

async function titleId(baseUrl: string, title: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/catalogue/search?q=${encodeURIComponent(title)}`);
  const body = (await response.json()) as { results: Array<{ id: number; title?: string; name?: string }> };
  const found = body.results.find((result) => (result.title ?? result.name) === title);
  if (!found) throw new Error(`${title} is not in the local catalogue`);
  return found.id;
}

/** These settings in the app's storage before it starts. */
async function withSettings(page: Page, settings: Record<string, unknown>) {
  await page.addInitScript((value) => localStorage.setItem('marquee:settings', value), JSON.stringify(settings));
}

/** Opens Memento's watch page and waits until the Library's video knows its clip (metadata). */
async function openLibraryVideo(page: Page, memento: number): Promise<Locator> {
  await page.goto(`/watch/movie/${memento}`);
  const source = page.getByLabel('Video source');
  await expect.poll(() => source.locator('option:checked').textContent(), { timeout: 10_000 }).toBe('Library');
  const video = page.getByLabel('Video player');
  await video.waitFor();
  await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
  // The player's effects have run by the next frame: a play() asked for has set `paused` false.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return video;
}

const videoState = (video: Locator) =>
  video.evaluate((element: HTMLVideoElement) => ({
    paused: element.paused,
    muted: element.muted,
    currentTime: element.currentTime,
  }));

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('the player and the viewer', () => {
  const browser = useBrowser();
  let memento: number;
  let fightClub: number;
  let breakingBad: number;

  beforeAll(async () => {
    [memento, fightClub, breakingBad] = await Promise.all([
      titleId(browser.baseUrl, 'Memento'),
      titleId(browser.baseUrl, 'Fight Club'),
      titleId(browser.baseUrl, 'Breaking Bad'),
    ]);
    for (let attempt = 0; attempt < 100; attempt++) {
      const library = (await (await fetch(`${browser.baseUrl}/api/media/library`)).json()) as { results: unknown[] };
      if (library.results.length >= 1) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the Library did not index the fixtures');
  });

  it('with Autoplay on, the Library video plays as the player opens, without a click', async () => {
    const { page } = await browser.open(LAPTOP);
    await withSettings(page, { autoPlay: true });
    const video = await openLibraryVideo(page, memento);
    expect((await videoState(video)).paused).toBe(false);
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0.5);
    // Headless Chromium lets a page start a video with sound: no Unmute offer is needed.
    expect((await videoState(video)).muted).toBe(false);
    expect(await page.getByRole('button', { name: 'Unmute' }).count()).toBe(0);
  });

  it('with Autoplay on, where the browser wants a click before sound, plays muted and offers Unmute', async () => {
    const { page } = await browser.open(LAPTOP);
    await withSettings(page, { autoPlay: true });
    // The autoplay policy of a browser the viewer has not clicked in yet (desktop Chrome, Safari):
    // play() with sound is refused with NotAllowedError until a user gesture.
    await page.addInitScript(() => {
      let clicked = false;
      const gesture = () => (clicked = true);
      addEventListener('pointerdown', gesture, true);
      addEventListener('keydown', gesture, true);
      const play = HTMLMediaElement.prototype.play;
      HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
        if (!this.muted && !clicked) {
          return Promise.reject(new DOMException('play() needs a user gesture', 'NotAllowedError'));
        }
        return play.call(this);
      };
    });
    const video = await openLibraryVideo(page, memento);
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0.5);
    expect(await videoState(video)).toMatchObject({ paused: false, muted: true });
    const unmute = page.getByRole('button', { name: 'Unmute' });
    await unmute.click();
    await unmute.waitFor({ state: 'detached' });
    expect(await videoState(video)).toMatchObject({ paused: false, muted: false });
    expect(await video.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('with Autoplay off (the default), the Library video waits for the viewer', async () => {
    const { page } = await browser.open(LAPTOP);
    const video = await openLibraryVideo(page, memento);
    expect(await videoState(video)).toEqual({ paused: true, muted: false, currentTime: 0 });
    expect(await page.getByRole('button', { name: 'Unmute' }).count()).toBe(0);
  });

  it('with Autoplay on, an embed that reads autoplay=1 is asked to start', async () => {
    const { page } = await browser.open(LAPTOP);
    await withSettings(page, {
      autoPlay: true,
      autoplayTrailers: false,
      defaultVideoSource: 2,
      customVideoSources: [
        { name: 'Tube', movieUrl: 'https://www.youtube.com/embed/{movieID}', tvUrl: '', recommended: false },
      ],
    });
    // Nothing on this machine answers for YouTube: the frame's address is what is checked.
    await page.route('https://www.youtube.com/**', (route) => route.fulfill({ body: '<p>embed</p>' }));
    // Fight Club has no Library file: the default source, the custom one, plays.
    await page.goto(`/watch/movie/${fightClub}`);
    const frame = page.locator('iframe');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toBe(`https://www.youtube.com/embed/${fightClub}?autoplay=1`);
    expect(await frame.getAttribute('allow')).toContain('autoplay');
  });

  for (const viewport of [LAPTOP, MOBILE]) {
    it(`keeps the floating Latest Updates button off the video's controls at ${viewport.width} px`, async () => {
      const { page } = await browser.open(viewport);
      // Elsewhere the button floats at the bottom right corner.
      await page.goto('/');
      await page.getByRole('button', { name: 'Latest Updates' }).waitFor();

      // Watch pages and a detail page's watching view, as they open and scrolled so that the
      // video's bottom edge (its controls) meets the window's.
      const pages = [
        `/watch/movie/${memento}`,
        `/watch/series/${breakingBad}?season=1&episode=2`,
        `/series/${breakingBad}?watch=1`,
      ];
      for (const path of pages) {
        await page.goto(path);
        const frame = page.locator('section[aria-label^="Player"] .aspect-video');
        await frame.waitFor({ timeout: 15_000 });
        await settle(page);
        for (const scroll of ['top', 'video end'] as const) {
          if (scroll === 'video end') {
            // Not scrollIntoView: the page's scroll padding keeps targets clear of the floating buttons.
            await frame.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().bottom - innerHeight));
          }
          const frameBox = (await frame.boundingBox())!;
          const controls = { ...frameBox, y: frameBox.y + frameBox.height - 56, height: 56 };
          const button = page.getByRole('button', { name: 'Latest Updates', includeHidden: true });
          const box = (await button.isVisible()) ? await button.boundingBox() : null;
          const where = `${path} at ${scroll}: ${JSON.stringify({ box, controls })}`;
          expect(box === null || !intersects(box, controls), where).toBe(true);
        }
      }
    });
  }

  it('shows the same episode stats on the detail page and in the player', async () => {
    const { page } = await browser.open(LAPTOP);
    const stat = (scope: Locator, label: string) =>
      scope.locator('dt', { hasText: new RegExp(`^${label}$`, 'i') }).locator('xpath=following-sibling::dd[1]');

    await page.goto(`/series/${breakingBad}`);
    await settle(page);
    const section = page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'Episodes' }) });
    await stat(section, 'Episodes').waitFor();
    const detail = {
      episodes: await stat(section, 'Episodes').textContent(),
      runtime: await stat(section, 'Total runtime').textContent(),
    };

    await page.goto(`/watch/series/${breakingBad}?season=1&episode=1`);
    const browserSection = page.locator('section', { has: page.getByLabel('Browse season') });
    await browserSection.getByRole('list', { name: 'Season 1 episode list' }).waitFor();
    const player = {
      episodes: await stat(browserSection, 'Episodes').textContent(),
      runtime: await stat(browserSection, 'Total runtime').textContent(),
    };
    expect(player).toEqual(detail);
    expect(Number(detail.episodes)).toBeGreaterThan(0);
  });

  it('opens the discussion from View Comments on the watch page: Escape gives the focus back, axe clean', async () => {
    const { page } = await browser.open(LAPTOP);
    await page.goto(`/watch/movie/${fightClub}`);
    const button = page.getByRole('button', { name: 'View Comments' });
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /^Comments/ });
    await dialog.waitFor();
    await dialog
      .getByText(/No comments yet|Sign in to join the conversation/)
      .first()
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => button.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it("returns to the detail page's browsing view on the browser's Back from its watching view", async () => {
    const { page } = await browser.open(LAPTOP);
    // Memento has a Library file: its page offers Watch Now.
    await page.goto(`/movie/${memento}`);
    await settle(page);
    const watchNow = page.getByRole('link', { name: /Watch Now/ });
    await watchNow.click();
    const back = page.getByRole('button', { name: 'Back to details' });
    await back.waitFor();
    expect(new URL(page.url()).searchParams.get('watch')).toBe('1');

    await page.goBack();
    await watchNow.waitFor();
    expect(await back.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(`/movie/${memento}`);
    expect(new URL(page.url()).search).toBe('');

    // Forward opens the watching view again; its own back button returns as the browser's does.
    await page.goForward();
    await back.click();
    await watchNow.waitFor();
    expect(new URL(page.url()).search).toBe('');
    await expect.poll(() => watchNow.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it("keeps the episode being watched in a detail page's watching view: a reload opens it again", async () => {
    const { page } = await browser.open(LAPTOP);
    await page.goto(`/series/${breakingBad}`);
    await settle(page);
    await page.getByRole('link', { name: /Watch Now/ }).click();
    await page.getByText(/^Season 1 · Episode 1/).waitFor();
    await page.getByLabel('Browse season').selectOption('2');
    await page.getByText(/^Season 2 · Episode 1/).waitFor();
    await page.waitForURL(`**/series/${breakingBad}?watch=1&season=2&episode=1`);

    await page.reload();
    await page.getByText(/^Season 2 · Episode 1/).waitFor();
    expect(await page.getByText(/^Season 1 · Episode 1/).count()).toBe(0);

    // Opened by the reload, its back button leaves the watching view: the episode goes with it.
    await page.getByRole('button', { name: 'Back to details' }).click();
    await page.getByRole('link', { name: /Watch Now/ }).waitFor();
    expect(new URL(page.url()).search).toBe('');
  });
});
