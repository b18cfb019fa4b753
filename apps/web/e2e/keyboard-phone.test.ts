import { beforeAll, describe, expect, it } from 'vitest';
import {
  expectFocus,
  expectNoFailures,
  expectNoFailuresByRoute,
  seedLibrary,
  sweep,
  sweepRoutes,
  tabTo,
} from './keyboard.ts';
import { MOBILE, sampleTitles, settle, useBrowser, type Sample } from './support.ts';

/** The keyboard at phone width (375 px): the header's menu button and menu, and the pages laid out for phones. */
describe('keyboard alone on a phone', () => {
  const browser = useBrowser();
  let sample: Sample;

  beforeAll(async () => {
    sample = await sampleTitles(browser.baseUrl);
  });

  it('opens the menu, and Escape closes it with the focus back on its button', async () => {
    const { page } = await browser.open(MOBILE);
    await page.goto('/');
    await settle(page);
    const menu = page.locator('#mobile-menu');
    await tabTo(page, 'Open menu', { max: 10 });
    await page.keyboard.press('Enter');
    await menu.waitFor();
    await expectFocus(page, 'Close menu');
    expect(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    await tabTo(page, 'Browse');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await expectFocus(page, 'Open menu');

    // In the menu's search, Escape closes the results first, then the menu.
    await page.keyboard.press('Enter');
    await menu.waitFor();
    await tabTo(page, 'Search movies and series');
    await page.keyboard.type('star');
    const results = menu.getByRole('listbox', { name: 'Search results' });
    await results.waitFor();
    await page.keyboard.press('Escape');
    await results.waitFor({ state: 'detached' });
    expect(await menu.isVisible()).toBe(true);
    await expectFocus(page, 'Search movies and series');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await expectFocus(page, 'Open menu');

    // A link of the menu opens its page, and the menu closes.
    await page.keyboard.press('Enter');
    await menu.waitFor();
    await tabTo(page, 'Watch Later');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/watchlater');
    await menu.waitFor({ state: 'detached' });
  });

  it('shows the focus on every stop of the open menu, the home page and the detail pages', async () => {
    const { page, context } = await browser.open(MOBILE);
    await seedLibrary(context, sample);
    await page.goto('/');
    await settle(page);
    await tabTo(page, 'Open menu', { max: 10 });
    await page.keyboard.press('Enter');
    await page.locator('#mobile-menu').waitFor();
    const { failures, reached } = await sweep(page, { until: 'Sign In', max: 15 });
    expect(reached).toBe(true);
    expectNoFailures(failures, 'the open menu');
    await page.keyboard.press('Escape');

    const found = await sweepRoutes(page, ['/', `/movie/${sample.movie}`, `/series/${sample.tv}`, '/settings']);
    // Backwards, a setting Shift+Tab scrolls back into view must not stop under the section tabs,
    // which stick under the header on a phone.
    await page.goto('/settings#display');
    await settle(page);
    const backwards = await sweep(page, { max: 100, backwards: true });
    if (backwards.failures.length > 0) found['/settings#display (Shift+Tab)'] = backwards.failures;
    expectNoFailuresByRoute(found);
  }, 120_000);
});
