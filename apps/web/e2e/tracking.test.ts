import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './a11y.ts';
import { createAccount, signInContext, type Account } from './session.ts';
import { expectFocus, tabTo } from './keyboard.ts';
import { describePage, DESKTOP, MOBILE, sampleTitles, settle, useBrowser, type Viewer } from './support.ts';

/** The hero's Mark watched (cards below carry their own, named after their title). */
function heroMarkWatched(page: Page) {
  return page.locator('[data-detail-tracking]').getByRole('button', { name: /^(Mark watched|Watched)$/ });
}

/**
 * The viewer's stored rating (1-10) of a title, or null. The stars show a value asked for at once
 * and the store keeps it a moment later (it loads at the first change): a test that leaves the
 * page, or syncs, waits for this first.
 */
function storedRating(page: Page, movieId: number): Promise<number | null> {
  return page.evaluate((id) => {
    const items = JSON.parse(localStorage.getItem('marquee:ratings') ?? '[]') as Array<{
      movie_id: number;
      season_number: number | null;
      episode_number: number | null;
      rating: number;
    }>;
    return items.find((item) => item.movie_id === id && item.episode_number === null)?.rating ?? null;
  }, movieId);
}

describe('tracking: mark watched and ratings (issue 30)', () => {
  const browser = useBrowser();
  let movieId: number;
  let movieTitle: string;

  beforeAll(async () => {
    ({ movie: movieId } = await sampleTitles(browser.baseUrl));
    const details = (await (await fetch(`${browser.baseUrl}/api/catalogue/movie/${movieId}`)).json()) as {
      title: string;
    };
    movieTitle = details.title;
  });

  it('a guest marks a film watched on a picked day and rates it 4.5 stars; History shows both, after a reload too', async () => {
    const { page } = await browser.open(DESKTOP);
    await page.goto(`/movie/${movieId}`);
    await settle(page);

    await heroMarkWatched(page).click();
    const dialog = page.getByRole('dialog', { name: 'Mark as watched' });
    await dialog.getByRole('radio', { name: 'On another date' }).check();
    const date = dialog.getByLabel('Date watched');
    // A day in the future is refused with a message, and nothing is stored.
    await date.fill('3000-01-01');
    await dialog.getByRole('button', { name: 'Mark watched' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('The date cannot be in the future');
    expect(await page.evaluate(() => localStorage.getItem('marquee:history'))).toBeNull();

    await date.fill('2021-06-05');
    await dialog.getByRole('button', { name: 'Mark watched' }).click();
    await expect
      .poll(() => dialog.count())
      .toBe(0)
      .catch(async (error: Error) => {
        const alert = await dialog.getByRole('alert').textContent();
        throw new Error(`${error.message}; the dialog says "${alert}"; ${await describePage(page, dialog)}`);
      });
    await expect.poll(() => heroMarkWatched(page).getAttribute('aria-pressed')).toBe('true');
    expect(await heroMarkWatched(page).textContent()).toBe('Watched');

    const rating = page.getByRole('slider', { name: 'Your rating' });
    await rating.focus();
    for (let step = 0; step < 9; step += 1) await rating.press('ArrowRight');
    await expect.poll(() => rating.getAttribute('aria-valuetext')).toBe('4.5 stars');
    // Stored before the page goes (the stars show it first).
    await expect.poll(() => storedRating(page, movieId)).toBe(9);

    await page.goto('/history');
    await settle(page);
    const card = page.getByRole('article').filter({ hasText: movieTitle });
    await expect.poll(() => card.count()).toBe(1);
    await expect.poll(() => card.getByLabel('Your rating: 4.5 stars').isVisible()).toBe(true);
    expect(await card.locator('time').getAttribute('datetime')).toMatch(/^2021-06-05T/);
    // Filtering by the viewer's rating: not rated leaves it out, 4 stars and up keeps it.
    const ratingFilter = page.getByLabel('Your rating', { exact: true });
    await ratingFilter.selectOption({ label: 'Not rated' });
    await expect.poll(() => card.count()).toBe(0);
    await ratingFilter.selectOption({ label: '4 stars and up' });
    await expect.poll(() => card.count()).toBe(1);
    await page.getByLabel('Sort by').selectOption({ label: 'Your rating: highest first' });
    await expect.poll(() => card.count()).toBe(1);

    await page.reload();
    await settle(page);
    await expect.poll(() => card.getByLabel('Your rating: 4.5 stars').count()).toBe(1);
    await page.goto(`/movie/${movieId}`);
    await settle(page);
    expect(await heroMarkWatched(page).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('slider', { name: 'Your rating' }).getAttribute('aria-valuenow')).toBe('9');

    // Watched again: a play more, on the detail page and in History.
    await page.getByRole('button', { name: 'Watched again' }).click();
    const again = page.getByRole('dialog', { name: 'Watched again' });
    await again.getByRole('button', { name: 'Mark watched' }).click();
    await expect.poll(() => again.count()).toBe(0);
    await expect.poll(() => page.locator('[data-detail-tracking]').getByText('Watched 2 times').count()).toBe(1);
    await page.goto('/history');
    await settle(page);
    await expect.poll(() => card.getByText('Watched 2 times').count()).toBe(1);
    await page.goto(`/movie/${movieId}`);
    await settle(page);

    // Unwatched removes the entry; the rating stays.
    await heroMarkWatched(page).click();
    await expect.poll(() => heroMarkWatched(page).textContent()).toBe('Mark watched');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('marquee:history') ?? '[]').length)).toBe(0);
  });

  it('works by keyboard only: Mark watched on a picked day, the stars, Watched again, and the focus back where it was', async () => {
    const { page } = await browser.open(DESKTOP);
    await page.goto(`/movie/${movieId}`);
    await settle(page);

    await tabTo(page, 'Mark watched', { max: 60 });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Mark as watched' });
    await dialog.waitFor();
    // The choice of day is a radio group: the arrow keys move through it.
    await tabTo(page, 'Just now');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => dialog.getByRole('radio', { name: 'On another date' }).isChecked()).toBe(true);
    await tabTo(page, 'Date watched');
    await page.keyboard.type('06052021');
    await tabTo(page, 'Mark watched');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.count()).toBe(0);
    // The dialog gives the focus back to the button that opened it, now Watched.
    await expectFocus(page, /^Watched$/);
    expect(await heroMarkWatched(page).getAttribute('aria-pressed')).toBe('true');
    const history = await page.evaluate(() => JSON.parse(localStorage.getItem('marquee:history') ?? '[]'));
    expect(history[0].watched_at).toMatch(/^2021-06-05T/);

    // Watched again, then the stars: End gives five, one ArrowLeft four and a half.
    await tabTo(page, 'Watched again');
    await page.keyboard.press('Enter');
    const again = page.getByRole('dialog', { name: 'Watched again' });
    await again.waitFor();
    await tabTo(page, 'Mark watched');
    await page.keyboard.press('Enter');
    await expect.poll(() => again.count()).toBe(0);
    await expect.poll(() => page.locator('[data-detail-tracking]').getByText('Watched 2 times').count()).toBe(1);
    await tabTo(page, 'Your rating');
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    const rating = page.getByRole('slider', { name: 'Your rating' });
    await expect.poll(() => rating.getAttribute('aria-valuetext')).toBe('4.5 stars');
    await page.keyboard.press('Delete');
    await expect.poll(() => rating.getAttribute('aria-valuetext')).toBe('Not rated');
  });

  it('at 375 px the controls work by touch, without sideways scrolling', async () => {
    const { page } = await browser.open(MOBILE, { hasTouch: true });
    await page.goto(`/movie/${movieId}`);
    await settle(page);

    await heroMarkWatched(page).tap();
    const dialog = page.getByRole('dialog', { name: 'Mark as watched' });
    await dialog.getByRole('button', { name: 'Mark watched' }).tap();
    await expect.poll(() => heroMarkWatched(page).getAttribute('aria-pressed')).toBe('true');

    // The right half of the third star: three stars, a rating of 6.
    const rating = page.getByRole('slider', { name: 'Your rating' });
    await rating.scrollIntoViewIfNeeded();
    const box = (await rating.boundingBox())!;
    const padding = 4;
    const star = (box.width - 2 * padding) / 5;
    await page.mouse.click(box.x + padding + star * 2.75, box.y + box.height / 2);
    await expect.poll(() => rating.getAttribute('aria-valuetext')).toBe('3 stars');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  it('an episode watched again counts its plays in its row, at 375 px', async () => {
    const { page } = await browser.open(MOBILE, { hasTouch: true });
    const { tv } = await sampleTitles(browser.baseUrl);
    await page.goto(`/series/${tv}`);
    await settle(page);
    const row = page.locator('li[data-episode]').first();
    await row.waitFor();
    const markWatched = row.getByRole('button', { name: /^Mark S\d+ · E\d+ of .+ watched$/ });
    const label = (await markWatched.getAttribute('aria-label'))!;
    const what = label.replace(/^Mark /, '').replace(/ watched$/, '');
    // Not watched yet: nothing to watch again.
    expect(await row.getByRole('button', { name: `Mark ${what} watched again` }).count()).toBe(0);
    await markWatched.tap();
    await page.getByRole('dialog', { name: 'Mark as watched' }).getByRole('button', { name: 'Mark watched' }).tap();
    await row.getByRole('button', { name: `Mark ${what} unwatched` }).waitFor();
    expect(await row.getByText(/^Watched \d+ times$/).count()).toBe(0);

    await row.getByRole('button', { name: `Mark ${what} watched again` }).tap();
    const again = page.getByRole('dialog', { name: 'Watched again' });
    await again.getByRole('button', { name: 'Mark watched' }).tap();
    await expect.poll(() => row.getByText('Watched 2 times').count()).toBe(1);
    // Still watched, and one entry in History with two plays.
    expect(await row.getByRole('button', { name: `Mark ${what} unwatched` }).getAttribute('aria-pressed')).toBe('true');
    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('marquee:history') ?? '[]') as Array<{ play_count: number }>,
    );
    expect(stored.map((entry) => entry.play_count)).toEqual([2]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });

  for (const [label, viewport] of [
    ['1280 px', DESKTOP],
    ['375 px', MOBILE],
  ] as const) {
    it(`the detail page with its rating control and the Mark watched dialog is axe clean at ${label}`, async () => {
      const { page } = await browser.open(viewport);
      await page.goto(`/movie/${movieId}`);
      await settle(page);
      const rating = page.getByRole('slider', { name: 'Your rating' });
      await rating.focus();
      await rating.press('End');
      await rating.press('ArrowLeft');
      await expect.poll(() => rating.getAttribute('aria-valuetext')).toBe('4.5 stars');
      expect(await seriousViolations(page)).toEqual([]);

      await heroMarkWatched(page).click();
      const dialog = page.getByRole('dialog', { name: 'Mark as watched' });
      await dialog.getByRole('radio', { name: 'On another date' }).check();
      expect(await seriousViolations(page)).toEqual([]);
      // Escape gives the focus back to the button that opened the dialog.
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count()).toBe(0);
      // Radix moves it as the dialog unmounts, a moment after the dialog has gone.
      await expect
        .poll(() => heroMarkWatched(page).evaluate((element) => element === document.activeElement))
        .toBe(true);
    });
  }
});

