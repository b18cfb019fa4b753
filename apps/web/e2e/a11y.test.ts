import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PLAYER_TIMING } from '../src/lib/player/player-rules.ts';
import { seriousViolations } from './a11y.ts';
import { paintedContrast } from './contrast.ts';
import { createAccount, signInContext } from './session.ts';
import { DESKTOP, MOBILE, sampleTitles, settle, sweepTo, useBrowser, type Sample } from './support.ts';

/** Two custom sources (player.md §3), answered by the test: the player then has a source to pick. */
async function withMirrorSources(page: Page, baseUrl: string) {
  await page.addInitScript((appOrigin) => {
    // Init scripts also run in the embeds' frames, which must not touch Marquee's storage.
    if (location.origin !== appOrigin) return;
    const mirror = (name: string) => ({
      name,
      movieUrl: `https://${name}.example/movie/{movieID}`,
      tvUrl: `https://${name}.example/tv/{seriesId}/{season}/{episode}`,
      recommended: false,
    });
    localStorage.setItem('marquee:settings', JSON.stringify({ customVideoSources: [mirror('one'), mirror('two')] }));
  }, baseUrl);
  await page.route(/^https:\/\/(one|two)\.example\//, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Mirror</title><p>playing</p>' }),
  );
}

/** Every route of product.md §2 and player.md §2 in its main state. */
function routes(sample: Sample): string[] {
  return [
    '/',
    '/browse',
    '/browse/tv',
    '/genre/comedy',
    '/search?q=star',
    '/search?q=zzzzqqqq',
    `/movie/${sample.movie}`,
    `/series/${sample.tv}`,
    `/watch/movie/${sample.movie}`,
    `/watch/series/${sample.tv}`,
    '/watchlater',
    '/history',
    '/stats',
    '/progress',
    '/calendar',
    '/settings#profile',
    '/settings#display',
    '/settings#content',
    '/settings#privacy',
    '/settings#accessibility',
    '/settings#data',
    '/lists',
    `/list/${sample.list}`,
    '/help',
    '/contact',
    '/faq',
    '/privacy',
    '/terms',
    '/cookies',
    '/reset-password?token=sample',
    '/db-test',
    '/no-such-page',
  ];
}

/**
 * The routes whose layout changes on a phone (the mobile menu, grids, the detail hero, the
 * player, the settings tabs); the text pages, the other settings tabs and the error pages are laid
 * out the same at both widths and are checked at desktop width only.
 */
function phoneRoutes(sample: Sample): string[] {
  const sameOnPhones = new Set([
    '/browse/tv',
    '/genre/comedy',
    '/search?q=zzzzqqqq',
    '/settings#content',
    '/settings#privacy',
    '/settings#accessibility',
    '/settings#data',
    '/help',
    '/contact',
    '/privacy',
    '/terms',
    '/cookies',
    '/reset-password?token=sample',
    '/db-test',
    '/no-such-page',
  ]);
  return routes(sample).filter((route) => !sameOnPhones.has(route));
}

