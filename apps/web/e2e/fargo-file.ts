import { existsSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { makeMedia, SRT } from '../../server/test/media-fixtures.ts';
import type { useBrowser } from './support.ts';

/**
 * A film a browser cannot play as it is, shared by the Library's browser tests (remux over Media
 * Source Extensions, HLS without them): an MKV with H.264, AC3 (English and French) and a SubRip
 * track, with an English sidecar, made elsewhere and moved into the server's MEDIA_DIR whole, as a
 * finished download lands. Whichever file runs first adds it; the bytes are the same.
 */
export const FARGO_FILE = 'Fargo (1996).mkv';

/** A film's id in the local catalogue. */
export async function movieId(baseUrl: string, title: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/catalogue/search?q=${encodeURIComponent(title)}`);
  const body = (await response.json()) as { results: Array<{ id: number; title?: string; media_type: string }> };
  const found = body.results.find((result) => result.title === title && result.media_type === 'movie');
  if (!found) throw new Error(`${title} is not in the local catalogue`);
  return found.id;
}

/** Where the page's video is, in seconds. */
export const currentTime = (page: Page) => page.evaluate(() => document.querySelector('video')?.currentTime ?? 0);

/**
 * Makes the MKV before the describe's tests (in a folder of its own) and gives `addFile`, which
 * moves it and its sidecar into MEDIA_DIR (once) and waits until the server's folder watch has
 * indexed and probed it (no rescan asked for), and `fargo()`, the film's id.
 */
export function useFargoFile(browser: ReturnType<typeof useBrowser>, mediaDir: string) {
  let made: string;
  let fargo: number;
  beforeAll(async () => {
    fargo = await movieId(browser.baseUrl, 'Fargo');
    made = mkdtempSync(path.join(tmpdir(), 'marquee-e2e-mkv-'));
    makeMedia(made, { mkv: FARGO_FILE }, 30, '320x240');
  }, 120_000);
  afterAll(() => rmSync(made, { recursive: true, force: true }));

  async function addFile(): Promise<void> {
    if (!existsSync(path.join(mediaDir, FARGO_FILE))) {
      writeFileSync(path.join(made, 'Fargo (1996).en.srt'), SRT);
      renameSync(path.join(made, 'Fargo (1996).en.srt'), path.join(mediaDir, 'Fargo (1996).en.srt'));
      renameSync(path.join(made, FARGO_FILE), path.join(mediaDir, FARGO_FILE));
    }
    await expect
      .poll(
        async () => {
          const library = (await (await fetch(`${browser.baseUrl}/api/media/library`)).json()) as {
            results: Array<{ path: string; playback: { mode: string } | null }>;
          };
          return library.results.find((file) => file.path === FARGO_FILE)?.playback?.mode ?? null;
        },
        { timeout: 20_000 },
      )
      .toBe('remux');
  }
  return { addFile, fargo: () => fargo };
}
