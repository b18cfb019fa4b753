import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { seriousViolations } from './a11y.ts';
import { createAccount, signInContext, type Account } from './session.ts';
import { expectFocus, tabTo } from './keyboard.ts';
import { describePage, DESKTOP, MOBILE, openInApp, sampleTitles, settle, useBrowser, type Viewer } from './support.ts';

/** The hero's Mark watched (cards below carry their own, named after their title). */
function heroMarkWatched(page: Page) {
  return page.locator('[data-detail-tracking]').getByRole('button', { name: /^(Mark watched|Watched)$/ });
}

/** The history store as the page keeps it. */
function storedHistory(page: Page): Promise<Array<Record<string, unknown>>> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('marquee:history') ?? '[]'));
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

/** What a guest's browser holds before the app starts, once per tab (a reload keeps what the app did). */
async function seedGuest(context: BrowserContext, values: Record<string, unknown>): Promise<void> {
  await context.addInitScript(
    (entries: Record<string, string>) => {
      if (sessionStorage.getItem('e2e-seeded')) return;
      sessionStorage.setItem('e2e-seeded', '1');
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    },
    Object.fromEntries(Object.entries(values).map(([key, value]) => [`marquee:${key}`, JSON.stringify(value)])),
  );
}

function rating(movieId: number, value: number) {
  return {
    movie_id: movieId,
    content_type: 'movie',
    season_number: null,
    episode_number: null,
    rating: value,
    rated_at: new Date().toISOString(),
    synced: false,
  };
}

function filmWatched(film: { id: number; title: string }, minutesAgo: number) {
  return {
    id: `movie:${film.id}`,
    movie_id: film.id,
    movie_title: film.title,
    content_type: 'movie',
    watched_at: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    completed: true,
    source: 'manual',
    play_count: 1,
    synced: false,
  };
}

/** The first films of Browse, as the catalogue serves them. */
async function browseFilms(baseUrl: string): Promise<Array<{ id: number; title: string }>> {
  const answer = await fetch(`${baseUrl}/api/catalogue/discover?type=movie&page=1`);
  return ((await answer.json()) as { results: Array<{ id: number; title: string }> }).results;
}

/** A title card of the page's main part, by its title. */
const titleCard = (page: Page, title: string) =>
  page
    .getByRole('main')
    .getByRole('article')
    .filter({ has: page.getByRole('link', { name: title, exact: true }) });

/** Whether each row of the season's episode list says Watched. */
function rowsWatched(page: Page, season = 1): Promise<boolean[]> {
  return page
    .getByRole('list', { name: `Season ${season} episodes` })
    .locator('li[data-episode]')
    .evaluateAll((rows) =>
      rows.map((row) => Array.from(row.querySelectorAll('span'), (span) => span.textContent).includes('Watched')),
    );
}

