import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { seriousViolations } from './a11y.ts';
import { expectFocus, sweep, tabTo } from './keyboard.ts';
import { createAccount, signInContext, type Account } from './session.ts';
import { DESKTOP, MOBILE, settle, useBrowser, type Viewer } from './support.ts';

// Up Next and progress (issue 30) for a guest (computed in the browser) and an account (from the
// server, on two devices). The local catalogue's Breaking Bad (series 1) has seven dated episodes
// in its first season: "Pilot", "Cat's in the Bag...", "...And the Bag's in the River", ...

const baseUrl = inject('baseUrl');
const SERIES = { id: 1, name: 'Breaking Bad' };

function episode(number: number, fields: Record<string, unknown> = {}) {
  const at = new Date(Date.now() - (10 - number) * 60_000).toISOString();
  return {
    id: `tv:1:s1:e${number}`,
    movie_id: SERIES.id,
    movie_title: SERIES.name,
    movie_poster: '/poster/tv/1.svg',
    content_type: 'tv',
    watched_at: at,
    duration_watched: 0,
    total_duration: null,
    completed: true,
    synced: false,
    season_number: 1,
    episode_number: number,
    episode_title: null,
    source: 'manual',
    play_count: 1,
    ...fields,
  };
}

/** A guest's browser holding `history` (once per tab: a reload keeps what the app did since). */
async function seedGuest(context: BrowserContext, history: unknown[]): Promise<void> {
  await context.addInitScript((entries: string) => {
    if (sessionStorage.getItem('e2e-seeded')) return;
    sessionStorage.setItem('e2e-seeded', '1');
    localStorage.setItem('marquee:history', entries);
  }, JSON.stringify(history));
}

const card = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: SERIES.name }) });

async function expectProgress(page: Page, watched: number, next: string): Promise<void> {
  const item = card(page);
  await item.getByText(`${watched} of 7 aired episodes watched`).waitFor();
  await expect.poll(() => item.getByRole('progressbar').getAttribute('aria-valuenow')).toBe(String(watched));
  await item.getByText(next, { exact: false }).waitFor();
}

let account: Account;
beforeAll(async () => {
  account = await createAccount('progress');
}, 120_000);

