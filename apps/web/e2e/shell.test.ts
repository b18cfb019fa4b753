import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, sampleTitles, useBrowser } from './support.ts';

const NAV = [
  { label: 'Home', path: '/', heading: 'Every film and series worth your evening.' },
  { label: 'Browse', path: '/browse', heading: 'Browse & Discover' },
  { label: 'Watch Later', path: '/watchlater', heading: 'Watch Later' },
  { label: 'History', path: '/history', heading: 'Watch History' },
  { label: 'Lists', path: '/lists', heading: 'Movie Lists' },
  { label: 'Settings', path: '/settings', heading: 'Settings' },
];

describe('the app shell', () => {
  const browser = useBrowser();

  it('navigates through every header link at 1280 px', async () => {
    const { page } = await browser.open(DESKTOP);
    await page.goto('/lists');
    for (const link of NAV) {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link.label, exact: true }).click();
      await page.waitForURL((url) => url.pathname === link.path);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toBe(link.heading);
    }
    // The start-up overlay is gone once the app has rendered.
    expect(await page.locator('#boot-overlay').count()).toBe(0);
  });

  it('navigates through the mobile menu at 375 px', async () => {
    const { page } = await browser.open(MOBILE);
    await page.goto('/');
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    for (const link of NAV.slice(1).concat(NAV[0]!)) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('navigation', { name: 'Mobile' });
      await menu.getByRole('link', { name: link.label, exact: true }).click();
      await page.waitForURL((url) => url.pathname === link.path);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toBe(link.heading);
      // Following a link closes the menu.
      await expect.poll(() => menu.count()).toBe(0);
    }
  });

  it('searches from the mobile menu with the trimmed term, ignoring blank input', async () => {
    const { page } = await browser.open(MOBILE);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const box = page.getByRole('combobox', { name: 'Search movies and series' });
    await box.fill('   ');
    await box.press('Enter');
    expect(new URL(page.url()).pathname).toBe('/');
    await box.fill('  the godfather ');
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search');
    expect(new URL(page.url()).searchParams.get('q')).toBe('the godfather');
  });

  it('shows the 404 page for an unknown path and returns home', async () => {
    const { page } = await browser.open(DESKTOP);
    const response = await page.goto('/some/unknown/place');
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Page Not Found');
    expect(await page.getByText("The page you're looking for doesn't exist").isVisible()).toBe(true);
    expect(await page.title()).toBe('Page Not Found | Marquee');
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('keeps a page on screen while the next loads, opens that at its top, and returns to the old place on Back', async () => {
    const { page } = await browser.open(DESKTOP);
    await page.goto('/browse');
    const cards = page.locator('main a[href^="/movie/"]');
    await expect.poll(() => cards.count()).toBeGreaterThan(12);
    const card = cards.nth(12);
    await card.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 200));
    const left = await page.evaluate(() => Math.round(window.scrollY));
    expect(left).toBeGreaterThan(300);

    // The detail screen's code arrives late: until then browse stays, with no spinner in its place.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/detail-screen-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await card.click();
    await page.waitForURL((url) => url.pathname.startsWith('/movie/'));
    await page.waitForTimeout(300);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Browse & Discover');
    expect(await page.getByRole('status', { name: 'Loading page' }).count()).toBe(0);
    release();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).not.toBe('Browse & Discover');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Browse & Discover');
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(left);

    // And over a reload.
    await page.reload();
    await expect.poll(() => cards.count()).toBeGreaterThan(12);
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(left);
  });

  it('opens a page loaded afresh at its top, wherever the last page of the tab was left', async () => {
    const sample = await sampleTitles(browser.baseUrl);
    const { page } = await browser.open(DESKTOP);
    await page.goto(`/movie/${sample.movie}`);
    await page.evaluate(() => window.scrollTo(0, 387));
    // Recorded on the next frame, and kept for the tab as the page is left.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    // Typed into the address bar: a new document, not an entry the tab returns to.
    await page.goto(`/watch/movie/${sample.movie}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goto(`/movie/${sample.movie}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // A reload still returns to where the page was left.
    await page.evaluate(() => window.scrollTo(0, 300));
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.reload();
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(300);
  });

  it('opens and closes the Latest Updates modal', async () => {
    const { page } = await browser.open(DESKTOP);
    await page.goto('/');
    await page.getByRole('button', { name: 'Latest Updates' }).click();
    const dialog = page.getByRole('dialog', { name: 'Latest Updates' });
    await dialog.waitFor();
    expect(await dialog.getByRole('listitem').count()).toBe(4);
    await dialog.getByRole('button', { name: 'Got it' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Escape closes it too.
    await page.getByRole('button', { name: 'Latest Updates' }).click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('labels numeric breadcrumb segments', async () => {
    const viewer = await browser.open(DESKTOP);
    const { page } = viewer;
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    for (const [path, label] of [
      ['/movie/42', 'Movie Details'],
      ['/series/7', 'Series Details'],
      ['/tv/7', 'Series Details'],
      ['/list/3', 'List Details'],
    ] as const) {
      await page.goto(path);
      await expect.poll(() => breadcrumb.locator('[aria-current="page"]').textContent()).toBe(label);
    }
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await breadcrumb.count()).toBe(0);
    // There is no list 3 (list ids are words): Chromium logs the expected 404 of its request.
    viewer.errors.splice(0, viewer.errors.length, ...viewer.errors.filter((error) => !/status of 404/.test(error)));
  });

  it('leads every breadcrumb link to a page that exists', async () => {
    const sample = await sampleTitles(browser.baseUrl);
    const { page } = await browser.open(DESKTOP);
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    const checked = new Map<string, number>();
    for (const path of [
      `/movie/${sample.movie}`,
      `/series/${sample.tv}`,
      `/tv/${sample.tv}`,
      `/list/${sample.list}`,
      '/genre/horror',
      '/genre/27',
      '/browse/tv',
      `/watch/movie/${sample.movie}`,
      `/watch/series/${sample.tv}`,
    ]) {
      await page.goto(path);
      await breadcrumb.locator('[aria-current="page"]').waitFor();
      const hrefs = await breadcrumb
        .getByRole('link')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
      // Home and at least one crumb between it and the page, on every page but a top-level one.
      expect(hrefs.length, path).toBeGreaterThanOrEqual(path.split('/').length > 3 ? 2 : 1);
      for (const href of hrefs) {
        if (!checked.has(href)) checked.set(href, (await fetch(`${browser.baseUrl}${href}`)).status);
        expect(checked.get(href), `${path}: crumb ${href}`).toBe(200);
      }
    }
    expect([...checked.keys()].sort()).toEqual(['/', '/browse', '/browse/movie', '/browse/tv', '/lists']);
  });

  it('has the footer of the spec, with the community link opening in a new tab', async () => {
    const { page } = await browser.open(DESKTOP);
    await page.goto('/help');
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Help Center' }).waitFor();
    for (const label of [
      'Home',
      'Browse',
      'Watch Later',
      'History',
      'Lists',
      'Settings',
      'Help Center',
      'Contact Us',
      'FAQ',
      'Privacy Policy',
      'Terms of Service',
      'Cookie Policy',
    ]) {
      expect(await footer.getByRole('link', { name: label, exact: true }).count(), label).toBeGreaterThan(0);
    }
    expect(await footer.getByText('Version 2.1.0').isVisible()).toBe(true);
    await expect.poll(() => footer.getByText('All systems operational').isVisible()).toBe(true);
    // Join does nothing (product.md §2): the page stays where it is.
    await footer.getByRole('button', { name: 'Join' }).click();
    expect(new URL(page.url()).pathname).toBe('/help');
    const community = page.getByRole('link', { name: /community chat/i }).first();
    expect(await community.getAttribute('href')).toBe('https://chat.example.org/marquee');
    expect(await community.getAttribute('target')).toBe('_blank');
  });

  it('renders every informational page', async () => {
    const { page } = await browser.open(MOBILE);
    for (const [path, heading] of [
      ['/help', 'Help Center'],
      ['/contact', 'Contact Us'],
      ['/faq', 'Frequently Asked Questions'],
      ['/privacy', 'Privacy Policy'],
      ['/terms', 'Terms of Service'],
      ['/cookies', 'Cookie Policy'],
    ] as const) {
      await page.goto(path);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(heading);
    }
  });
});