/** The stored entries as season x episode and source, in order. */
async function storedEpisodes(page: Page): Promise<string[]> {
  return (await storedHistory(page))
    .map((entry) => `S${entry.season_number}E${entry.episode_number} ${entry.source}`)
    .sort();
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/**
 * Breaking Bad (series 1 of the local catalogue) on Tuesday 12 February 2008: of the seven episodes
 * of its first season (the only one with episodes), the first three have aired.
 */
const BREAKING_BAD = { id: 1, name: 'Breaking Bad' };
const AIRED_THREE = new Date('2008-02-12T12:00:00');
const FIRST_THREE = ['S1E1 manual', 'S1E2 manual', 'S1E3 manual'];

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

  it('marks a film watched by keyboard on its card and in the player: Watched badges, entries by hand, axe clean with the dialog open; the card shows your rating beside the catalogue’s', async () => {
    const [rated, played] = await browseFilms(browser.baseUrl);
    const { page, context } = await browser.open(DESKTOP);
    await seedGuest(context, { ratings: [rating(rated!.id, 7)] });
    await page.goto('/browse/movie');
    await settle(page);

    // Your rating beside the catalogue's, over the poster's top-left corner.
    const card = titleCard(page, rated!.title);
    const yours = card.getByLabel('Your rating: 3.5 stars');
    const theirs = card.getByLabel(/^Rated \d+\.\d out of 10$/);
    await yours.waitFor();
    const [mine, catalogue] = [(await yours.boundingBox())!, (await theirs.boundingBox())!];
    expect(Math.abs(mine.y - catalogue.y)).toBeLessThanOrEqual(2);
    expect(mine.x).toBeGreaterThanOrEqual(catalogue.x + catalogue.width);
    expect(mine.x - (catalogue.x + catalogue.width)).toBeLessThan(12);
    expect(await yours.textContent()).toBe('3.5');

    expect(await card.locator('[data-watched]').count()).toBe(0);
    await tabTo(page, `Mark ${rated!.title} watched`, { max: 80 });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Mark as watched' });
    await dialog.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await tabTo(page, 'Mark watched');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.count()).toBe(0);
    await expectFocus(page, `Mark ${rated!.title} unwatched`);
    expect(
      await card.getByRole('button', { name: `Mark ${rated!.title} unwatched` }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(await card.locator('[data-watched]').textContent()).toBe('Watched');
    expect(await storedHistory(page)).toEqual([
      expect.objectContaining({ movie_id: rated!.id, content_type: 'movie', completed: true, source: 'manual' }),
    ]);
    // The badge hides while the card has the focus (its controls cover that corner); it shows once the focus moves on.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect
      .poll(() => card.locator('[data-watched]').evaluate((badge) => getComputedStyle(badge).opacity))
      .toBe('1');

    // In the player (a film nothing can play here, so the mark is the only entry it gets).
    await page.goto(`/watch/movie/${played!.id}`);
    await settle(page);
    await tabTo(page, `Mark ${played!.title} watched`, { max: 40 });
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await tabTo(page, 'Mark watched');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.count()).toBe(0);
    await expectFocus(page, `Mark ${played!.title} unwatched`);
    expect(
      await page.getByRole('button', { name: `Mark ${played!.title} unwatched` }).getAttribute('aria-pressed'),
    ).toBe('true');
    const stored = await storedHistory(page);
    expect(stored).toHaveLength(2);
    expect(stored).toContainEqual(
      expect.objectContaining({ movie_id: played!.id, content_type: 'movie', completed: true, source: 'manual' }),
    );
  });

  it('at 375 px by touch: a series marked on its card (every aired episode) and an episode in the player, axe clean with the dialog open', async () => {
    const { page } = await browser.open(MOBILE, { hasTouch: true });
    // In the player: the first episode of Game of Thrones (series 4).
    await page.goto('/watch/series/4?season=1&episode=1');
    await settle(page);
    const markEpisode = page.getByRole('button', { name: 'Mark S1 · E1 of Game of Thrones watched' });
    await markEpisode.tap();
    const dialog = page.getByRole('dialog', { name: 'Mark as watched' });
    await dialog.getByText('S1 · E1 of Game of Thrones').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Mark watched' }).tap();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect
      .poll(() =>
        page.getByRole('button', { name: 'Mark S1 · E1 of Game of Thrones unwatched' }).getAttribute('aria-pressed'),
      )
      .toBe('true');
    expect(await storedHistory(page)).toEqual([
      expect.objectContaining({ movie_id: 4, season_number: 1, episode_number: 1, source: 'manual' }),
    ]);
    expect(await noSidewaysScroll(page)).toBe(true);

    // On a card of the search results: every aired episode of Breaking Bad (the seven of its first season).
    await page.goto(`/search?q=${encodeURIComponent(BREAKING_BAD.name)}`);
    await settle(page);
    const card = titleCard(page, BREAKING_BAD.name).first();
    expect(await card.locator('[data-watched]').count()).toBe(0);
    await card.getByRole('button', { name: `Mark Every aired episode of ${BREAKING_BAD.name} watched` }).tap();
    await dialog.getByText(`Every aired episode of ${BREAKING_BAD.name}`).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Mark watched' }).tap();
    await expect.poll(() => card.locator('[data-watched]').textContent()).toBe('7 episodes');
    expect(
      await card.getByRole('button', { name: `Mark Every aired episode of ${BREAKING_BAD.name} unwatched` }).count(),
    ).toBe(1);
    const breakingBad = (await storedHistory(page)).filter((entry) => entry.movie_id === BREAKING_BAD.id);
    expect(
      breakingBad.map((entry) => `S${entry.season_number}E${entry.episode_number} ${entry.source}`).sort(),
    ).toEqual([1, 2, 3, 4, 5, 6, 7].map((number) => `S1E${number} manual`));
    expect(await noSidewaysScroll(page)).toBe(true);
  });

  for (const input of ['keyboard', 'touch'] as const) {
    const viewport = input === 'keyboard' ? DESKTOP : MOBILE;
    it(`marks a series and a season watched, aired episodes only, at ${viewport.width} px by ${input}${input === 'keyboard' ? ', and an episode from its row' : ''}; axe clean with the dialogs open`, async () => {
      const { page } = await browser.open(viewport, { hasTouch: input === 'touch' });
      // The day is set once a first page has loaded, and the series opened in the app: the server
      // renders pages for its own day (on which every episode has aired, and its footer's year).
      await page.goto('/help');
      await page.clock.setFixedTime(AIRED_THREE);
      await openInApp(page, `/series/${BREAKING_BAD.id}`);
      await expect.poll(() => rowsWatched(page)).toEqual([false, false, false, false, false, false, false]);
      // Episodes yet to air have nothing to mark.
      const row = (number: number) => page.locator(`li[data-episode="${number}"]`);
      expect(
        await row(4)
          .getByRole('button', { name: /^Mark S1 · E4 / })
          .count(),
      ).toBe(0);

      const button = (name: string) => page.getByRole('main').getByRole('button', { name, exact: true });
      /** Presses a button: Tab to it and Enter, or a tap. */
      const press = async (name: string, { backwards = false } = {}) => {
        if (input === 'touch') return button(name).tap();
        await tabTo(page, name, { max: 80, backwards });
        await page.keyboard.press('Enter');
      };
      const confirm = async (dialog: Locator, name: string) => {
        await dialog.waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        if (input === 'touch') await dialog.getByRole('button', { name }).tap();
        else {
          await tabTo(page, name);
          await page.keyboard.press('Enter');
        }
        await expect.poll(() => dialog.count()).toBe(0);
      };
      const markDialog = page.getByRole('dialog', { name: 'Mark as watched' });

      // The series: its aired episodes, not the four to come.
      await press('Mark all watched');
      await markDialog.getByText(`Every aired episode of ${BREAKING_BAD.name}`).waitFor();
      await confirm(markDialog, 'Mark watched');
      await expect.poll(() => rowsWatched(page)).toEqual([true, true, true, false, false, false, false]);
      expect(await storedEpisodes(page)).toEqual(FIRST_THREE);
      expect(await button('3 episodes watched').getAttribute('aria-pressed')).toBe('true');
      expect(await button('Season 1 watched').getAttribute('aria-pressed')).toBe('true');
      if (input === 'keyboard') await expectFocus(page, '3 episodes watched');

      // Unmarking the season asks first.
      await press('Season 1 watched');
      await confirm(page.getByRole('alertdialog', { name: 'Mark as unwatched?' }), 'Mark unwatched');
      await expect.poll(() => rowsWatched(page)).toEqual([false, false, false, false, false, false, false]);
      expect(await storedHistory(page)).toEqual([]);

      // The season: the same three.
      if (input === 'keyboard') {
        await expectFocus(page, 'Mark season 1 watched');
        await page.keyboard.press('Enter');
      } else await press('Mark season 1 watched');
      await markDialog.getByText('Season 1 of Breaking Bad').waitFor();
      await confirm(markDialog, 'Mark watched');
      await expect.poll(() => rowsWatched(page)).toEqual([true, true, true, false, false, false, false]);
      expect(await storedEpisodes(page)).toEqual(FIRST_THREE);
      expect(await button('3 episodes watched').getAttribute('aria-pressed')).toBe('true');
      expect(await noSidewaysScroll(page)).toBe(true);
      if (input === 'touch') return;

      // An episode's row by keyboard: unwatched at once, then watched through the dialog.
      await expectFocus(page, 'Season 1 watched');
      const episode = `S1 · E1 of ${BREAKING_BAD.name}`;
      await tabTo(page, `Mark ${episode} unwatched`);
      await page.keyboard.press('Enter');
      await expect.poll(() => rowsWatched(page)).toEqual([false, true, true, false, false, false, false]);
      expect(await storedEpisodes(page)).toEqual(FIRST_THREE.slice(1));
      await expectFocus(page, `Mark ${episode} watched`);
      await page.keyboard.press('Enter');
      await markDialog.getByText(episode).waitFor();
      await confirm(markDialog, 'Mark watched');
      await expect.poll(() => rowsWatched(page)).toEqual([true, true, true, false, false, false, false]);
      expect(await storedEpisodes(page)).toEqual(FIRST_THREE);
      await expectFocus(page, `Mark ${episode} unwatched`);
      expect(
        await row(1)
          .getByRole('button', { name: `Mark ${episode} unwatched` })
          .getAttribute('aria-pressed'),
      ).toBe('true');
    });
  }

  it('sorts and filters History by your rating at 375 px by keyboard alone, axe clean with the ratings shown', async () => {
    const [first, second, third] = await browseFilms(browser.baseUrl);
    const { page, context } = await browser.open(MOBILE);
    // Newest first: the first film (3 stars), the second (4.5 stars), the third (not rated).
    await seedGuest(context, {
      history: [filmWatched(first!, 1), filmWatched(second!, 2), filmWatched(third!, 3)],
      ratings: [rating(first!.id, 6), rating(second!.id, 9)],
    });
    await page.goto('/history');
    await settle(page);
    const cards = page.getByRole('main').getByRole('article');
    const order = () => cards.locator('h3').allTextContents();
    await expect.poll(order).toEqual([first!.title, second!.title, third!.title]);
    const badge = (title: string) => titleCard(page, title).locator('[data-user-rating]');
    expect(await badge(first!.title).getAttribute('aria-label')).toBe('Your rating: 3 stars');
    expect(await badge(second!.title).getAttribute('aria-label')).toBe('Your rating: 4.5 stars');
    expect(await badge(third!.title).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    // A closed select takes the arrow keys: each moves to the next option.
    await tabTo(page, 'Sort by', { max: 60 });
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.getByLabel('Sort by').inputValue()).toBe('rating-high');
    await expect.poll(order).toEqual([second!.title, first!.title, third!.title]);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.getByLabel('Sort by').inputValue()).toBe('rating-low');
    // Lowest first, what is not rated still last.
    await expect.poll(order).toEqual([first!.title, second!.title, third!.title]);

    await tabTo(page, 'Your rating');
    const filter = page.getByLabel('Your rating', { exact: true });
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => filter.inputValue()).toBe('rated');
    await expect.poll(order).toEqual([first!.title, second!.title]);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => filter.inputValue()).toBe('unrated');
    await expect.poll(order).toEqual([third!.title]);
    // 5 stars: nothing, then 4 stars and up: the 4.5.
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => filter.inputValue()).toBe('5');
    await page.getByText('No titles in your history with that rating.').waitFor();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => filter.inputValue()).toBe('4');
    await expect.poll(order).toEqual([second!.title]);
    expect(await noSidewaysScroll(page)).toBe(true);
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
