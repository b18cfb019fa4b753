import { describe, expect, inject, it } from 'vitest';
import { currentTime, useFargoFile } from './fargo-file.ts';
import { DESKTOP, useBrowser } from './support.ts';

/**
 * A browser with neither MediaSource nor ManagedMediaSource that plays HLS itself (an iPhone
 * before iOS 17.1), made of Chromium by an init script: the Library's converted file plays from
 * the server's HLS playlist, set as the video's source. The MKV is library-transcode.test.ts's
 * (either file adds it, the same bytes).
 */
describe('Library: HLS where there is no Media Source Extensions', () => {
  const browser = useBrowser();
  const { addFile, fargo } = useFargoFile(browser, inject('mediaDir'));

  it('plays the HLS playlist natively, with the subtitles as tracks', async () => {
    await addFile();
    const { page, context } = await browser.open(DESKTOP);
    await context.addInitScript(() => {
      for (const name of ['MediaSource', 'ManagedMediaSource', 'WebKitMediaSource']) {
        Object.defineProperty(window, name, { value: undefined, configurable: true, writable: true });
      }
      const canPlayType = HTMLMediaElement.prototype.canPlayType;
      HTMLMediaElement.prototype.canPlayType = function (type: string) {
        return /mpegurl/i.test(type) ? 'maybe' : canPlayType.call(this, type);
      };
    });
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.goto(`/watch/movie/${fargo()}`);

    const video = page.getByLabel('Video player');
    await video.waitFor({ timeout: 15_000 });
    await expect
      .poll(() => video.getAttribute('src'), { timeout: 15_000 })
      .toMatch(/^\/api\/media\/hls\/[0-9a-f]{24}\/index\.m3u8\?audio=0&viewer=[\w-]+$/);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(asked.filter((pathname) => pathname.startsWith('/api/media/play/'))).toEqual([]);
    expect(
      await video.evaluate((element: HTMLVideoElement) => Array.from(element.textTracks, (track) => track.label)),
    ).toEqual(['English', 'English (2)']);

    // This Chromium plays HLS itself: the segments are fetched and the picture moves.
    await video.focus();
    await page.keyboard.press('m');
    await page.keyboard.press('k');
    await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(2.5);
    expect(await video.evaluate((element: HTMLVideoElement) => element.duration)).toBeCloseTo(30, 0);
    expect(asked.some((pathname) => /^\/api\/media\/hls\/[0-9a-f]{24}\/\d+\.ts$/.test(pathname))).toBe(true);
    expect(await page.getByRole('alert').count()).toBe(0);
  });
});
