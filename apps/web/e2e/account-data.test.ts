import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { seriousViolations } from './a11y.ts';
import { expectFocus } from './keyboard.ts';
import { createAccount, signInContext, type Account } from './session.ts';
import { DESKTOP, MOBILE, sampleTitles, settle, useBrowser, type Sample } from './support.ts';

/** Where the screens of this file are saved, to be looked at. */
const SHOTS = process.env.ACCOUNT_DATA_SHOTS;
async function shot(page: Page, name: string, near?: Locator) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await near?.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
}

const TRICKY = 'Heat, "The" Film';
const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T12:00:00.000Z`;

/** What a guest's browser holds: a film watched (with a title that needs CSV quoting), an episode, a rating, Watch Later, a hidden title. */
function guestStores(sample: Sample) {
  return {
    history: [
      {
        id: `movie:${sample.movie}`,
        movie_id: sample.movie,
        movie_title: TRICKY,
        movie_poster: null,
        content_type: 'movie',
        watched_at: at(20),
        duration_watched: 5400,
        total_duration: 6000,
        completed: true,
        synced: false,
        season_number: null,
        episode_number: null,
        episode_title: null,
        source: 'player',
        play_count: 2,
        release_date: '1995-12-15',
      },
      {
        id: `tv:${sample.tv}:s1:e1`,
        movie_id: sample.tv,
        movie_title: 'A series',
        movie_poster: null,
        content_type: 'tv',
        watched_at: at(19),
        duration_watched: 1800,
        total_duration: 1900,
        completed: true,
        synced: false,
        season_number: 1,
        episode_number: 1,
        episode_title: 'Pilot',
        source: 'player',
        play_count: 1,
      },
    ],
    watch_later: [
      {
        id: `movie:${sample.recent.id}`,
        movie_id: sample.recent.id,
        movie_title: sample.recent.title,
        movie_poster: null,
        movie_overview: null,
        movie_release_date: sample.recent.release_date,
        movie_vote_average: 7,
        content_type: 'movie',
        added_at: at(18),
        synced: false,
      },
    ],
    ratings: [
      {
        movie_id: sample.movie,
        content_type: 'movie',
        season_number: null,
        episode_number: null,
        rating: 7,
        rated_at: at(20),
        synced: false,
      },
    ],
    hidden: [{ movie_id: 424242, content_type: 'movie', hidden_at: at(17), synced: false }],
  };
}

const today = () => {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

describe('exports and account deletion', () => {
  const browser = useBrowser();
  let sample: Sample;
  let account: Account;
  beforeAll(async () => {
    sample = await sampleTitles(browser.baseUrl);
    account = await createAccount('leaver');
  }, 120_000);

  it("downloads a guest's whole export and a Letterboxd ZIP built in the browser", async () => {
    const { page, context } = await browser.open(DESKTOP);
    await context.addInitScript((stores) => {
      if (localStorage.getItem('marquee:history')) return;
      for (const [store, items] of Object.entries(stores))
        localStorage.setItem(`marquee:${store}`, JSON.stringify(items));
    }, guestStores(sample));
    await page.goto('/settings#data');
    await settle(page);
    const section = page.getByRole('region', { name: 'Take your data with you' });
    await section.getByText('Everything this browser holds').waitFor();
    const saved = mkdtempSync(path.join(tmpdir(), 'marquee-export-'));
    await shot(page, 'guest-data-1280', section);

    const json = page.waitForEvent('download');
    await section.getByRole('button', { name: 'Export everything (JSON)' }).click();
    const jsonFile = await json;
    expect(jsonFile.suggestedFilename()).toBe(`marquee-export-${today()}.json`);
    const jsonPath = path.join(saved, 'export.json');
    await jsonFile.saveAs(jsonPath);
    const data = JSON.parse(readFileSync(jsonPath, 'utf8')) as Record<string, unknown>;
    expect(data).toMatchObject({
      format: 'marquee-export',
      version: 1,
      account: null,
      history: [
        expect.objectContaining({ movie_id: sample.movie, movie_title: TRICKY, play_count: 2 }),
        expect.objectContaining({ movie_id: sample.tv, content_type: 'tv', episode_number: 1 }),
      ],
      watch_later: [expect.objectContaining({ movie_id: sample.recent.id })],
      ratings: [expect.objectContaining({ movie_id: sample.movie, rating: 7 })],
      hidden: [expect.objectContaining({ movie_id: 424242 })],
      comments: [],
      feedback: [],
      settings: expect.objectContaining({ darkMode: expect.any(Boolean) }),
    });
    expect(JSON.stringify(data)).not.toContain('"synced"');
    await page
      .getByRole('region', { name: /Notifications/ })
      .getByText('Data Exported')
      .waitFor();

    const zip = page.waitForEvent('download');
    await section.getByRole('button', { name: 'Export for Letterboxd (ZIP)' }).click();
    const zipFile = await zip;
    expect(zipFile.suggestedFilename()).toBe(`marquee-export-${today()}-letterboxd.zip`);
    const zipPath = path.join(saved, 'export.zip');
    await zipFile.saveAs(zipPath);
    const files = Object.fromEntries(
      Object.entries(unzipSync(readFileSync(zipPath))).map(([name, bytes]) => [name, strFromU8(bytes)]),
    );
    const day = (iso: string) => {
      const date = new Date(iso);
      const pad = (value: number) => String(value).padStart(2, '0');
      return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
    };
    // Films only: the episode is left out. The rating of 7 is three and a half stars.
    expect(files['watched.csv']).toBe(`Date,Name,Year,Letterboxd URI\n${day(at(20))},"Heat, ""The"" Film",1995,\n`);
    expect(files['diary.csv']).toBe(
      'Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date\n' +
        `${day(at(20))},"Heat, ""The"" Film",1995,,3.5,Yes,,${day(at(20))}\n`,
    );
    expect(files['ratings.csv']).toBe(
      `Date,Name,Year,Letterboxd URI,Rating\n${day(at(20))},"Heat, ""The"" Film",1995,,3.5\n`,
    );
    expect(files['watchlist.csv']).toContain(
      `${day(at(18))},${sample.recent.title},${sample.recent.release_date.slice(0, 4)},`,
    );
  });

  it('deletes an account after its password, at 1280 and 375 px: axe clean with the dialog open, Escape gives the focus back, other devices signed out', async () => {
    const desktop = await browser.open(DESKTOP);
    await signInContext(desktop.context, account);
    const { page } = desktop;
    await page.goto('/settings#profile');
    await settle(page);
    const open = page.getByRole('button', { name: 'Delete account' });
    await shot(page, 'profile-1280', open);
    await open.click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'delete-dialog-1280');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expectFocus(page, 'Delete account');

    // A wrong password: said in the dialog, which stays open; nothing is deleted.
    await open.click();
    await dialog.getByLabel('Password', { exact: true }).fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await dialog.getByRole('alert').getByText('Invalid password: that is not your password').waitFor();
    await shot(page, 'delete-wrong-password-1280');
    expect((await desktop.context.request.get('/api/me/profile')).status()).toBe(200);
    desktop.errors.splice(0, desktop.errors.length, ...desktop.errors.filter((error) => !/status of 400/.test(error)));
    await page.keyboard.press('Escape');

    // The same account on a phone deletes itself; the desktop's session ends with it.
    const phone = await browser.open(MOBILE);
    await signInContext(phone.context, account);
    await phone.page.goto('/settings#profile');
    await settle(phone.page);
    await shot(phone.page, 'profile-375', phone.page.getByRole('button', { name: 'Delete account' }));
    await phone.page.goto('/settings#data');
    await settle(phone.page);
    await shot(phone.page, 'account-data-375', phone.page.getByRole('region', { name: 'Take your data with you' }));
    await phone.page.goto('/settings#profile');
    await settle(phone.page);
    await phone.page.getByRole('button', { name: 'Delete account' }).click();
    const phoneDialog = phone.page.getByRole('alertdialog', { name: 'Delete your account?' });
    await phoneDialog.waitFor();
    expect(await seriousViolations(phone.page)).toEqual([]);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await phoneDialog.getByLabel('Password', { exact: true }).fill(account.password);
    await shot(phone.page, 'delete-dialog-375');
    await phoneDialog.getByRole('button', { name: 'Delete account' }).click();
    await phone.page.getByText('Account deleted').waitFor();
    await expect.poll(() => new URL(phone.page.url()).pathname).toBe('/');
    // Signed out: the header offers Sign In again (in the menu at this width).
    await phone.page.locator('header button', { hasText: 'Sign In' }).first().waitFor({ state: 'attached' });
    await shot(phone.page, 'deleted-375');

    expect((await desktop.context.request.get('/api/me/profile')).status()).toBe(401);
    const signIn = await phone.context.request.post('/api/auth/sign-in/email', {
      data: { email: account.email, password: account.password },
      headers: { origin: browser.baseUrl },
    });
    expect(signIn.status()).toBe(401);
    // A request of the account still under way when it went (a sync) is refused, as it should be.
    phone.errors.splice(0, phone.errors.length, ...phone.errors.filter((error) => !/status of 401/.test(error)));
  });
});
