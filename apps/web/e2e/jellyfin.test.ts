import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, MOBILE, useBrowser } from './support.ts';

/**
 * The e2e server's JELLYFIN_URL is a fake Jellyfin (apps/server/test/fake-jellyfin.ts, started by
 * global-setup.ts) whose library holds Alien (1979) as a VP8 WebM, which a browser plays as it is,
 * and Chernobyl's first episode as an MKV of H.264 and AC3, which it cannot: that one plays as the
 * server's HLS stream (real H.264/AAC MPEG-TS segments) through hls.js.
 */
/** Where this file's screens are saved to be looked at (JELLYFIN_SHOTS=/some/folder). */
const SHOTS = process.env.JELLYFIN_SHOTS;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

async function titleId(baseUrl: string, title: string, year: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/catalogue/search?q=${encodeURIComponent(title)}`);
  const body = (await response.json()) as {
    results: Array<{ id: number; title?: string; name?: string; release_date?: string; first_air_date?: string }>;
  };
  const found = body.results.find(
    (result) =>
      (result.title ?? result.name) === title && (result.release_date ?? result.first_air_date ?? '').startsWith(year),
  );
  if (!found) throw new Error(`${title} (${year}) is not in the local catalogue`);
  return found.id;
}

/** Every address the page asked for, to check that none leads to the media server itself. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

/** Waits for the Jellyfin source to be chosen, then mutes and plays by keyboard until `seconds` have played. */
async function playFromJellyfin(page: Page, path: string, title: string, seconds: number) {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  const source = page.getByLabel('Video source');
  await expect.poll(() => source.locator('option:checked').textContent(), { timeout: 10_000 }).toBe('Jellyfin');
  const video = page.getByLabel('Video player');
  await video.waitFor();
  await video.focus();
  await page.keyboard.press('m');
  await page.keyboard.press('k');
  await page.waitForFunction((after) => (document.querySelector('video')?.currentTime ?? 0) > after, seconds);
  await page.keyboard.press('k');
  return video;
}

const storedHistory = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('marquee:history') ?? '[]') as Array<Record<string, unknown>>);

describe('Jellyfin source', () => {
  const browser = useBrowser();
  const jellyfinUrl = inject('jellyfinUrl');
  const jellyfinKey = inject('jellyfinKey');
  let alien: number;
  let chernobyl: number;

  beforeAll(async () => {
    [alien, chernobyl] = await Promise.all([
      titleId(browser.baseUrl, 'Alien', '1979'),
      titleId(browser.baseUrl, 'Chernobyl', '2019'),
    ]);
    // The index is built in the background from the server's start: wait until it is.
    for (let attempt = 0; attempt < 100; attempt++) {
      const status = (await (await fetch(`${browser.baseUrl}/api/media-servers/status`)).json()) as { state: string };
      if (status.state === 'ready') return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the Jellyfin index did not become ready');
  });

  it('plays a film from Jellyfin as it is, through Marquee, and offers to resume it', async () => {
    const { page } = await browser.open(DESKTOP);
    const requests = recordRequests(page);
    const ranges: number[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/media-servers/stream/')) ranges.push(response.status());
    });
    const video = await playFromJellyfin(page, `/watch/movie/${alien}`, 'Alien', 1);
    expect(await video.getAttribute('src')).toMatch(/^\/api\/media-servers\/stream\/[0-9a-f]{32}$/);
    // Chromium reads a video by byte ranges: the proxy answers them.
    expect(ranges).toContain(206);

    await video.evaluate(
      (element: HTMLVideoElement) =>
        new Promise<void>((resolve) => {
          element.addEventListener('seeked', () => resolve(), { once: true });
          element.currentTime = 4;
        }),
    );
    await page.getByRole('button', { name: 'Back to Alien' }).click();
    await page.waitForURL(`**/movie/${alien}`);
    await page.getByRole('link', { name: 'Watch Now' }).click();
    const resume = page.getByRole('button', { name: 'Resume from 0:04' });
    await resume.waitFor();
    await resume.click();
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) >= 4);

    const history = await storedHistory(page);
    expect(history).toEqual([expect.objectContaining({ movie_id: alien, content_type: 'movie', completed: false })]);
    expect(history[0]!.duration_watched).toBeGreaterThanOrEqual(4);
    // The browser reached Jellyfin only through Marquee, and never saw its key.
    expect(requests.filter((url) => url.startsWith(jellyfinUrl))).toEqual([]);
    expect(requests.filter((url) => url.includes(jellyfinKey))).toEqual([]);
  });

  it("plays an episode the browser cannot play as it is through the server's HLS stream", async () => {
    const { page } = await browser.open(MOBILE);
    const requests = recordRequests(page);
    const video = await playFromJellyfin(page, `/watch/series/${chernobyl}?season=1&episode=1`, 'Chernobyl', 2.5);
    // hls.js feeds the video through a MediaSource.
    expect(await video.evaluate((element: HTMLVideoElement) => element.currentSrc)).toMatch(/^blob:/);
    const hls = requests.filter((url) => url.includes('/api/media-servers/hls/'));
    expect(hls.some((url) => /\/master\.m3u8$/.test(url))).toBe(true);
    // Past the first 2 s segment: the second one came through the proxy.
    expect(hls.some((url) => /\/hls1\/main\/1\.ts\?/.test(url))).toBe(true);
    expect(requests.filter((url) => url.startsWith(jellyfinUrl) || url.includes(jellyfinKey))).toEqual([]);

    const history = await storedHistory(page);
    expect(history).toEqual([
      expect.objectContaining({ movie_id: chernobyl, content_type: 'tv', season_number: 1, episode_number: 1 }),
    ]);

    // The second episode is a WebM: it plays as it is.
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect
      .poll(() => video.getAttribute('src'), { timeout: 10_000 })
      .toMatch(/^\/api\/media-servers\/stream\/[0-9a-f]{32}$/);
    // Leaving the HLS stream asked the server to stop its transcode.
    await expect
      .poll(() => requests.some((url) => /\/api\/media-servers\/hls\/[0-9a-f]{32}\/sessions\/[0-9a-f]{32}$/.test(url)))
      .toBe(true);
  });

  it('lists Jellyfin disabled with the reason for a title it does not have', async () => {
    const { page } = await browser.open(DESKTOP);
    const fightClub = await titleId(browser.baseUrl, 'Fight Club', '1999');
    await page.goto(`/watch/movie/${fightClub}`);
    await page.getByText(/cannot play this/).waitFor();
    expect(await page.getByLabel('Video source').locator('option').allTextContents()).toContain(
      'Jellyfin — No file for this title on Jellyfin',
    );
  });

  it('says Jellyfin is not reachable during an outage, keeps the rest working, and plays again once it is back', async () => {
    const setFake = async (mode: 'ok' | 'down') => {
      const response = await fetch(`${jellyfinUrl}/__fake/mode?set=${mode}`, { method: 'POST' });
      expect(response.status).toBe(204);
    };
    const status = async () =>
      ((await (await fetch(`${browser.baseUrl}/api/media-servers/status`)).json()) as { state: string }).state;
    const viewer = await browser.open(DESKTOP);
    const { page } = viewer;
    await setFake('down');
    try {
      await page.goto(`/watch/movie/${alien}`);
      await page.getByRole('heading', { level: 1, name: 'Alien' }).waitFor();
      // The stream found Jellyfin gone: the source says why, and nothing plays from it.
      const source = page.getByLabel('Video source');
      await expect
        .poll(() => source.locator('option').allTextContents(), { timeout: 15_000 })
        .toContain('Jellyfin — Jellyfin is not reachable');
      await page.getByText('Jellyfin cannot play this: Jellyfin is not reachable.').waitFor();
      await shot(page, 'jellyfin-down-1280');
      expect(await status()).toBe('unreachable');
      // Everything else answers as before: a catalogue page opens.
      await page.goto(`/series/${chernobyl}`);
      await page.getByRole('heading', { level: 1, name: 'Chernobyl' }).waitFor();
    } finally {
      await setFake('ok');
    }
    // Back: the server checks again within seconds (QUICK_RETRY_MS) and Jellyfin plays.
    await expect.poll(status, { timeout: 20_000, interval: 250 }).toBe('ready');
    await playFromJellyfin(page, `/watch/movie/${alien}`, 'Alien', 0.5);
    // The stream's 503s while Jellyfin was gone were expected; nothing else may have failed.
    const unexpected = viewer.errors.filter((error) => !/status of 503 \(Service Unavailable\)/.test(error));
    expect(viewer.errors.length).toBeGreaterThan(0);
    viewer.errors.splice(0, viewer.errors.length, ...unexpected);
  });
});
