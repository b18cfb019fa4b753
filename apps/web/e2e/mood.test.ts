import { describe, expect, it } from 'vitest';
import { seriousViolations } from './a11y.ts';
import { DESKTOP, MOBILE, useBrowser, type Viewer } from './support.ts';

// The home page's mood box (product.md §2, DESIGN.md "AI mood box") against the real recommender.

async function openHome(
  browser: ReturnType<typeof useBrowser>,
  viewport: { width: number; height: number } = DESKTOP,
  storage?: Record<string, unknown>,
) {
  const viewer = await browser.open(viewport);
  if (storage) {
    await viewer.page.addInitScript((entries) => {
      for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, JSON.stringify(value));
    }, storage);
  }
  await viewer.page.goto('/');
  return viewer;
}

function moodBox({ page }: Viewer) {
  return {
    input: page.getByRole('textbox', { name: 'Describe what you feel like watching' }),
    submit: page.getByRole('button', { name: 'Get Recommendations' }),
    picks: page.getByRole('list', { name: 'Recommended for you' }).getByRole('listitem'),
  };
}

describe('the mood box', () => {
  const browser = useBrowser();

  it('answers a request typed and sent with Enter, each pick with its reason, and never a watched title', async () => {
    const viewer = await openHome(browser);
    const box = moodBox(viewer);
    await box.input.waitFor();
    expect(await box.submit.isDisabled()).toBe(true);
    await box.input.fill('slow mind-bending sci-fi');
    expect(await box.submit.isDisabled()).toBe(false);
    await box.input.press('Enter');
    await box.picks.first().waitFor();
    expect(await box.picks.count()).toBeGreaterThanOrEqual(6);
    await expect.poll(() => viewer.page.getByText('Understood:').isVisible()).toBe(true);
    const first = box.picks.first();
    const title = (await first.getByRole('heading').textContent())!;
    expect(await first.textContent()).toMatch(/Sci-fi|Mind-bending|Science Fiction|Sci-Fi & Fantasy/);
    const href = (await first.getByRole('link', { name: title }).first().getAttribute('href'))!;
    expect(await seriousViolations(viewer.page)).toEqual([]);

    // The same request from a browser whose history holds that title.
    const [, type, id] = /^\/(movie|series)\/(\d+)$/.exec(href)!;
    const watched = await openHome(browser, DESKTOP, {
      'marquee:history': [
        {
          id: type === 'movie' ? `movie:${id}` : `tv:${id}:s1:e1`,
          movie_id: Number(id),
          movie_title: title,
          movie_poster: null,
          content_type: type === 'movie' ? 'movie' : 'tv',
          watched_at: '2026-11-01T10:00:00.000Z',
          duration_watched: 600,
          total_duration: 3000,
          completed: false,
          synced: false,
          season_number: type === 'movie' ? null : 1,
          episode_number: type === 'movie' ? null : 1,
          episode_title: null,
        },
      ],
    });
    const again = moodBox(watched);
    await again.input.fill('slow mind-bending sci-fi');
    await again.submit.click();
    await again.picks.first().waitFor();
    const titles = await again.picks.getByRole('heading').allTextContents();
    expect(titles).not.toContain(title);
  });

  it('asks with an example on a phone, showing the picks in a row', async () => {
    const viewer = await openHome(browser, MOBILE);
    await viewer.page.getByRole('button', { name: 'a feel-good 90s comedy' }).click();
    const box = moodBox(viewer);
    await box.picks.first().waitFor();
    expect(await box.input.inputValue()).toBe('a feel-good 90s comedy');
    expect(await box.picks.first().textContent()).toMatch(/from the 1990s/);
    const width = await viewer.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });

  it('says "Failed to fetch recommendations. Please try again." when the request fails', async () => {
    const viewer = await openHome(browser);
    await viewer.page.route('**/api/recommend?**', (route) =>
      route.fulfill({ status: 503, json: { error: { code: 'unavailable', message: 'Down for a moment' } } }),
    );
    const box = moodBox(viewer);
    await box.input.fill('something scary but funny');
    await box.submit.click();
    await viewer.page
      .getByRole('alert')
      .filter({ hasText: 'Failed to fetch recommendations. Please try again.' })
      .first()
      .waitFor();
    await viewer.page.getByText('Failed to fetch recommendations. Please try again.').nth(1).waitFor();
    // The failed request and the box's own report are the expected console errors here.
    viewer.errors.splice(0, viewer.errors.length);
  });
});