describe('accessibility (axe-core: no serious or critical violations)', () => {
  const browser = useBrowser();
  let sample: Sample;

  beforeAll(async () => {
    sample = await sampleTitles(browser.baseUrl);
  });

  for (const [label, viewport, which] of [
    ['desktop', DESKTOP, routes],
    ['phone', MOBILE, phoneRoutes],
  ] as const) {
    it(`every route at ${label} width`, async () => {
      const { page } = await browser.open(viewport);
      // Motion is not what axe judges; without it no check waits for a transition to end.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const found: Record<string, unknown> = {};
      for (const [index, route] of which(sample).entries()) {
        await sweepTo(page, route, index);
        const violations = await seriousViolations(page);
        if (violations.length > 0) found[route] = violations;
      }
      expect(found).toEqual({});
    }, 240_000);
  }

  it('dialogs and menus, open', async () => {
    const { page } = await browser.open(DESKTOP);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const found: Record<string, unknown> = {};
    const check = async (state: string) => {
      const violations = await seriousViolations(page);
      if (violations.length > 0) found[state] = violations;
    };

    await page.goto('/');
    await settle(page);
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('dialog', { name: 'Sign In' }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign In', exact: true }).click();
    await check('auth dialog, sign in with errors');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await check('auth dialog, sign up');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Latest Updates' }).click();
    await page.getByRole('dialog').waitFor();
    await check('latest updates');
    await page.keyboard.press('Escape');

    await page
      .getByRole('combobox', { name: /search/i })
      .first()
      .fill('the');
    await page.getByRole('listbox').first().waitFor();
    await check('search dropdown');

    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    const auth = page.getByRole('dialog', { name: 'Sign In' });
    await auth.getByRole('button', { name: 'Forgot password?' }).click();
    await auth.getByText('Please enter your email address').waitFor();
    await check('auth dialog, forgot password without an address');
    await page.keyboard.press('Escape');
    await auth.waitFor({ state: 'detached' });

    await page.getByRole('contentinfo').getByRole('button', { name: 'Send Feedback' }).click();
    await page.getByRole('dialog', { name: 'Send Feedback' }).getByRole('button', { name: '4 stars' }).click();
    await check('feedback dialog');
    await page.keyboard.press('Escape');

    // A series: the detail page's episode list on another season, then its watching view.
    await page.goto(`/series/${sample.tv}`);
    await settle(page);
    await page.getByRole('combobox', { name: 'Season' }).selectOption({ index: 1 });
    await page.getByRole('list', { name: /^Season \d+ episodes$/ }).waitFor();
    await check('series, second season');
    await page
      .getByRole('button', { name: /open the discussion/ })
      .first()
      .click();
    await page.getByRole('dialog', { name: /^Comments/ }).waitFor();
    await check('comments dialog');
    await page.keyboard.press('Escape');

    await withMirrorSources(page, browser.baseUrl);
    await page.goto(`/watch/series/${sample.tv}`);
    await settle(page);
    const episodes = page.getByRole('list', { name: /^Season \d+ episode list$/ });
    await episodes.getByRole('button').nth(1).click();
    await expect.poll(() => episodes.locator('[aria-current="true"]').count()).toBe(1);
    await check('episode browser, second episode playing');
    const source = page.getByLabel('Video source');
    await source.focus();
    await source.selectOption({ label: 'two' });
    await expect.poll(() => page.locator('iframe').getAttribute('src')).toMatch(/^https:\/\/two\.example\//);
    await check('source picker, another source chosen');
    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByRole('menu').waitFor();
    await check('share menu');
    await page.keyboard.press('Escape');

    await page.setViewportSize(MOBILE);
    await page.goto('/');
    await settle(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await check('mobile menu');

    // player.md §9: a movie released 0 to 15 days ago opens with a warning.
    const { page: early } = await browser.open(DESKTOP);
    await early.emulateMedia({ reducedMotion: 'reduce' });
    await early.clock.setFixedTime(Date.parse(`${sample.recent.release_date}T12:00:00Z`) + 5 * 24 * 3600_000);
    await early.goto(`/watch/movie/${sample.recent.id}`);
    await early.getByRole('dialog', { name: 'Recently Released Movie' }).waitFor();
    const violations = await seriousViolations(early);
    if (violations.length > 0) found['recent-release warning'] = violations;
    expect(found).toEqual({});
  }, 120_000);

  it('signed-in pages, menus and dialogs', async () => {
    const account = await createAccount('axe');
    const { page, context } = await browser.open(DESKTOP);
    await signInContext(context, account);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const found: Record<string, unknown> = {};
    const check = async (state: string) => {
      const violations = await seriousViolations(page);
      if (violations.length > 0) found[state] = violations;
    };
    const closeAlert = async () => {
      await page.keyboard.press('Escape');
      await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    };

    // Something in Watch Later, History and the discussion.
    await page.goto(`/movie/${sample.movie}`);
    await settle(page);
    await page.getByRole('button', { name: 'Add to Watch Later' }).click();
    await page.getByRole('button', { name: 'In Watch Later' }).waitFor();
    const discussion = page.getByRole('region', { name: 'Discussion' });
    // The discussion loads as the reader nears it, at the end of the page.
    await discussion.scrollIntoViewIfNeeded();
    await discussion.getByLabel('Share your thoughts').fill('Checked by axe.');
    await check('detail page, comment being written');
    await discussion.getByRole('button', { name: 'Post' }).click();
    const comment = discussion.getByRole('article').filter({ hasText: 'Checked by axe.' });
    await comment.getByRole('button', { name: 'Edit' }).click();
    await check('comment being edited');
    await comment.getByRole('button', { name: 'Cancel' }).click();
    await comment.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog', { name: 'Delete comment?' }).waitFor();
    await check('comment delete confirmation');
    await closeAlert();
    // Watching puts the title in History: an embed that has loaded and stayed open (DESIGN.md), the
    // page's clock moved on until it counts rather than waited out.
    await withMirrorSources(page, browser.baseUrl);
    await page.clock.install();
    await page.goto(`/watch/movie/${sample.movie}`);
    await settle(page);
    await page.frameLocator('iframe').getByText('playing').waitFor();
    await expect
      .poll(async () => {
        await page.clock.fastForward(PLAYER_TIMING.embedWatchingMs);
        return page.evaluate(() => (JSON.parse(localStorage.getItem('marquee:history') ?? '[]') as unknown[]).length);
      })
      .toBe(1);

    for (const [route, clear] of [
      ['/watchlater', 'Clear Watch Later?'],
      ['/history', 'Clear your history?'],
    ] as const) {
      await page.goto(route);
      await settle(page);
      await check(`${route}, signed in`);
      await page.getByRole('main').getByRole('button', { name: 'Clear' }).click();
      await page.getByRole('alertdialog', { name: clear }).waitFor();
      await check(`${route}, clear confirmation`);
      await closeAlert();
    }

    await page.goto('/settings#data');
    await settle(page);
    for (const [button, clear] of [
      ['Clear history', 'Clear your history?'],
      ['Clear Watch Later', 'Clear Watch Later?'],
    ] as const) {
      await page.getByRole('main').getByRole('button', { name: button, exact: true }).click();
      await page.getByRole('alertdialog', { name: clear }).waitFor();
      await check(`settings, ${button} confirmation`);
      await closeAlert();
    }
    await page.goto('/settings#profile');
    await settle(page);
    await check('settings, profile, signed in');
    await page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('dialog', { name: 'Sign Out' }).waitFor();
    await check('settings, sign-out dialog');
    await page.keyboard.press('Escape');

    const menuButton = page.getByRole('button', { name: /^Account menu for / });
    await menuButton.click();
    await page.getByRole('menu').waitFor();
    await check('user menu');
    await page.getByRole('menuitem', { name: 'View profile' }).click();
    const profile = page.getByRole('dialog', { name: 'Profile' });
    await profile.getByText(account.email).waitFor();
    await check('profile dialog');
    await profile.getByRole('button', { name: 'Edit Profile' }).click();
    await profile.getByLabel('Username').waitFor();
    await check('profile dialog, editing');
    await page.keyboard.press('Escape');
    await profile.waitFor({ state: 'detached' });
    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.getByRole('dialog', { name: 'Sign Out' }).waitFor();
    await check('user menu, sign-out dialog');
    await page.keyboard.press('Escape');

    await page.setViewportSize(MOBILE);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await check('mobile menu, signed in');
    expect(found).toEqual({});
  }, 120_000);

  it('measures on the painted page the text axe cannot judge, and finds faint text over a gradient', async () => {
    const { page } = await browser.open(DESKTOP);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/help');
    await settle(page);
    await page.evaluate(() => {
      const sample = (id: string, colour: string) => {
        const block = document.createElement('p');
        block.id = id;
        block.textContent = 'Sample words over a gradient';
        block.style.cssText = `background: linear-gradient(90deg, #20232b, #2a2d36); color: ${colour}; padding: 8px; font-size: 16px`;
        document.querySelector('main')!.prepend(block);
      };
      sample('faint', '#5b5f6b');
      sample('clear', '#e8e8ea');
    });
    const result = await paintedContrast(page);
    expect(result.failures.map((failure) => failure.target)).toEqual(['#faint']);
    expect(result.failures[0]!.ratio).toBeLessThan(3);
    expect(result.measured).toBeGreaterThanOrEqual(2);
  }, 60_000);

  const everyRoute = (): string[] => [
    '/',
    '/browse',
    `/movie/${sample.movie}`,
    `/series/${sample.tv}`,
    `/watch/movie/${sample.movie}`,
    '/lists',
    `/list/${sample.list}`,
    '/settings#display',
  ];
  // The other themes and the phone layout change the colours and the pictures' crops, not which
  // pages carry text over pictures: the pages with the most of it (the hero, posters, the detail
  // backdrop, the settings cards) stand for them, which keeps the browser run short.
  const picturePages = (): string[] => ['/', `/movie/${sample.movie}`, `/series/${sample.tv}`, '/settings#display'];

  // Text over a gradient, a picture or another element, which axe leaves undecided, in every theme.
  for (const [theme, settings, viewport, routes, least] of [
    ['dark', {}, DESKTOP, everyRoute, 50],
    ['dark', {}, MOBILE, picturePages, 25],
    ['dim', { darkMode: false }, DESKTOP, picturePages, 25],
    ['high-contrast', { highContrastMode: true }, DESKTOP, picturePages, 25],
  ] as const) {
    it(`text over pictures and gradients keeps AA contrast in the ${theme} theme at ${viewport.width} px`, async () => {
      const { page, context } = await browser.open(viewport);
      await context.addInitScript((stored) => {
        localStorage.setItem('marquee:settings', JSON.stringify(stored));
      }, settings);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const found: Record<string, unknown> = {};
      let measured = 0;
      for (const [index, route] of routes().entries()) {
        await sweepTo(page, route, index);
        const result = await paintedContrast(page);
        measured += result.measured;
        if (result.failures.length > 0) found[route] = result.failures;
      }
      expect(found).toEqual({});
      // Posters, the hero and the settings cards carry text over pictures and gradients on these pages.
      expect(measured).toBeGreaterThan(least);
    }, 180_000);
  }

  // The dark theme is the default, checked with every rule above; these are the other two.
  for (const [theme, settings] of [
    ['dim', { darkMode: false }],
    ['high-contrast', { highContrastMode: true }],
  ] as const) {
    it(`keeps AA contrast in the ${theme} theme`, async () => {
      const { page, context } = await browser.open(DESKTOP);
      await context.addInitScript((stored) => {
        localStorage.setItem('marquee:settings', JSON.stringify(stored));
      }, settings);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const found: Record<string, unknown> = {};
      const check = async (state: string) => {
        const violations = await seriousViolations(page, ['color-contrast']);
        if (violations.length > 0) found[state] = violations;
      };
      for (const [index, route] of [
        '/',
        '/browse',
        `/movie/${sample.movie}`,
        `/series/${sample.tv}`,
        `/watch/movie/${sample.movie}`,
        `/list/${sample.list}`,
        '/settings#accessibility',
      ].entries()) {
        await sweepTo(page, route, index);
        expect(await page.evaluate(() => document.documentElement.classList.value)).toContain(theme);
        await check(route);
      }
      await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
      const auth = page.getByRole('dialog', { name: 'Sign In' });
      await auth.getByRole('button', { name: 'Sign In', exact: true }).click();
      await auth.getByText('Email is required').waitFor();
      await check('auth dialog with errors');
      expect(found).toEqual({});
    }, 120_000);
  }
});
