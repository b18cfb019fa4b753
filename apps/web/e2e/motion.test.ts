import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, quiet, useBrowser } from './support.ts';

/** What could move on the page right now: the longest CSS and script-driven motion, in ms. */
interface Motion {
  transitionMs: number;
  animationMs: number;
  /** Web Animations started from script (element.animate), CSS ones included, by their duration. */
  runningMs: number;
  smoothScrolling: string[];
}

/** Reads the computed transition and animation durations of every element (and ::before/::after). */
function motion(page: Page): Promise<Motion> {
  return page.evaluate(() => {
    const longest = (list: string) => Math.max(0, ...list.split(',').map((part) => parseFloat(part) * 1000 || 0));
    const result: Motion = { transitionMs: 0, animationMs: 0, runningMs: 0, smoothScrolling: [] };
    for (const element of [document.documentElement, ...Array.from(document.body.querySelectorAll('*'))]) {
      for (const pseudo of [null, '::before', '::after']) {
        const style = getComputedStyle(element, pseudo);
        if (style.transitionProperty !== 'none') {
          result.transitionMs = Math.max(result.transitionMs, longest(style.transitionDuration));
        }
        if (style.animationName !== 'none') {
          result.animationMs = Math.max(result.animationMs, longest(style.animationDuration));
        }
        if (pseudo === null && style.scrollBehavior === 'smooth') result.smoothScrolling.push(element.tagName);
      }
    }
    for (const animation of document.getAnimations()) {
      if (animation.playState !== 'running') continue;
      const duration = animation.effect?.getComputedTiming().duration;
      result.runningMs = Math.max(result.runningMs, typeof duration === 'number' ? duration : 0);
    }
    return result;
  });
}

/** The reduce-motion rule shortens every duration to 0.01 ms rather than removing it: about none. */
const STILL: Motion = { transitionMs: 0.1, animationMs: 0.1, runningMs: 0.1, smoothScrolling: [] };

function expectStill(found: Motion, where: string) {
  expect(found.transitionMs, `${where}: transitions`).toBeLessThanOrEqual(STILL.transitionMs);
  expect(found.animationMs, `${where}: animations`).toBeLessThanOrEqual(STILL.animationMs);
  expect(found.runningMs, `${where}: running animations`).toBeLessThanOrEqual(STILL.runningMs);
  expect(found.smoothScrolling, `${where}: smooth scrolling`).toEqual([]);
}

/**
 * Clicks a button inside the page and reads a scroll position in the same task: an instant scroll
 * has already happened, a smooth one has not started yet.
 */
function scrollAfterClick(page: Page, button: string, read: 'row' | 'window'): Promise<number> {
  return page.evaluate(
    ({ button, read }) => {
      const target = Array.from(document.querySelectorAll('button')).find(
        (element) => element.getAttribute('aria-label') === button || element.textContent?.trim() === button,
      );
      if (!target) throw new Error(`no button ${button}`);
      const row = target.closest('section')?.querySelector('[role="region"]') as HTMLElement | null | undefined;
      target.click();
      return read === 'row' ? (row?.scrollLeft ?? -1) : window.scrollY;
    },
    { button, read },
  );
}

async function openSignIn(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('dialog', { name: 'Sign In' }).waitFor();
}

async function showToast(page: Page, movieId: number) {
  await page.goto(`/movie/${movieId}`);
  await page.getByRole('button', { name: 'Add to Watch Later' }).click();
  await page.locator('[data-sonner-toast]').filter({ hasText: 'Added to Watch Later' }).waitFor();
}

/** Brings the home page's Action row into view with its titles loaded, ready to scroll. */
async function actionRow(page: Page) {
  await page.getByRole('heading', { name: 'Action', exact: true }).scrollIntoViewIfNeeded();
  await page.getByRole('button', { name: 'Scroll Action movies right' }).and(page.locator(':enabled')).waitFor();
}

/**
 * The home page (the hero carousel runs no progress bar), a genre row that scrolls at once, the
 * sign-in dialog and a toast: all still.
 */
async function homeDialogAndToastHoldStill(page: Page, movieId: number): Promise<void> {
  await page.goto('/');
  await quiet(page);
  expectStill(await motion(page), 'home');
  await actionRow(page);
  expect(await scrollAfterClick(page, 'Scroll Action movies right', 'row')).toBeGreaterThan(0);
  await openSignIn(page);
  expectStill(await motion(page), 'sign-in dialog');
  await page.keyboard.press('Escape');
  await showToast(page, movieId);
  expectStill(await motion(page), 'toast');
}

describe('reduced motion', () => {
  const browser = useBrowser();
  const baseUrl = inject('baseUrl');
  let movieId: number;

  beforeAll(async () => {
    const answer = (await (await fetch(`${baseUrl}/api/catalogue/discover?type=movie`)).json()) as {
      results: Array<{ id: number }>;
    };
    movieId = answer.results[0]!.id;
  });

  it('without the preference, the same measures see motion (so they can fail)', async () => {
    const { page } = await browser.open(DESKTOP);
    await page.goto('/');
    await quiet(page);
    // The hero's progress bar runs while the carousel turns.
    expect((await motion(page)).runningMs).toBeGreaterThan(1000);
    await actionRow(page);
    expect(await scrollAfterClick(page, 'Scroll Action movies right', 'row')).toBe(0);
    await openSignIn(page);
    expect((await motion(page)).animationMs).toBeGreaterThanOrEqual(200);
    await showToast(page, movieId);
    expect((await motion(page)).transitionMs).toBeGreaterThanOrEqual(200);
  });

  it('honours prefers-reduced-motion: no transitions, animations, carousel or smooth scrolling', async () => {
    const { page } = await browser.open(DESKTOP);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await homeDialogAndToastHoldStill(page, movieId);

    await page.goto(`/watch/movie/${movieId}`);
    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByRole('menu').waitFor();
    expectStill(await motion(page), 'share menu');
    await page.keyboard.press('Escape');

    // A page change goes back to the top at once (product.md §2 scrolls smoothly otherwise).
    await page.goto('/browse');
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await pagination.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(await scrollAfterClick(page, 'Page 2', 'window')).toBe(0);
  });

  it('honours the Reduced Motion setting without the system preference', async () => {
    const { page, context } = await browser.open(DESKTOP);
    await context.addInitScript(() => {
      localStorage.setItem('marquee:settings', JSON.stringify({ reducedMotion: true }));
    });
    await homeDialogAndToastHoldStill(page, movieId);
  });
});