/** The account menu's button; its name ends with the sync status (Syncing..., Synced, ...). */
const accountMenu = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Account menu for / });

async function synced(page: Page): Promise<void> {
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Account menu for .*, Synced$/ })
    .waitFor();
}

/** "Sync now" in the user menu, then its "Sync Complete" (see sync.test.ts). */
async function syncNow(page: Page): Promise<void> {
  await page.evaluate(() =>
    document.querySelectorAll('[data-sonner-toast]').forEach((toast) => toast.setAttribute('data-e2e-seen', '')),
  );
  await accountMenu(page).click();
  await page.getByRole('menuitem', { name: 'Sync now' }).click();
  await page.locator('[data-sonner-toast]:not([data-e2e-seen])').filter({ hasText: 'Sync Complete' }).waitFor();
  await synced(page);
}

// A refused sign-up waits for the next minute once (createAccount), in beforeAll.
describe('tracking on two devices of one account (issue 30)', { timeout: 90_000 }, () => {
  const browser = useBrowser();
  let account: Account;
  let movieId: number;

  beforeAll(async () => {
    ({ movie: movieId } = await sampleTitles(browser.baseUrl));
    account = await createAccount('tracking');
  }, 120_000);

  async function device(route: string): Promise<Viewer> {
    const viewer = await browser.open(DESKTOP);
    await signInContext(viewer.context, account);
    await viewer.page.goto(route);
    await settle(viewer.page);
    await synced(viewer.page);
    return viewer;
  }

  it('a rating and a mark made on one device show on the other after a sync', async () => {
    const a = await device(`/movie/${movieId}`);
    const b = await device(`/movie/${movieId}`);
    const ratingOn = (page: Page) => page.getByRole('slider', { name: 'Your rating' });
    expect(await ratingOn(b.page).getAttribute('aria-valuenow')).toBe('0');

    const rating = ratingOn(a.page);
    await rating.focus();
    await rating.press('End');
    await rating.press('ArrowLeft');
    await rating.press('ArrowLeft');
    await expect.poll(() => rating.getAttribute('aria-valuetext')).toBe('4 stars');
    // In the store, and so in the sync's queue, before Sync now.
    await expect.poll(() => storedRating(a.page, movieId)).toBe(8);
    await heroMarkWatched(a.page).click();
    const dialog = a.page.getByRole('dialog', { name: 'Mark as watched' });
    await dialog.getByRole('button', { name: 'Mark watched' }).click();
    await expect.poll(() => heroMarkWatched(a.page).getAttribute('aria-pressed')).toBe('true');
    await syncNow(a.page);

    await syncNow(b.page);
    await expect.poll(() => ratingOn(b.page).getAttribute('aria-valuetext')).toBe('4 stars');
    await expect.poll(() => heroMarkWatched(b.page).getAttribute('aria-pressed')).toBe('true');
    // History on B shows the film with A's rating beside it.
    await b.page.goto('/history');
    await settle(b.page);
    await b.page.getByRole('main').getByLabel('Your rating: 4 stars').first().waitFor();
  });
});
