import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { expectFocus, expectNoFailures, focusStop, sweep, tabTo } from './keyboard.ts';
import { signInContext, type Account } from './session.ts';
import { DESKTOP, quiet, useBrowser } from './support.ts';

const baseUrl = inject('baseUrl');

/** Whether the focus is inside the element. */
function holdsFocus(locator: Locator): Promise<boolean> {
  return locator.evaluate((node) => node.contains(document.activeElement));
}

const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title });

describe('keyboard alone', () => {
  const browser = useBrowser();
  let movie: { id: number; title: string };
  let series: { id: number; name: string };

  beforeAll(async () => {
    const discover = async <T>(type: string) =>
      ((await (await fetch(`${baseUrl}/api/catalogue/discover?type=${type}`)).json()) as { results: T[] }).results;
    movie = (await discover<{ id: number; title: string }>('movie'))[0]!;
    series = (await discover<{ id: number; name: string }>('tv'))[0]!;
  });

  it('shows where the focus is on every stop of the home page', async () => {
    const { page } = await browser.open(DESKTOP);
    await page.goto('/');
    await quiet(page);
    const { stops, failures } = await sweep(page, { max: 40 });
    expect(stops[0]).toMatchObject({ tag: 'a', name: 'Skip to content', problem: null });
    expect(stops.length).toBeGreaterThan(30);
    expectNoFailures(failures, 'the home page');
  });

  it('skips to the content, reaches a title, saves it and signs in without a mouse', async () => {
    const { page } = await browser.open(DESKTOP);
    await page.goto(`/movie/${movie.id}`);
    await page.getByRole('heading', { level: 1, name: movie.title }).waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');

    // Tab forward from the content to the Watch Later control and use it.
    await tabTo(page, 'Add to Watch Later', { max: 25 });
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'In Watch Later' }).waitFor();

    // The Auth dialog opens from the keyboard, traps focus, and gives it back on Escape.
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    await dialog.waitFor();
    expect(await holdsFocus(dialog)).toBe(true);
    for (let step = 0; step < 12; step++) {
      await page.keyboard.press('Tab');
      expect(await holdsFocus(dialog)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Radix gives the focus back as the dialog's content unmounts, a moment after it is gone.
    await expectFocus(page, 'Sign In');
  });

  it('browses: filters, sort and paging', async () => {
    const { page } = await browser.open(DESKTOP);
    await page.goto('/browse');
    await page.getByRole('heading', { level: 2, name: /^All Movies \(/ }).waitFor();
    await tabTo(page, 'Filters');
    await page.keyboard.press('Enter');
    await tabTo(page, 'Genre');
    // A closed select takes the arrow keys: the next option is chosen and applied.
    await page.keyboard.press('ArrowDown');
    await page.waitForURL((url) => url.searchParams.has('with_genres'));
    await tabTo(page, 'Sort by', { backwards: true });
    await page.keyboard.press('ArrowDown');
    await page.waitForURL((url) => url.searchParams.get('sort_by') === 'release_date.desc');
    // The grid keeps the previous answer on screen until the new one comes: tab through the new one.
    await quiet(page);
    await tabTo(page, 'Page 2', { max: 140 });
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    // The page goes back to the top, and the focus with it, to the page's heading.
    await expectFocus(page, 'Browse & Discover');
    await tabTo(page, 'Page 3', { max: 140 });
  });

  it('searches: types, moves to a result with the arrows and opens it with Enter', async () => {
    const { page } = await browser.open(DESKTOP);
    await page.goto('/');
    await tabTo(page, 'Search movies and series');
    await page.keyboard.type(movie.title);
    const listbox = page.getByRole('listbox', { name: 'Search results' });
    await listbox.getByRole('option').first().waitFor();
    await page.keyboard.press('ArrowDown');
    // The active option is shown (the combobox keeps the focus and points at it).
    const active = await page
      .getByRole('combobox', { name: 'Search movies and series' })
      .getAttribute('aria-activedescendant');
    expect(active).toBeTruthy();
    expect(await page.locator(`[id="${active}"]`).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => /^\/(movie|series)\/\d+$/.test(url.pathname));
    await page.getByRole('heading', { level: 1 }).waitFor();
  });

  it('on a series: saves it, opens the player, picks a source and an episode, and shares', async () => {
    const { page } = await browser.open(DESKTOP);
    await page.addInitScript((appOrigin) => {
      // Init scripts also run in the embeds' frames, which must not touch Marquee's storage.
      if (location.origin !== appOrigin) return;
      const mirror = (name: string) => ({
        name,
        movieUrl: '',
        tvUrl: `https://${name}.example/tv/{seriesId}/{season}/{episode}`,
        recommended: false,
      });
      localStorage.setItem('marquee:settings', JSON.stringify({ customVideoSources: [mirror('one'), mirror('two')] }));
    }, baseUrl);
    await page.route(/^https:\/\/(one|two)\.example\//, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Mirror</title><button>Play</button>' }),
    );
    await page.goto(`/series/${series.id}`);
    await page.getByRole('heading', { level: 1, name: series.name }).waitFor();
    await tabTo(page, 'Add to Watch Later');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'In Watch Later' }).waitFor();
    await expectFocus(page, 'In Watch Later');

    // The detail page's episode list: another season from its select.
    await tabTo(page, 'Season');
    const season = page.getByRole('combobox', { name: 'Season' });
    const firstSeason = await season.inputValue();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => season.inputValue()).not.toBe(firstSeason);

    await tabTo(page, /^Watch Now/, { backwards: true });
    await page.keyboard.press('Enter');
    const player = page.getByRole('region', { name: /^Player: / });
    await player.waitFor();

    await tabTo(page, 'Video source');
    const source = page.getByLabel('Video source');
    await expect.poll(() => source.locator('option:checked').textContent()).toBe('one');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.locator('iframe').getAttribute('src')).toMatch(/^https:\/\/two\.example\/tv\//);
    await expectFocus(page, 'Video source');

    // The player's episode browser: season select, then an episode.
    await tabTo(page, 'Browse season');
    const episodes = page.getByRole('list', { name: /^Season \d+ episode list$/ });
    await episodes.waitFor();
    await page.keyboard.press('Tab');
    const stop = await focusStop(page);
    expect(stop).toMatchObject({ tag: 'button', problem: null });
    await page.keyboard.press('Enter');
    await expect.poll(() => episodes.locator('[aria-current="true"]').count()).toBe(1);
    expect(await episodes.locator('[aria-current="true"]').evaluate((node) => node === document.activeElement)).toBe(
      true,
    );

    // Back into the embed's page, its control reached by Tab: the frame shows that it has the focus.
    // (The episode's frame is a new one: Tab passes over a frame whose page has not loaded yet.)
    await page.frameLocator('iframe').getByRole('button', { name: 'Play' }).waitFor();
    await tabTo(page, `two: ${series.name}`, { backwards: true });
    expect(await page.locator('iframe').getAttribute('data-keyboard-focus')).toBe('true');
    // The share menu: opens on Enter with its first item focused, Escape gives the focus back.
    await tabTo(page, 'Share', { backwards: true, max: 80 });
    expect(await page.locator('iframe').getAttribute('data-keyboard-focus')).toBeNull();
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    await expectFocus(page, 'Share on Twitter');
    await page.keyboard.press('ArrowDown');
    await expectFocus(page, 'Share on Facebook');
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await expectFocus(page, 'Share');

    // A click into the embed's page, long after the last Tab, shows no keyboard focus on the frame.
    await page.waitForTimeout(1100);
    await page.frameLocator('iframe').getByRole('button', { name: 'Play' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME');
    expect(await page.locator('iframe').getAttribute('data-keyboard-focus')).toBeNull();
  });

  it('changes a setting', async () => {
    const { page } = await browser.open(DESKTOP);
    await page.goto('/settings#display');
    const darkMode = page.getByRole('switch', { name: 'Dark mode' });
    await darkMode.waitFor();
    expect(await darkMode.getAttribute('aria-checked')).toBe('true');
    await tabTo(page, 'Dark mode', { max: 60 });
    await page.keyboard.press('Space');
    await expect.poll(() => darkMode.getAttribute('aria-checked')).toBe('false');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dim'))).toBe(true);
    await expectFocus(page, 'Dark mode');
  });

  it('pages through the curated lists and opens one', async () => {
    const { page } = await browser.open(DESKTOP);
    await page.goto('/lists');
    const lists = page.getByRole('list', { name: 'Curated lists' });
    const firstOnPageOne = (await lists.getByRole('link').first().textContent())!.trim();
    await tabTo(page, 'Next', { max: 60 });
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await expect
      .poll(async () => (await lists.getByRole('link').first().textContent())?.trim())
      .not.toBe(firstOnPageOne);
    await expectFocus(page, 'Movie Lists');
    // On from the heading to the first list of page 2, and open it.
    const first = (await lists.getByRole('link').first().textContent())!.trim();
    await tabTo(page, first, { max: 60 });
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: first }).waitFor();
  });

  // One account for the file, made through the keyboard journey: the server allows 5 sign-ups a
  // minute from one address, and the whole browser suite shares it.
  describe('signed in', () => {
    let account: Account | undefined;

    it('signs up, asks for a password reset, signs in, uses the user menu and signs out', async () => {
      const { page } = await browser.open(DESKTOP);
      const stamp = `${Date.now() % 1_000_000}`;
      const email = `keys-${stamp}@example.org`;
      const password = 'no-mouse-here';
      await page.goto('/');
      await tabTo(page, 'Sign In');
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('tab', { name: 'Sign In' }).waitFor();

      // Forgot password with no address: the message, reached and shown without a mouse.
      await tabTo(page, 'Forgot password?');
      await page.keyboard.press('Enter');
      await dialog.getByText('Please enter your email address').waitFor();

      // The tabs follow the arrow keys.
      await tabTo(page, 'Sign In', { backwards: true });
      await page.keyboard.press('ArrowRight');
      await expectFocus(page, 'Sign Up');
      await page.getByRole('dialog', { name: 'Sign Up' }).waitFor();
      await tabTo(page, 'Email');
      await page.keyboard.type(email);
      await tabTo(page, /^Username/);
      await page.keyboard.type(`keys${stamp}`);
      await tabTo(page, 'Password');
      await page.keyboard.type(password);
      await tabTo(page, 'Confirm password');
      await page.keyboard.type(password);
      await tabTo(page, 'Create Account');
      await page.keyboard.press('Enter');
      await toast(page, 'Check your email').waitFor();
      await page.getByRole('dialog', { name: 'Sign In' }).waitFor();

      let link: string | undefined;
      await expect
        .poll(async () => {
          const outbox = (await (await fetch(`${baseUrl}/api/dev/outbox`)).json()) as {
            results: Array<{ to: string; links: string[] }>;
          };
          link = outbox.results.find((mail) => mail.to === email)?.links[0];
          return link;
        })
        .toBeDefined();
      await fetch(link!, { redirect: 'manual' });

      await dialog.getByLabel('Email').focus();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(email);
      await tabTo(page, 'Password');
      await page.keyboard.type(password);
      await page.keyboard.press('Enter');
      await toast(page, 'Welcome back!').waitFor();
      await dialog.waitFor({ state: 'detached' });
      account = { email, password, username: `keys${stamp}` };

      // The user menu: Enter opens it on its first item, the arrows move, Escape gives the focus back.
      const trigger = page.getByRole('button', { name: new RegExp(`^Account menu for keys${stamp}`) });
      await trigger.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu');
      await menu.waitFor();
      await expectFocus(page, /View profile/);
      await page.keyboard.press('ArrowDown');
      await expectFocus(page, /Profile/);
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
      await expectFocus(page, /^Account menu for/);

      // Sign Out from the menu: its dialog, cancelled with Escape, then confirmed.
      await page.keyboard.press('Enter');
      await menu.waitFor();
      await expectFocus(page, /View profile/);
      await page.keyboard.press('End');
      await expectFocus(page, 'Sign Out');
      await page.keyboard.press('Enter');
      const signOut = page.getByRole('dialog', { name: 'Sign Out' });
      await signOut.waitFor();
      expect(await holdsFocus(signOut)).toBe(true);
      await page.keyboard.press('Escape');
      await signOut.waitFor({ state: 'detached' });
      await expectFocus(page, /^Account menu for/);

      await page.keyboard.press('Enter');
      await menu.waitFor();
      await expectFocus(page, /View profile/);
      await page.keyboard.press('End');
      await expectFocus(page, 'Sign Out');
      await page.keyboard.press('Enter');
      await signOut.waitFor();
      await tabTo(page, 'Sign Out');
      await page.keyboard.press('Enter');
      await toast(page, 'Signed out').waitFor();
      await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).waitFor();
    });

    it('opens the profile from the user menu, edits it, cancels, then saves', async () => {
      const viewer = await browser.open(DESKTOP);
      await signInContext(viewer.context, account!);
      const { page } = viewer;
      await page.goto('/help');
      await page.getByRole('button', { name: /^Account menu for / }).waitFor();
      await tabTo(page, /^Account menu for /, { max: 20 });
      await page.keyboard.press('Enter');
      await page.getByRole('menu').waitFor();
      await expectFocus(page, /View profile/);
      await page.keyboard.press('Enter');
      const profile = page.getByRole('dialog', { name: 'Profile' });
      await profile.getByText(account!.email).waitFor();
      expect(await holdsFocus(profile)).toBe(true);

      // Edit mode: the username field takes the focus; Cancel gives it back to Edit Profile.
      await tabTo(page, 'Edit Profile');
      await page.keyboard.press('Enter');
      await expectFocus(page, /^Username/);
      await tabTo(page, 'Avatar URL');
      await tabTo(page, 'Cancel');
      await page.keyboard.press('Enter');
      await expectFocus(page, 'Edit Profile');

      // Saved with Enter in the form: the focus goes back to Edit Profile as well.
      await page.keyboard.press('Enter');
      await expectFocus(page, /^Username/);
      await page.keyboard.press('End');
      await page.keyboard.type('x');
      await profile.getByText('Username is available').waitFor();
      await tabTo(page, 'Save');
      await page.keyboard.press('Enter');
      await toast(page, 'Profile Updated').waitFor();
      await profile.getByText(`${account!.username}x`).waitFor();
      await expectFocus(page, 'Edit Profile');

      await page.keyboard.press('Escape');
      await profile.waitFor({ state: 'detached' });
      await expectFocus(page, /^Account menu for /);
    });

    it('writes, edits and deletes a comment, cancelling the delete with Escape first', async () => {
      const viewer = await browser.open(DESKTOP);
      await signInContext(viewer.context, account!);
      const { page } = viewer;
      await page.goto(`/movie/${movie.id}`);
      const discussion = page.getByRole('region', { name: 'Discussion' });
      // The discussion loads as the reader nears it, at the end of the page.
      await discussion.scrollIntoViewIfNeeded();
      await discussion.getByLabel('Share your thoughts').waitFor();

      await tabTo(page, 'Share your thoughts', { max: 120 });
      // Under forced colours too (Windows high contrast), where its ring is not drawn.
      await page.emulateMedia({ forcedColors: 'active' });
      await expectFocus(page, 'Share your thoughts', { forced: true });
      await page.emulateMedia({ forcedColors: 'none' });
      await page.keyboard.type('Typed without a mouse.');
      await tabTo(page, 'Post');
      await page.keyboard.press('Enter');
      await toast(page, 'Comment Added').waitFor();
      const comment = discussion.getByRole('article').filter({ hasText: 'Typed without a mouse.' });
      await comment.waitFor();

      await comment.getByRole('button', { name: 'Edit' }).focus();
      await page.keyboard.press('Enter');
      // The edit box takes the focus at once.
      await expectFocus(page, 'Edit your comment');
      await page.keyboard.press('End');
      await page.keyboard.type(' Edited too.');
      await tabTo(page, 'Save');
      await page.keyboard.press('Enter');
      await toast(page, 'Comment Updated').waitFor();
      await comment.getByText('(edited)').waitFor();

      await comment.getByRole('button', { name: 'Delete' }).focus();
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('alertdialog', { name: 'Delete comment?' });
      await confirm.waitFor();
      await confirm.getByText('Are you sure you want to delete this comment? This action cannot be undone.').waitFor();
      // Cancel has the focus first: Enter here would not delete.
      await expectFocus(page, 'Cancel');
      await page.keyboard.press('Escape');
      await confirm.waitFor({ state: 'detached' });
      await expectFocus(page, 'Delete');
      expect(await comment.isVisible()).toBe(true);

      await page.keyboard.press('Enter');
      await confirm.waitFor();
      await tabTo(page, 'Delete');
      await page.keyboard.press('Enter');
      await toast(page, 'Comment Deleted').waitFor();
      await discussion.getByText('[Comment deleted]').waitFor();
    });
  });
});
