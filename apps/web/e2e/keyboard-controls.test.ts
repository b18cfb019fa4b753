import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { expectFocus, focusStop, seedLibrary, tabTo } from './keyboard.ts';
import { DESKTOP, sampleTitles, settle, useBrowser, type Sample } from './support.ts';

/**
 * The controls of each route, driven by the keyboard alone: each one reached with Tab (showing the
 * focus on every stop on the way, see keyboard.ts), used with Enter, Space or the arrows, and the
 * focus left somewhere visible afterwards.
 */

const DAY = 24 * 3600_000;

const holdsFocus = (locator: Locator) => locator.evaluate((node) => node.contains(document.activeElement));
const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title });
const activeId = (page: Page) => page.evaluate(() => document.activeElement?.id);

describe('keyboard alone, control by control', () => {
  const browser = useBrowser();
  let sample: Sample;

  beforeAll(async () => {
    sample = await sampleTitles(browser.baseUrl);
  });

  it("home: the hero's slides and pause, the mood box, Top Ranked and a row's scroll buttons", async () => {
    const { page } = await browser.open(DESKTOP);
    await page.goto('/');
    await settle(page);
    const hero = page.getByRole('region', { name: 'Featured titles' });
    const shownSlide = () => hero.locator('button[aria-current="true"]').getAttribute('aria-label');

    // The focus inside the hero holds the slide show, so the slides change only on the keys.
    await tabTo(page, 'Go to slide 4', { max: 30 });
    await page.keyboard.press('Enter');
    await expect.poll(shownSlide).toBe('Go to slide 4');
    await tabTo(page, 'Stop automatic slide show');
    await page.keyboard.press('Enter');
    await expectFocus(page, 'Start automatic slide show');
    await tabTo(page, 'Next slide');
    await page.keyboard.press('Enter');
    await expect.poll(shownSlide).toBe('Go to slide 5');
    await tabTo(page, 'Previous slide', { backwards: true });
    await page.keyboard.press('Space');
    await expect.poll(shownSlide).toBe('Go to slide 4');

    // The mood box: typed and sent with Enter, then an example with Space.
    await tabTo(page, 'Describe what you feel like watching');
    await page.keyboard.type('funny space adventure');
    await page.keyboard.press('Enter');
    const picks = page.getByRole('list', { name: 'Recommended for you' });
    await picks.getByRole('listitem').first().waitFor();
    await tabTo(page, 'like The Matrix');
    await page.keyboard.press('Space');
    await expect
      .poll(() => page.getByLabel('Describe what you feel like watching').inputValue())
      .toBe('like The Matrix');
    // Its picks change the height of the page below: let them arrive before the focus moves on.
    await settle(page);

    // Top Ranked: the tabs follow the arrows; the time frame is a select.
    await tabTo(page, 'Movies', { max: 100 });
    await page.keyboard.press('ArrowRight');
    await expectFocus(page, 'TV');
    const tabs = page.getByRole('tablist', { name: 'Content type' });
    expect(await tabs.getByRole('tab', { name: 'TV' }).getAttribute('aria-selected')).toBe('true');
    await tabTo(page, 'Time frame');
    const period = page.getByLabel('Time frame');
    const firstPeriod = await period.inputValue();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => period.inputValue()).not.toBe(firstPeriod);

    // A row's buttons page through it; at the end the arrow that ends up disabled hands the focus
    // to the other one. (Instant scrolls: the row's edges are then known at once.)
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const row = page.getByRole('region', { name: 'Action movies' });
    // The row loads as it nears the screen: load it before the Tab key gets there.
    await page.getByRole('heading', { name: 'Action', exact: true }).scrollIntoViewIfNeeded();
    await row.waitFor();
    const right = page.getByRole('button', { name: 'Scroll Action movies right' });
    await tabTo(page, 'Scroll Action movies right', { max: 120 });
    // The arrows follow the row's scroll a moment later (on its scroll event): before each press,
    // wait until the right one says what the row's position says (scroll-row.tsx: within 4 px of
    // the end), or a press meant for it lands on the left arrow it has handed the focus to.
    const atEnd = () => row.evaluate((node) => node.scrollLeft + node.clientWidth >= node.scrollWidth - 4);
    const settled = async () => expect.poll(async () => (await right.isDisabled()) === (await atEnd())).toBe(true);
    for (let press = 0; press < 12; press++) {
      await settled();
      if (await right.isDisabled()) break;
      const before = await row.evaluate((node) => node.scrollLeft);
      await page.keyboard.press('Enter');
      await expect.poll(() => row.evaluate((node) => node.scrollLeft)).toBeGreaterThan(before);
    }
    expect(await right.isDisabled()).toBe(true);
    await expectFocus(page, 'Scroll Action movies left');
    for (let press = 0; press < 12 && (await row.evaluate((node) => node.scrollLeft)) > 0; press++) {
      await page.keyboard.press('Enter');
    }
    await expect.poll(() => row.evaluate((node) => node.scrollLeft)).toBe(0);
    await expectFocus(page, 'Scroll Action movies right');
  }, 90_000);

  it('dialogs: Latest Updates, and Feedback with its star rating, sent', async () => {
    const { page } = await browser.open(DESKTOP);
    await page.goto('/help');
    await settle(page);
    // The floating buttons come last in the page: Shift+Tab from the top reaches them first.
    await tabTo(page, 'Latest Updates', { backwards: true, max: 5 });
    await page.keyboard.press('Enter');
    const updates = page.getByRole('dialog', { name: 'Latest Updates' });
    await updates.waitFor();
    expect(await holdsFocus(updates)).toBe(true);
    await tabTo(page, 'Got it');
    await page.keyboard.press('Enter');
    await updates.waitFor({ state: 'detached' });
    await expectFocus(page, 'Latest Updates');

    await tabTo(page, 'Send Feedback', { backwards: true, max: 10 });
    await page.keyboard.press('Enter');
    const feedback = page.getByRole('dialog', { name: 'Send Feedback' });
    await feedback.waitFor();
    await tabTo(page, 'Name');
    await page.keyboard.type('Kay Board');
    await tabTo(page, 'Email');
    await page.keyboard.type('kay@example.org');
    await tabTo(page, 'Feedback type');
    const type = feedback.getByLabel('Feedback type');
    const firstType = await type.inputValue();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => type.inputValue()).not.toBe(firstType);
    await tabTo(page, 'Subject');
    await page.keyboard.type('Sent from the keyboard');
    await tabTo(page, 'Message');
    await page.keyboard.type('Every control answered the keys.');
    await tabTo(page, '4 stars');
    await page.keyboard.press('Space');
    expect(await feedback.getByRole('button', { name: '4 stars' }).getAttribute('aria-pressed')).toBe('true');
    await tabTo(page, 'Send Feedback');
    await page.keyboard.press('Enter');
    await feedback.getByText('Thank you. We read every message.').waitFor();
    // The dialog closes by itself, and gives the focus back to the button that opened it.
    await feedback.waitFor({ state: 'detached' });
    await expectFocus(page, 'Send Feedback');
  });

  it('the watch page: the recent-release warning, then Back', async () => {
    const { page } = await browser.open(DESKTOP);
    await page.clock.setFixedTime(Date.parse(`${sample.recent.release_date}T12:00:00Z`) + 5 * DAY);
    await page.goto(`/watch/movie/${sample.recent.id}`);
    const warning = page.getByRole('dialog', { name: 'Recently Released Movie' });
    await warning.waitFor();
    expect(await holdsFocus(warning)).toBe(true);
    await tabTo(page, 'Settings → Custom video sources');
    await tabTo(page, 'I Understand');
    await page.keyboard.press('Enter');
    await warning.waitFor({ state: 'detached' });
    await tabTo(page, `Back to ${sample.recent.title}`, { max: 40 });
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/movie/${sample.recent.id}`);
    await page.getByRole('heading', { level: 1, name: sample.recent.title }).waitFor();
  });

  it('the search page: its form, then a result', async () => {
    const { page } = await browser.open(DESKTOP);
    await page.goto('/search');
    await settle(page);
    await tabTo(page, 'Search', { max: 20 });
    expect(await focusStop(page)).toMatchObject({ tag: 'input' });
    await page.keyboard.type('star');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === 'star');
    await page.getByRole('heading', { level: 1, name: /results$/ }).waitFor();
    await page.keyboard.press('Tab');
    await expectFocus(page, 'Search');
    await page.keyboard.press('Tab');
    const result = await focusStop(page);
    expect(result).toMatchObject({ tag: 'a', problem: null });
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => /^\/(movie|series)\/\d+$/.test(url.pathname));
    await page.getByRole('heading', { level: 1, name: result!.name }).waitFor();
  });

  it('Watch Later and History: remove a title, then Clear and its confirmation', async () => {
    const { page, context } = await browser.open(DESKTOP);
    await seedLibrary(context, sample);
    for (const [route, list, clear] of [
      ['/watchlater', 'Watch Later', 'Clear Watch Later'],
      ['/history', 'History', 'Clear History'],
    ] as const) {
      const first = route === '/watchlater' ? 'Saved Film' : 'Watched Film';
      const second = route === '/watchlater' ? 'Saved Series' : 'Watched Series';
      await page.goto(route);
      await settle(page);
      await tabTo(page, `Remove ${first} from ${list}`, { max: 40 });
      await page.keyboard.press('Enter');
      await toast(page, `Removed from ${list}`).waitFor();
      // The focus stays in the list, on the next title's button.
      await expectFocus(page, `Remove ${second} from ${list}`);

      await tabTo(page, 'Clear', { backwards: true, max: 20 });
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('alertdialog');
      await confirm.waitFor();
      await expectFocus(page, 'Cancel');
      await page.keyboard.press('Escape');
      await confirm.waitFor({ state: 'detached' });
      await expectFocus(page, 'Clear');
      await page.keyboard.press('Enter');
      await confirm.waitFor();
      await tabTo(page, clear);
      await page.keyboard.press('Enter');
      await toast(page, list === 'History' ? 'History Cleared' : 'Watch Later Cleared').waitFor();
      // Clear went with the list: the main content has the focus, and Tab goes on in it.
      await expect.poll(() => activeId(page)).toBe('main');
      expect((await focusStop(page))?.problem).toBeNull();
      // History's links to Progress, Calendar and Statistics come first on its page.
      await tabTo(page, 'Browse', { max: list === 'History' ? 6 : 1 });
    }
  });

  it('the FAQ opens and closes its answers; reset password and the missing page', async () => {
    const { page } = await browser.open(DESKTOP);
    await page.goto('/faq');
    await settle(page);
    const question = page.locator('details').first();
    const asked = (await question.locator('summary').textContent())!.trim();
    await tabTo(page, asked, { max: 30 });
    const isOpen = () => question.evaluate((node) => (node as HTMLDetailsElement).open);
    await page.keyboard.press('Enter');
    await expect.poll(isOpen).toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(isOpen).toBe(false);

    await page.goto('/reset-password?token=sample');
    await settle(page);
    // The new password field has the focus at once.
    await expectFocus(page, 'New password');
    await page.keyboard.type('typed-by-keys-1');
    await tabTo(page, 'Confirm new password');
    // Two different passwords: the form answers without asking the server about the sample token.
    await page.keyboard.type('typed-by-keys-2');
    await tabTo(page, 'Set New Password');
    await page.keyboard.press('Enter');
    await page.getByText('Passwords do not match').waitFor();

    await page.goto('/no-such-page');
    await settle(page);
    await tabTo(page, 'Return to Home', { max: 30 });
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('settings: the sections by the arrows, a custom source, export, import and the data buttons', async () => {
    const { page, context } = await browser.open(DESKTOP);
    await seedLibrary(context, sample);
    await page.goto('/settings');
    await settle(page);
    await tabTo(page, 'Profile', { max: 30 });
    await page.keyboard.press('ArrowDown');
    await expectFocus(page, 'Display & UI');
    await page.keyboard.press('ArrowDown');
    await expectFocus(page, 'Content');
    await page.waitForURL((url) => url.hash === '#content');

    // A custom source: added (its name field takes the focus), filled in, recommended, removed.
    await tabTo(page, 'Add source', { max: 60 });
    await page.keyboard.press('Enter');
    await expectFocus(page, 'Name');
    await page.keyboard.type('Mirror');
    await tabTo(page, 'Movie URL');
    await page.keyboard.type('https://mirror.example/movie/{movieID}');
    await toast(page, 'Custom Source Ready').waitFor();
    await tabTo(page, 'Recommended');
    await page.keyboard.press('Space');
    const recommended = page.getByRole('list', { name: 'Custom sources' }).getByRole('switch');
    await expect.poll(() => recommended.getAttribute('aria-checked')).toBe('true');
    await tabTo(page, 'Remove Mirror', { backwards: true });
    await page.keyboard.press('Enter');
    await toast(page, 'Custom Source Removed').waitFor();
    // The source's card is gone: the focus is back on Add source.
    await expectFocus(page, 'Add source');

    await page.goto('/settings#data');
    await settle(page);
    await tabTo(page, 'Export', { max: 60 });
    const download = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    const exported = path.join(mkdtempSync(path.join(tmpdir(), 'marquee-keys-')), 'export.json');
    await (await download).saveAs(exported);
    // Its toast (bottom right) covers the export buttons the Tab presses below pass: let it go.
    await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 20_000 });
    // The file input is hidden; its label shows the focus. (Waiting for the file chooser before
    // the key: Playwright catches the chooser only once it has asked the browser to.)
    const chooser = page.waitForEvent('filechooser');
    await tabTo(page, 'Import');
    await page.keyboard.press('Enter');
    await (
      await chooser
    ).setFiles({
      name: 'marquee.json',
      mimeType: 'application/json',
      buffer: readFileSync(exported),
    });
    await toast(page, 'Settings Imported').waitFor();
    await tabTo(page, 'Reset settings');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.keyboard.press('Enter');
    await toast(page, 'Settings Reset').waitFor();
    await tabTo(page, 'Clear history');
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: 'Clear your history?' });
    await confirm.waitFor();
    await tabTo(page, 'Clear History');
    await page.keyboard.press('Enter');
    await toast(page, 'History Cleared').waitFor();
    // Clear history is disabled now, with nothing left to clear: the main content has the focus.
    await expect.poll(() => activeId(page)).toBe('main');
    await tabTo(page, 'Clear all data', { max: 60 });
    const question = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      }),
    );
    await page.keyboard.press('Enter');
    expect(await question).toBe('confirm');
  }, 90_000);
});
