import { describe, expect, inject, it } from 'vitest';
import { currentTime, useFargoFile } from './fargo-file.ts';
import { DESKTOP, MOBILE, useBrowser } from './support.ts';

/**
 * A film a browser cannot play as it is: an MKV with H.264, AC3 (English and French) and a SubRip
 * track, copied into the server's MEDIA_DIR while a viewer has its player open. The server's folder
 * watch indexes it, the player picks it up, and Chromium plays the server's remux (fragmented MP4
 * through Media Source Extensions) with the file's subtitles.
 */
describe('Library: remuxed MKV with subtitles', () => {
  const browser = useBrowser();
  const { addFile, fargo } = useFargoFile(browser, inject('mediaDir'));

  it('picks up a file added while the player is open, plays the remux, shows and remembers its subtitles', async () => {
    const { page } = await browser.open(DESKTOP);
    await page.clock.install();
    await page.goto(`/watch/movie/${fargo()}`);
    await page.getByText('Library cannot play this: No file for this title in the library.').waitFor();

    await addFile();
    // Past the player's next question (LIBRARY_NEW_FILE_POLL_MS: every 5 s).
    await page.clock.runFor(6000);

    const video = page.getByLabel('Video player');
    await video.waitFor({ timeout: 15_000 });
    const subtitles = page.getByLabel('Subtitles');
    expect(await subtitles.locator('option').allTextContents()).toEqual(['Subtitles off', 'English', 'English (2)']);
    expect(await page.getByLabel('Audio track').locator('option').allTextContents()).toEqual([
      'English (AC3 mono)',
      'French (AC3 mono)',
    ]);
    // The file's own SubRip track (the second English one).
    await subtitles.selectOption({ label: 'English (2)' });

    await video.focus();
    await page.keyboard.press('m');
    await page.keyboard.press('k');
    await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(1.5);
    const state = await video.evaluate((element: HTMLVideoElement) => ({
      duration: element.duration,
      tracks: Array.from(element.textTracks, (track) => ({
        label: track.label,
        language: track.language,
        mode: track.mode,
      })),
    }));
    // The whole film's length, known before it has all arrived.
    expect(state.duration).toBeCloseTo(30, 0);
    expect(state.tracks).toEqual([
      { label: 'English', language: 'en', mode: 'disabled' },
      { label: 'English (2)', language: 'en', mode: 'showing' },
    ]);
    await expect
      .poll(() =>
        video.evaluate((element: HTMLVideoElement) =>
          Array.from(element.textTracks[1]?.cues ?? [], (cue) => (cue as VTTCue).text),
        ),
      )
      .toEqual(['Embedded English line']);

    // A seek past what has arrived starts a new stream there, and plays on from it.
    await video.evaluate((element: HTMLVideoElement) => (element.currentTime = 22));
    await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(23);
    expect(await page.evaluate(() => localStorage.getItem('marquee:player:subtitles'))).toBe('en');
  });

  it('keeps the subtitle language on the next visit, on a phone', async () => {
    await addFile();
    const { page, context } = await browser.open(MOBILE);
    await context.addInitScript(() => localStorage.setItem('marquee:player:subtitles', 'en'));
    await page.goto(`/watch/movie/${fargo()}`);
    const subtitles = page.getByLabel('Subtitles');
    await subtitles.waitFor({ timeout: 15_000 });
    expect(await subtitles.locator('option:checked').textContent()).toBe('English');
    const video = page.getByLabel('Video player');
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => Array.from(element.textTracks, (track) => track.mode)))
      .toEqual(['showing', 'disabled']);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(MOBILE.width);
  });
});
