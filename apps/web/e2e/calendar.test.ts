import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { seriousViolations } from './a11y.ts';
import { tabTo } from './keyboard.ts';
import { createAccount, signInContext, type Account } from './session.ts';
import { DESKTOP, MOBILE, openInApp, settle, useBrowser } from './support.ts';

// The calendar (issue 30) over the local catalogue, whose air dates are fixed: Breaking Bad
// (series 1) aired its first season on Sundays from 2008-01-20 ("Pilot") to 2008-03-09. A guest's
// calendar is computed in the browser, with the page's clock set to Tuesday 12 February 2008; an
// account's comes from the server, its iCal feed at a secret address.

const baseUrl = inject('baseUrl');
const NOW = new Date('2008-02-12T12:00:00');

function episode(number: number) {
  return {
    id: `tv:1:s1:e${number}`,
    movie_id: 1,
    movie_title: 'Breaking Bad',
    movie_poster: '/poster/tv/1.svg',
    content_type: 'tv',
    watched_at: new Date(NOW.getTime() - (10 - number) * 3_600_000).toISOString(),
    duration_watched: 0,
    total_duration: null,
    completed: true,
    synced: false,
    season_number: 1,
    episode_number: number,
    episode_title: null,
    source: 'manual',
    play_count: 1,
  };
}

async function seedGuest(context: BrowserContext, watchLater: unknown[] = []): Promise<void> {
  await context.addInitScript(
    ({ history, saved }: { history: string; saved: string }) => {
      if (sessionStorage.getItem('e2e-seeded')) return;
      sessionStorage.setItem('e2e-seeded', '1');
      localStorage.setItem('marquee:history', history);
      localStorage.setItem('marquee:watch_later', saved);
    },
    { history: JSON.stringify([episode(2), episode(1)]), saved: JSON.stringify(watchLater) },
  );
}

/** Game of Thrones (series 4, first aired Sunday 17 April 2011) in Watch Later, never started. */
const SAVED_SERIES = {
  id: 'tv:4',
  movie_id: 4,
  movie_title: 'Game of Thrones',
  movie_poster: null,
  content_type: 'tv',
  added_at: NOW.toISOString(),
};

const section = (page: Page, name: string | RegExp) => page.getByRole('main').getByRole('region', { name });

let account: Account;
beforeAll(async () => {
  account = await createAccount('calendar');
}, 120_000);

describe('the calendar for a guest', { timeout: 90_000 }, () => {
  const browser = useBrowser();

  it('lists this week first, then what comes, then what aired lately with the unwatched marked; weeks by keyboard', async () => {
    const { page, context } = await browser.open(DESKTOP);
    await seedGuest(context);
    await page.clock.setFixedTime(NOW);
    await page.goto('/calendar');
    await settle(page);
    await page.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor();
    await page.getByText('The built-in catalogue has fixed air dates that end in 2025').waitFor();

    const headings = await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();
    expect(headings.slice(0, 3)).toEqual(['This week', 'Coming up', 'Recently aired']);
    const thisWeek = section(page, 'This week');
    await thisWeek.getByRole('heading', { name: 'Sunday, February 17' }).waitFor();
    await thisWeek.getByRole('link', { name: 'Breaking Bad S1E4: Cancer Man' }).waitFor();
    const coming = section(page, 'Coming up');
    expect(await coming.getByRole('link').allTextContents()).toHaveLength(3); // S1E5-S1E7
    const recent = section(page, 'Recently aired');
    const waiting = recent.getByRole('listitem').filter({ hasText: 'S1E3' });
    await waiting.getByText('Not watched yet').waitFor();
    // Aired, so the entry leads to the player.
    expect(await waiting.getByRole('link').getAttribute('href')).toBe('/watch/series/1?season=1&episode=3');
    await page.getByText('Sign in to get a private address').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await tabTo(page, 'Later');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 2, name: 'Week of March 10, 2008' }).waitFor();
    await page.getByText('Nothing airing from March 10, 2008 to March 16, 2008.').waitFor();
    await section(page, 'Recently aired').getByRole('link', { name: /S1E7/ }).waitFor();
    expect(page.url()).toContain('?week=2008-03-10');
    await tabTo(page, 'This week', { backwards: true });
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 2, name: 'This week' }).waitFor();
  });

  it('reads at 375 px without sideways scrolling, and a week that cannot be read is this week', async () => {
    const { page, context } = await browser.open(MOBILE);
    await seedGuest(context, [SAVED_SERIES]);
    await page.clock.setFixedTime(NOW);
    await page.goto('/calendar?week=3000-99-99');
    await settle(page);
    await section(page, 'This week').getByRole('link', { name: /S1E4/ }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousViolations(page)).toEqual([]);

    // A series in Watch Later that was never started is followed too: its first weeks.
    await openInApp(page, '/calendar?week=2011-04-18');
    const week = section(page, 'Week of April 18, 2011');
    await week.getByRole('link', { name: 'Game of Thrones S1E2: The Kingsroad' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

describe('the calendar for an account', { timeout: 120_000 }, () => {
  const browser = useBrowser();

  it("shows the server's calendar with its iCal feed, and renewing the address stops the old one", async () => {
    const { page, context } = await browser.open(DESKTOP);
    await signInContext(context, account);
    const at = new Date().toISOString();
    const seeded = await context.request.post('/api/me/sync', {
      data: {
        operations: [
          { op: 'upsert', store: 'history', at, item: { ...episode(1), watched_at: at } },
          {
            op: 'upsert',
            store: 'watch_later',
            at,
            item: {
              id: 'movie:987654',
              movie_id: 987654,
              movie_title: 'A Premiere, Far Away',
              movie_poster: null,
              movie_release_date: '2008-02-14',
              content_type: 'movie',
              added_at: at,
            },
          },
        ],
      },
      headers: { origin: baseUrl },
    });
    expect(seeded.status(), await seeded.text()).toBe(200);

    await page.goto('/calendar?week=2008-02-11');
    await settle(page);
    const week = section(page, 'Week of February 11, 2008');
    await week.getByRole('link', { name: 'Breaking Bad S1E4: Cancer Man' }).waitFor();
    await week.getByRole('link', { name: 'A Premiere, Far Away (release)' }).waitFor();

    const address = page.getByRole('textbox', { name: 'Calendar address' });
    const url = await address.inputValue();
    expect(url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const feed = await context.request.get(new URL(url).pathname);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    expect(await feed.text()).toMatch(/^BEGIN:VCALENDAR\r\n/);

    await tabTo(page, 'Renew address');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Renew the calendar address?' });
    await dialog.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Renew address' }).click();
    await expect.poll(() => address.inputValue()).not.toBe(url);
    expect((await context.request.get(new URL(url).pathname)).status()).toBe(404);
    expect((await context.request.get(new URL(await address.inputValue()).pathname)).status()).toBe(200);
  });

  it('refuses a bad range with a message naming the field', async () => {
    const { context } = await browser.open(DESKTOP);
    await signInContext(context, account);
    for (const [query, message] of [
      ['from=2008-02-01&to=2008-01-01', 'must not be before from'],
      ['from=3000-01-01&to=3000-01-02', 'must be between 1900-01-01 and 2099-12-31'],
      ['from=2008-01-01&to=2008-12-31', 'must be at most 92 days after from'],
      ['from=soon&to=later', 'must be a date (YYYY-MM-DD)'],
    ]) {
      const answer = await context.request.get(`/api/me/calendar?${query}`);
      expect(answer.status(), query).toBe(400);
      expect(((await answer.json()) as { error: { message: string } }).error.message, query).toContain(message);
    }
  });
});
