import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, MOBILE, useBrowser, type Viewer } from './support.ts';

/** Breaking Bad in the default local catalogue: 5 seasons, season 2 has 13 episodes. */
const SERIES_ID = 1;

/**
 * An absent title is a 404 answer of the API, which Chromium reports as a console error
 * ("Failed to load resource"). That one is expected; any other error still fails the test.
 */
function allowNotFoundAnswers(viewer: Viewer) {
  const unexpected = viewer.errors.filter((error) => !/status of 404/.test(error));
  viewer.errors.splice(0, viewer.errors.length, ...unexpected);
}

async function hasNoHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

describe('detail pages', () => {
  const browser = useBrowser();
  let movieId: number;

  beforeAll(async () => {
    const response = await fetch(`${browser.baseUrl}/api/catalogue/search?q=fight%20club`);
    const body = (await response.json()) as { results: Array<{ id: number; title?: string }> };
    const fightClub = body.results.find((result) => result.title === 'Fight Club');
    if (!fightClub) throw new Error('Fight Club is not in the local catalogue');
    movieId = fightClub.id;
  });

  for (const [label, viewport] of [
    ['1280 px', DESKTOP],
    ['375 px', MOBILE],
  ] as const) {
    it(`shows a movie at ${label}: hero, director, Watch Later, 12 similar titles`, async () => {
      const { page } = await browser.open(viewport);
      await page.goto(`/movie/${movieId}`);
      const heading = page.getByRole('heading', { level: 1 });
      await expect.poll(() => heading.textContent()).toBe('Fight Club');
      expect(await heading.count()).toBe(1);
      await expect.poll(() => page.title()).toBe('Fight Club | Marquee');

      const hero = page.getByRole('region', { name: 'Fight Club' });
      expect(await hero.getByRole('list', { name: 'Facts' }).textContent()).toContain('1999');
      expect(await hero.getByRole('list', { name: 'Facts' }).textContent()).toContain('139 min');
      // No file of it in the Library or on Jellyfin, and no custom source: no dead Watch Now (issue 29).
      await hero.getByRole('region', { name: 'Nothing can play this yet' }).waitFor();
      expect(await hero.getByRole('link', { name: 'Watch Now' }).count()).toBe(0);
      expect(await hero.getByRole('link', { name: 'Drama' }).getAttribute('href')).toBe('/genre/drama');
      // The backdrop is the largest paint: fetched eagerly with high priority.
      const backdrop = page.locator('img[fetchpriority="high"]').first();
      expect(await backdrop.getAttribute('loading')).toBeNull();

      const info = page.getByRole('region', { name: 'About the Movie' });
      const director = info.locator('dt', { hasText: 'Director' }).locator('xpath=following-sibling::dd[1]');
      expect(await director.textContent()).toBe('David Fincher');
      expect(await info.getByText('October 15, 1999').isVisible()).toBe(true);
      expect(await info.getByRole('link', { name: /View on TMDb/ }).getAttribute('href')).toBe(
        'https://www.themoviedb.org/search?query=Fight%20Club',
      );

      const toggle = hero.getByRole('button', { name: /Watch Later/ });
      expect(await toggle.getAttribute('aria-pressed')).toBe('false');
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
      expect(await toggle.textContent()).toBe('In Watch Later');
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');

      const similar = page.getByRole('region', { name: 'More Like This' });
      await similar.scrollIntoViewIfNeeded();
      await expect.poll(() => similar.getByRole('article').count()).toBe(12);
      expect(await similar.locator('img').first().getAttribute('loading')).toBe('lazy');

      expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe('Fight Club');
      expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toMatch(
        /^http:\/\/.+\/api\/art\/original\/backdrop\/movie\/\d+\.svg$/,
      );
      await page.getByRole('region', { name: 'Discussion' }).waitFor();
      expect(await hasNoHorizontalScroll(page)).toBe(true);
    });

    it(`shows a series at ${label}: seasons, episodes, season switching`, async () => {
      const { page } = await browser.open(viewport);
      await page.goto(`/series/${SERIES_ID}`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Breaking Bad');
      const hero = page.getByRole('region', { name: 'Breaking Bad' });
      expect(await hero.getByRole('list', { name: 'Facts' }).textContent()).toContain('5 Seasons');

      const episodes = page.getByRole('region', { name: 'Episodes' });
      const seasonOne = episodes.getByRole('list', { name: 'Season 1 episodes', exact: true });
      await seasonOne.waitFor();
      expect(await seasonOne.getByText('Pilot', { exact: true }).isVisible()).toBe(true);
      expect(await seasonOne.getByText('Jan 20, 2008').isVisible()).toBe(true);
      expect(await seasonOne.getByText('No description available for this episode.').first().isVisible()).toBe(true);
      expect(await hero.getByRole('link', { name: 'Watch Now' }).getAttribute('href')).toBe(
        `/watch/series/${SERIES_ID}?season=1&episode=1`,
      );

      // Seasons above 0 only, 1 to 5.
      const select = episodes.getByRole('combobox', { name: 'Season' });
      expect(await select.locator('option').allTextContents()).toEqual([1, 2, 3, 4, 5].map((n) => `Season ${n}`));
      await select.selectOption('2');
      const seasonTwo = episodes.getByRole('list', { name: 'Season 2 episodes', exact: true });
      await seasonTwo.waitFor();
      expect(await seasonTwo.getByRole('listitem').count()).toBe(13);
      expect(await episodes.getByText('Season 2 · 13 episodes').isVisible()).toBe(true);
      expect(await hero.getByRole('link', { name: 'Watch Now' }).getAttribute('href')).toBe(
        `/watch/series/${SERIES_ID}?season=2&episode=1`,
      );

      // The list scrolls inside itself: 600 px high at most, 80 % of the viewport on phones.
      const box = await seasonTwo.boundingBox();
      const limit = viewport.width < 768 ? viewport.height * 0.8 : 600;
      expect(box!.height).toBeLessThanOrEqual(limit + 1);
      expect(await seasonTwo.evaluate((list) => list.scrollHeight > list.clientHeight)).toBe(true);

      const info = page.getByRole('region', { name: 'About the Series' });
      const creator = info.locator('dt', { hasText: 'Creator' }).locator('xpath=following-sibling::dd[1]');
      expect(await creator.textContent()).toBe('Vince Gilligan');
      expect(await hasNoHorizontalScroll(page)).toBe(true);
    });
  }

  it('serves the series page at /tv/{id} too, and opens a similar title from More Like This', async () => {
    const { page } = await browser.open(DESKTOP);
    await page.goto(`/tv/${SERIES_ID}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Breaking Bad');
    const similar = page.getByRole('region', { name: 'More Like This' });
    await similar.scrollIntoViewIfNeeded();
    const first = similar.getByRole('article').first().getByRole('heading').getByRole('link');
    const title = await first.textContent();
    await first.click();
    await page.waitForURL((url) => /^\/(series|movie)\/\d+$/.test(url.pathname) && url.pathname !== '/series/1');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
  });

  it('resumes from the viewing history, and from navigation state ahead of it', async () => {
    const { page } = await browser.open(DESKTOP);
    await page.goto(`/series/${SERIES_ID}`);
    await page.getByRole('heading', { level: 1, name: 'Breaking Bad' }).waitFor();
    const episodes = page.getByRole('region', { name: 'Episodes' });

    // The viewer's own history says where they stopped: Resume.
    await page.evaluate((id) => {
      window.localStorage.setItem(
        'marquee:history',
        JSON.stringify([
          {
            id: 'h1',
            movie_id: id,
            movie_title: 'Breaking Bad',
            content_type: 'tv',
            watched_at: new Date().toISOString(),
            season_number: 3,
            episode_number: 5,
          },
        ]),
      );
    }, SERIES_ID);
    await page.reload();
    await episodes.getByRole('list', { name: 'Season 3 episodes', exact: true }).waitFor();
    expect(await page.locator('[data-highlighted]').getAttribute('data-episode')).toBe('5');
    expect(await page.getByRole('link', { name: 'Resume S3 · E5' }).getAttribute('href')).toBe(
      `/watch/series/${SERIES_ID}?season=3&episode=5`,
    );

    // The history screen passes { lastWatchedSeason, lastWatchedEpisode } as router state: Continue.
    await page.evaluate(() => {
      window.history.replaceState(
        { usr: { lastWatchedSeason: 2, lastWatchedEpisode: 4 }, key: 'resume', idx: 0 },
        '',
        window.location.pathname,
      );
    });
    await page.reload();
    await episodes.getByRole('list', { name: 'Season 2 episodes', exact: true }).waitFor();
    expect(await episodes.getByRole('combobox', { name: 'Season' }).inputValue()).toBe('2');
    expect(await page.locator('[data-highlighted]').getAttribute('data-episode')).toBe('4');
    expect(await page.getByRole('link', { name: 'Continue S2 · E4' }).getAttribute('href')).toBe(
      `/watch/series/${SERIES_ID}?season=2&episode=4`,
    );
    expect(await page.getByRole('link', { name: /^Resume/ }).count()).toBe(0);
  });

  it('shows the not-found page of a detail route for an absent or impossible id', async () => {
    const viewer = await browser.open(MOBILE);
    const { page } = viewer;
    for (const [path, heading] of [
      ['/movie/999999999', 'Movie Not Found'],
      ['/movie/abc', 'Movie Not Found'],
      ['/series/999999999', 'Series Not Found'],
    ] as const) {
      await page.goto(path);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(heading);
      await expect.poll(() => page.title()).toBe(`${heading} | Marquee`);
    }
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    allowNotFoundAnswers(viewer);
  });
});
