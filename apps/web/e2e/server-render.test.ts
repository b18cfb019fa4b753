import { beforeAll, describe, expect, it } from 'vitest';
import { MOBILE, useBrowser } from './support.ts';

/**
 * Server rendering: the catalogue's pages arrive as HTML with their content (readable with
 * scripts off), and the app then takes the markup over without re-rendering it or complaining.
 */
describe('server-rendered pages', () => {
  const browser = useBrowser();
  let movie: { id: number; title: string };

  beforeAll(async () => {
    const response = await fetch(`${browser.baseUrl}/api/catalogue/search?q=fight%20club`);
    const body = (await response.json()) as { results: Array<{ id: number; title: string }> };
    movie = body.results.find((result) => result.title === 'Fight Club')!;
    expect(movie).toBeDefined();
  });

  it('shows a movie, the home page and browse with scripts turned off', async () => {
    const { page: plain } = await browser.open(MOBILE, { javaScriptEnabled: false });
    {
      await plain.goto(`/movie/${movie.id}`);
      await expect(plain.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Fight Club');
      expect(await plain.getByRole('link', { name: 'Home' }).first().getAttribute('href')).toBe('/');
      // The page is on screen: no start-up overlay covers it.
      expect(await plain.locator('#boot-overlay').count()).toBe(0);

      await plain.goto('/browse');
      expect(await plain.locator('main a[href^="/movie/"]').count()).toBeGreaterThanOrEqual(20);

      await plain.goto('/');
      expect(await plain.locator('main img').count()).toBeGreaterThan(0);
    }
  });

  it('hydrates without a mismatch and the page then works', async () => {
    const viewer = await browser.open();
    const { page } = viewer;
    const response = await page.goto(`/movie/${movie.id}`);
    const html = (await response!.text()) ?? '';
    expect(html).toContain('id="ssr-state"');
    expect(html).toMatch(/<h1[^>]*>Fight Club<\/h1>/);
    // Hydrated: the app answers a click (Watch Later is saved in this browser).
    const save = page.getByRole('button', { name: /Watch Later/ }).first();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.app ?? '')).toBe('ready');
    // The style sheet came inline: the chunks loaded since (analytics last, when the page is idle)
    // did not fetch and apply it a second time.
    const resources = () => page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
    await expect
      .poll(async () => (await resources()).some((name) => /\/start-analytics-[^/]+\.js$/.test(name)))
      .toBe(true);
    expect((await resources()).filter((name) => /\/assets\/index-[^/]+\.css$/.test(name))).toEqual([]);
    await save.click();
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('marquee:watch_later') ?? ''))
      .toContain(String(movie.id));
    // Client-side navigation still works from a hydrated page.
    await page.getByRole('link', { name: 'Browse' }).first().click();
    await page.waitForURL('**/browse');
    expect(viewer.errors).toEqual([]);
  });

  it('takes browse over as the server rendered it: the cards arrive whole and are not rendered again', async () => {
    const { page, context } = await browser.open(MOBILE);
    // What changes in the results from the moment the markup is parsed, before any script runs.
    await context.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        const changes: string[] = [];
        const results = document.querySelector('section[aria-labelledby="browse-results"] ul');
        if (!results) changes.push('no results list in the markup');
        else
          new MutationObserver((records) => {
            for (const record of records) {
              record.addedNodes.forEach((node) => changes.push(`added ${node.nodeName}`));
              record.removedNodes.forEach((node) => changes.push(`removed ${node.nodeName}`));
            }
          }).observe(results, { childList: true, subtree: true, characterData: true });
        (window as unknown as { resultChanges: string[] }).resultChanges = changes;
      }),
    );
    await page.goto('/browse');
    // The comment counts came with the page (before, they were asked for after it was taken over,
    // and every card was rendered again to show them).
    const cards = page.locator('section[aria-labelledby="browse-results"] li');
    expect(await cards.count()).toBe(20);
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.app ?? '')).toBe('ready');
    await page.waitForLoadState('networkidle');
    expect(await page.locator('section[aria-labelledby="browse-results"] [aria-label$=" comments"]').count()).toBe(20);
    expect(await page.evaluate(() => (window as unknown as { resultChanges: string[] }).resultChanges)).toEqual([]);
    // Cards below the screen are neither laid out nor painted until they come near it.
    expect(await cards.last().evaluate((card) => getComputedStyle(card).contentVisibility)).toBe('auto');
  });

  it('paints in the local fallback faces and asks for the web fonts once the page has loaded', async () => {
    const { page, context } = await browser.open(MOBILE);
    await context.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        const families: string[] = [];
        document.fonts.forEach((face) => families.push(face.family));
        sessionStorage.setItem('faces-at-start', families.join(','));
      }),
    );
    const fontRequests = () =>
      page.evaluate(() => ({
        loadEventStart: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart,
        requests: performance
          .getEntriesByType('resource')
          .filter((entry) => /\/assets\/([^/]+\.woff2|web-font-faces-[^/]+\.js)$/.test(entry.name))
          .map((entry) => ({ name: entry.name, startTime: entry.startTime })),
      }));

    await page.goto(`/movie/${movie.id}`);
    await expect
      .poll(() =>
        page.evaluate(() => {
          let loaded = false;
          document.fonts.forEach(
            (face) => (loaded ||= face.family.replace(/"/g, '') === 'Inter Variable' && face.status === 'loaded'),
          );
          return loaded;
        }),
      )
      .toBe(true);
    const atStart = (await page.evaluate(() => sessionStorage.getItem('faces-at-start') ?? '')).split(',');
    expect(atStart).toContain('Inter Fallback');
    expect(atStart).toContain('Oswald Fallback');
    expect(atStart).not.toContain('Inter Variable');
    const first = await fontRequests();
    // Both Latin files, fetched side by side (so in either order).
    const names = first.requests.map((request) => request.name);
    expect(names.some((name) => /inter-latin-wght/.test(name))).toBe(true);
    expect(names.some((name) => /oswald-latin-wght/.test(name))).toBe(true);
    for (const request of first.requests) expect(request.startTime).toBeGreaterThanOrEqual(first.loadEventStart);
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(
      /^"Inter Variable", "Inter Fallback"/,
    );

    // The browser has them now: a later visit asks for them at once, before the page has loaded.
    expect(await page.evaluate(() => localStorage.getItem('marquee:web-fonts-cached'))).toBe('1');
    await page.reload();
    const again = await fontRequests();
    const faces = again.requests.find((request) => /web-font-faces-/.test(request.name));
    expect(faces?.startTime).toBeLessThan(again.loadEventStart);
  });

  it('keeps a tap made before the app took the page over, and acts on it then', async () => {
    const { page } = await browser.open();
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/start-*.js', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`/movie/${movie.id}`, { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Add to Watch Later' }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.app ?? '')).toBe('');
    release();
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('marquee:watch_later') ?? ''))
      .toContain(String(movie.id));
  });

  it("applies the visitor's display settings before any of the app's code runs", async () => {
    const viewer = await browser.open();
    const { page } = viewer;
    await page.goto('/faq');
    // Analytics loads once the page is idle: let it, so that its import is not the one aborted below.
    await expect
      .poll(() =>
        page.evaluate(() =>
          performance.getEntriesByType('resource').some((entry) => /\/start-analytics-[^/]+\.js$/.test(entry.name)),
        ),
      )
      .toBe(true);
    await page.evaluate(() =>
      localStorage.setItem('marquee:settings', JSON.stringify({ darkMode: false, fontSize: 'large' })),
    );
    // Without the app's scripts, only index.html's inline script (allowed by its CSP hash) can act.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/faq', { waitUntil: 'commit' });
    await page.waitForLoadState('domcontentloaded');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dim'))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.dataset.fontSize)).toBe('large');
    // The aborted scripts are reported as failed loads; a CSP refusal would be an error too.
    expect(viewer.errors.filter((error) => !/Failed to load resource/.test(error))).toEqual([]);
    viewer.errors.length = 0;
  });

  it('answers a page that leads nowhere with 404 and its not-found screen, which the app takes over quietly', async () => {
    for (const [path, heading] of [
      ['/nope', 'Page Not Found'],
      ['/watch/movie', 'Page Not Found'],
      ['/movie/999999', 'Movie Not Found'],
      ['/series/999999', 'Series Not Found'],
      ['/movie/abc', 'Movie Not Found'],
      ['/list/no-such-list', 'List not found'],
    ] as const) {
      const viewer = await browser.open(MOBILE);
      const response = await viewer.page.goto(path);
      expect(response!.status(), path).toBe(404);
      // Rendered on the server: crawlers and scripts-off visitors read the not-found screen too.
      const html = await response!.text();
      expect(html, path).toContain('id="ssr-state"');
      expect(html, path).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
      await expect.poll(() => viewer.page.getByRole('heading', { level: 1 }).textContent()).toBe(heading);
    }
    // The player renders in the browser; for a title that does not exist its answer is a 404 too.
    for (const path of ['/watch/movie/999999', '/watch/series/999999', '/watch/film/1', '/watch/movie/abc']) {
      const viewer = await browser.open(MOBILE);
      const response = await viewer.page.goto(path);
      expect(response!.status(), path).toBe(404);
      await expect.poll(() => viewer.page.getByText('Content not found').isVisible(), { timeout: 20_000 }).toBe(true);
      // The player asked the catalogue for the title, and the catalogue answered 404, as expected.
      const unexpected = viewer.errors.filter((error) => !/status of 404/.test(error));
      viewer.errors.splice(0, viewer.errors.length, ...unexpected);
    }
    // A page that exists still answers 200.
    for (const path of ['/', `/movie/${movie.id}`, `/watch/movie/${movie.id}`, '/lists', '/browse/movie'])
      expect((await fetch(`${browser.baseUrl}${path}`)).status, path).toBe(200);
  });

  it("renders the frame of Watch Later, History and Settings on the server, and the browser's data once it has taken over", async () => {
    for (const [path, heading, loading] of [
      ['/watchlater', 'Watch Later', 'Loading Watch Later'],
      ['/history', 'Watch History', 'Loading history'],
      ['/settings', 'Settings', 'Loading settings'],
    ] as const) {
      const html = await (await fetch(`${browser.baseUrl}${path}`)).text();
      expect(html, path).toContain('id="ssr-state"');
      expect(html, path).not.toContain('id="boot-overlay"');
      expect(html, path).toContain(`>${heading}</h1>`);
      expect(html, path).toContain(`aria-label="${loading}"`);
    }

    // With scripts off, the page is there at once: the header, the heading, the loading state.
    const { page: plain } = await browser.open(MOBILE, { javaScriptEnabled: false });
    await plain.goto('/history');
    expect(await plain.getByRole('heading', { level: 1 }).textContent()).toBe('Watch History');
    expect(await plain.getByRole('status', { name: 'Loading history' }).count()).toBe(1);
    expect(await plain.locator('#boot-overlay').count()).toBe(0);

    // In a browser that holds a history and a Watch Later list, they show once the app has taken
    // the page over, without a mismatch (the viewer fails on any console error).
    const viewer = await browser.open();
    await viewer.context.addInitScript((id: number) => {
      const saved = { id: `movie:${id}`, movie_id: id, movie_title: 'Saved Film', content_type: 'movie' };
      localStorage.setItem('marquee:watch_later', JSON.stringify([{ ...saved, added_at: '2026-01-02T10:00:00.000Z' }]));
    }, movie.id);
    await viewer.page.goto('/watchlater');
    await expect.poll(() => viewer.page.getByRole('heading', { level: 1 }).textContent()).toBe('Watch Later (1)');
    expect(await viewer.page.getByRole('status', { name: 'Loading Watch Later' }).count()).toBe(0);
    await viewer.page.goto('/settings#accessibility');
    await viewer.page.getByRole('tab', { name: /Accessibility/, selected: true }).waitFor();
  });

  it('leaves the other pages of the browser to the browser, behind the start-up overlay', async () => {
    const html = await (await fetch(`${browser.baseUrl}/calendar`)).text();
    expect(html).not.toContain('id="ssr-state"');
    expect(html).toContain('id="boot-overlay"');
    expect(html).toContain('<div id="root"></div>');
  });
});