describe('Up Next and progress for a guest', { timeout: 90_000 }, () => {
  const browser = useBrowser();

  it('shows the bar and the next episode, marks it watched from the keyboard, and drops the series with undo', async () => {
    const { page, context } = await browser.open(DESKTOP);
    await seedGuest(context, [episode(1)]);
    await page.goto('/progress');
    await settle(page);
    await page.getByRole('heading', { level: 1, name: 'Progress' }).waitFor();
    await expectProgress(page, 1, "Cat's in the Bag...");
    expect(await seriousViolations(page)).toEqual([]);

    await tabTo(page, `Mark watched: S1E2 of ${SERIES.name}`);
    await page.keyboard.press('Enter');
    await expectProgress(page, 2, "...And the Bag's in the River");
    // Through the history store: History has it, and a reload keeps it.
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('marquee:history') ?? '[]'));
    expect(stored).toContainEqual(
      expect.objectContaining({ movie_id: 1, season_number: 1, episode_number: 2, completed: true, source: 'manual' }),
    );
    await page.reload();
    await settle(page);
    await expectProgress(page, 2, "...And the Bag's in the River");

    // Play opens the player at the next episode.
    const play = page.getByRole('link', { name: `Play S1E3 of ${SERIES.name}` });
    expect(await play.getAttribute('href')).toBe('/watch/series/1?season=1&episode=3');

    await tabTo(page, `Drop ${SERIES.name} from the list`);
    await page.keyboard.press('Enter');
    await card(page).waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'No series in progress' }).waitFor();
    // The focus did not fall to the page's body.
    expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expectProgress(page, 2, "...And the Bag's in the River");
  });

  it('marks the next episodes in the home Up Next row by keyboard at 1280 px (axe clean), and the row goes with Show Continue Watching off', async () => {
    const { page, context } = await browser.open(DESKTOP);
    await seedGuest(context, [episode(1)]);
    await page.goto('/');
    await settle(page);
    const row = page.getByRole('region', { name: 'Up Next episodes' });
    await tabTo(page, `Mark watched: S1E2 of ${SERIES.name}`, { max: 80 });
    await page.keyboard.press('Enter');
    await row.getByRole('link', { name: `Play S1E3 of ${SERIES.name}` }).waitFor();
    // The focus stays on the card's Mark watched, now the next episode's: Enter again marks that.
    await expectFocus(page, `Mark watched: S1E3 of ${SERIES.name}`);
    await page.keyboard.press('Enter');
    await row.getByRole('link', { name: `Play S1E4 of ${SERIES.name}` }).waitFor();
    await expectFocus(page, `Mark watched: S1E4 of ${SERIES.name}`);
    const stored = (await page.evaluate(() => JSON.parse(localStorage.getItem('marquee:history') ?? '[]'))) as Array<{
      episode_number: number;
      source: string;
    }>;
    expect(stored.map((entry) => `E${entry.episode_number} ${entry.source}`).sort()).toEqual([
      'E1 manual',
      'E2 manual',
      'E3 manual',
    ]);
    expect(await seriousViolations(page)).toEqual([]);

    // Settings, by keyboard: Show Continue Watching off, which Up Next follows.
    await page.goto('/settings#display');
    await settle(page);
    await tabTo(page, 'Show Continue Watching', { max: 60 });
    await page.keyboard.press('Space');
    await expect
      .poll(() => page.getByRole('switch', { name: 'Show Continue Watching' }).getAttribute('aria-checked'))
      .toBe('false');
    expect(
      await page.evaluate(() => JSON.parse(localStorage.getItem('marquee:settings') ?? '{}').showContinueWatching),
    ).toBe(false);
    await page.goto('/');
    await settle(page);
    // Tab from the top past where the row was, to the mood box below it: nothing of Up Next on the way.
    const { stops, reached } = await sweep(page, { max: 80, until: 'Describe what you feel like watching' });
    expect(reached).toBe(true);
    expect(stops.map((stop) => stop.name).filter((name) => /Up Next|S1E\d/.test(name))).toEqual([]);
    expect(await row.count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Up Next' }).count()).toBe(0);
  });

  it('shows Up Next on the home page and the empty state without series, at 375 px without sideways scrolling', async () => {
    const { page, context } = await browser.open(MOBILE, { hasTouch: true });
    await seedGuest(context, [episode(1), episode(2)]);
    await page.goto('/');
    await settle(page);
    const row = page.getByRole('region', { name: 'Up Next episodes' });
    await row.scrollIntoViewIfNeeded();
    await row.getByRole('link', { name: `Play S1E3 of ${SERIES.name}` }).waitFor();
    await row.getByRole('button', { name: `Mark watched: S1E3 of ${SERIES.name}` }).tap();
    await row.getByRole('link', { name: `Play S1E4 of ${SERIES.name}` }).waitFor();

    await page.goto('/progress');
    await settle(page);
    await expectProgress(page, 3, 'Cancer Man');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await card(page)
      .getByRole('button', { name: `Mark watched: S1E4 of ${SERIES.name}` })
      .tap();
    await expectProgress(page, 4, 'Gray Matter');
    expect(await seriousViolations(page)).toEqual([]);

    const empty = await browser.open(MOBILE);
    await empty.page.goto('/progress');
    await settle(empty.page);
    await empty.page.getByRole('heading', { name: 'No series in progress' }).waitFor();
    await empty.page.getByRole('link', { name: 'Browse series' }).waitFor();
    expect(await empty.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

/** The account menu reads Synced: nothing under way or waiting. */
async function synced(page: Page): Promise<void> {
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Account menu for .*, Synced$/ })
    .waitFor();
}

/** "Sync now" in the user menu, then its "Sync Complete". */
async function syncNow(page: Page): Promise<void> {
  await page.evaluate(() =>
    document.querySelectorAll('[data-sonner-toast]').forEach((toast) => toast.setAttribute('data-e2e-seen', '')),
  );
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Account menu for / })
    .click();
  await page.getByRole('menuitem', { name: 'Sync now' }).click();
  await page.locator('[data-sonner-toast]:not([data-e2e-seen])').filter({ hasText: 'Sync Complete' }).waitFor();
  await synced(page);
}

describe('Up Next and progress for an account', { timeout: 120_000 }, () => {
  const browser = useBrowser();

  async function device(viewport: { width: number; height: number }): Promise<Viewer> {
    const viewer = await browser.open(viewport);
    await signInContext(viewer.context, account);
    await viewer.page.goto('/progress');
    await settle(viewer.page);
    await synced(viewer.page);
    return viewer;
  }

  it('marks the next episode on one device and shows the progress on the other after a sync', async () => {
    const a = await device(DESKTOP);
    const seeded = await a.context.request.post('/api/me/sync', {
      data: { operations: [{ op: 'upsert', store: 'history', at: new Date().toISOString(), item: episode(1) }] },
      headers: { origin: baseUrl },
    });
    expect(seeded.status(), await seeded.text()).toBe(200);
    await syncNow(a.page);
    await expectProgress(a.page, 1, "Cat's in the Bag...");

    const b = await device(MOBILE);
    await expectProgress(b.page, 1, "Cat's in the Bag...");

    await tabTo(a.page, `Mark watched: S1E2 of ${SERIES.name}`);
    await a.page.keyboard.press('Enter');
    await expectProgress(a.page, 2, "...And the Bag's in the River");
    await synced(a.page);
    const server = (await (await a.context.request.get('/api/me/progress')).json()) as {
      results: Array<{ watched_episodes: number }>;
    };
    expect(server.results[0]?.watched_episodes).toBe(2);

    await syncNow(b.page);
    await expectProgress(b.page, 2, "...And the Bag's in the River");
    expect(await b.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousViolations(b.page)).toEqual([]);
  });
});
