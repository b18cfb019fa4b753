import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './a11y.ts';
import { DESKTOP, MOBILE, useBrowser } from './support.ts';

interface Sample {
  movie: number;
  tv: number;
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
    '/watchlater',
    '/history',
    '/settings#profile',
    '/settings#display',
    '/settings#content',
    '/settings#privacy',
    '/settings#accessibility',
    '/settings#data',
    '/lists',
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

/** Waits for the route's data to settle: no loading spinners or skeletons left. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page
    .locator('[role="status"][aria-label^="Loading"], [aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
}

describe('accessibility (axe-core: no serious or critical violations)', () => {
  const browser = useBrowser();
  let sample: Sample;

  beforeAll(async () => {
    const first = async (type: string) =>
      (
        (await (await fetch(`${browser.baseUrl}/api/catalogue/discover?type=${type}`)).json()) as {
          results: Array<{ id: number }>;
        }
      ).results[0]!.id;
    sample = { movie: await first('movie'), tv: await first('tv') };
  });

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', MOBILE],
  ] as const) {
    it(`every route at ${label} width`, async () => {
      const { page } = await browser.open(viewport);
      // Motion is not what axe judges; without it no check waits for a transition to end.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const found: Record<string, unknown> = {};
      for (const route of routes(sample)) {
        await page.goto(route);
        await settle(page);
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

    await page.setViewportSize(MOBILE);
    await page.goto('/');
    await settle(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await check('mobile menu');
    expect(found).toEqual({});
  });

  it('keeps AA contrast in high-contrast mode', async () => {
    const { page, context } = await browser.open(DESKTOP);
    await context.addInitScript(() => {
      localStorage.setItem('marquee:settings', JSON.stringify({ highContrastMode: true }));
    });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const found: Record<string, unknown> = {};
    for (const route of ['/', '/browse', `/movie/${sample.movie}`, `/series/${sample.tv}`, '/settings#accessibility']) {
      await page.goto(route);
      await settle(page);
      expect(await page.evaluate(() => document.documentElement.className)).toContain('high-contrast');
      const violations = await seriousViolations(page);
      if (violations.length > 0) found[route] = violations;
    }
    expect(found).toEqual({});
  });
});
