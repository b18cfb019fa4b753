import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, useBrowser } from './support.ts';

interface Focused {
  tag: string;
  name: string;
  visible: boolean;
}

/** What has the keyboard focus, and whether it shows a focus indicator (outline or ring). */
function focused(page: Page): Promise<Focused | null> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== 'none' && style.boxShadow !== '';
    return {
      tag: element.tagName.toLowerCase(),
      name: (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 60),
      visible: outline || ring,
    };
  });
}

describe('keyboard alone', () => {
  const browser = useBrowser();
  let movie: { id: number; title: string };

  beforeAll(async () => {
    const answer = (await (await fetch(`${browser.baseUrl}/api/catalogue/discover?type=movie`)).json()) as {
      results: Array<{ id: number; title: string }>;
    };
    movie = answer.results[0]!;
  });

  it('shows where the focus is on every stop of the home page', async () => {
    const { page } = await browser.open(DESKTOP);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const stops: Focused[] = [];
    for (let step = 0; step < 40; step++) {
      await page.keyboard.press('Tab');
      const stop = await focused(page);
      if (stop) stops.push(stop);
    }
    expect(stops[0]).toMatchObject({ tag: 'a', name: 'Skip to content', visible: true });
    expect(stops.length).toBeGreaterThan(30);
    expect(stops.filter((stop) => !stop.visible)).toEqual([]);
  });

  it('skips to the content, reaches a title, saves it and signs in without a mouse', async () => {
    const { page } = await browser.open(DESKTOP);
    await page.goto(`/movie/${movie.id}`);
    await page.getByRole('heading', { level: 1, name: movie.title }).waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');

    // Tab forward from the content to the Watch Later control and use it.
    let reached = false;
    for (let step = 0; step < 25 && !reached; step++) {
      await page.keyboard.press('Tab');
      reached = (await focused(page))?.name === 'Add to Watch Later';
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'In Watch Later' }).waitFor();

    // The Auth dialog opens from the keyboard, traps focus, and gives it back on Escape.
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    await dialog.waitFor();
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    for (let step = 0; step < 12; step++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Radix gives the focus back as the dialog's content unmounts, a moment after it is gone.
    await expect.poll(async () => (await focused(page))?.name).toBe('Sign In');
  });
});
