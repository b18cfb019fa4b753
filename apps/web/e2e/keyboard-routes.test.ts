import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoFailuresByRoute, focusStop, seedLibrary, sweep, sweepRoutes } from './keyboard.ts';
import { DESKTOP, openInApp, sampleTitles, settle, useBrowser, type Sample } from './support.ts';

/**
 * Tab through every route, stop by stop: each focus stop must show a focus indicator (an outline,
 * ring, border or background that appears with the focus, at 3:1 against what is next to it),
 * lie on screen and not under the floating buttons or the fixed header. The same in the app's
 * high-contrast theme and under forced colours (Windows high contrast), where box-shadow rings
 * are not drawn and only an outline or a border can show the focus.
 */

/** A custom video source, so that the settings show its editor. */
const MIRROR = { name: 'Mirror', movieUrl: 'https://mirror.example/movie/{movieID}', tvUrl: '', recommended: false };

/** Opens the browse page's filters (their fields show only then); the sweep goes on from there. */
async function openFilters(page: Page) {
  await page.getByRole('button', { name: 'Filters' }).focus();
  await page.keyboard.press('Enter');
  await page.getByLabel('Genre').waitFor();
}

describe('keyboard focus on every route', () => {
  const browser = useBrowser();
  let sample: Sample;

  beforeAll(async () => {
    sample = await sampleTitles(browser.baseUrl);
  });

  it('tells a control that shows its focus from one that does not', async () => {
    const { page } = await browser.open(DESKTOP);
    await page.goto('/help');
    await settle(page);
    // Probes in the page, styled the ways a focus indicator is made or lost. The page's CSP allows
    // no <style> element; a constructed style sheet is not one.
    await page.evaluate(() => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(`
        .probe:focus-visible { outline: none; }
        .probe-tailwind-stack { box-shadow: 0 0 #0000, 0 0 #0000, 0 0 0 0 rgb(0 0 0 / 0); }
        .probe-faint:focus-visible { box-shadow: 0 0 0 2px rgb(246 196 83 / 0.2); }
        .probe-ring:focus-visible { box-shadow: 0 0 0 2px #f6c453; }
        .probe-always { outline: 2px solid #f6c453 !important; }
        @media (forced-colors: active) {
          .probe-hidden:focus-visible { outline: 2px solid transparent; outline-offset: 2px; }
        }
        .probe-card:has(a:focus-visible) { box-shadow: inset 0 0 0 2px #f6c453; }
      `);
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      const main = document.getElementById('main')!;
      const add = (html: string) => main.insertAdjacentHTML('afterbegin', html);
      // Inserted first, each before the last: in the order below in the page.
      add('<button class="probe probe-always">Always outlined</button>');
      add('<div class="probe-card"><a class="probe" href="#main">In a card</a></div>');
      add('<button class="probe probe-ring probe-hidden">Ring and hidden outline</button>');
      add('<button class="probe probe-ring">Ring only</button>');
      add('<button class="probe probe-faint">Faint ring</button>');
      add('<button class="probe probe-tailwind-stack">Transparent shadows</button>');
      add('<label><input type="checkbox" class="sr-only"> Hidden box</label>');
      add('<button class="probe">No indicator</button>');
    });
    const problems = async (forced: boolean) => {
      await page.emulateMedia({ forcedColors: forced ? 'active' : 'none' });
      await page.locator('#main').focus();
      const { stops } = await sweep(page, { max: 8, forced });
      return Object.fromEntries(stops.map((stop) => [stop.name, stop.problem?.replace(/:.*/, '') ?? 'shown']));
    };
    expect(await problems(false)).toEqual({
      'No indicator': 'no visible focus indicator',
      'Transparent shadows': 'no visible focus indicator',
      'Faint ring': 'faint focus indicator',
      'Ring only': 'shown',
      'Ring and hidden outline': 'shown',
      'In a card': 'shown',
      'Always outlined': 'no visible focus indicator',
      // Its own outline is clipped away with it, and its label shows nothing.
      'Hidden box': 'no visible focus indicator',
    });
    // Forced colours draw no box-shadow: a ring alone shows nothing there (focus:outline-none did
    // that), Tailwind's outline-hidden leaves an outline for the browser to colour.
    expect(await problems(true)).toMatchObject({
      'Ring only': 'no visible focus indicator',
      'Ring and hidden outline': 'shown',
      'In a card': 'no visible focus indicator',
    });
  });

  it('finds a real control whose indicator was taken away, in colour and under forced colours', async () => {
    const { page } = await browser.open(DESKTOP);
    await page.goto('/');
    await settle(page);
    const search = page.getByRole('banner').getByRole('combobox', { name: 'Search movies and series' });
    const join = page.getByRole('button', { name: 'Join', exact: true });
    // Focused from the keyboard, as :focus-visible asks.
    const judge = async (control: typeof search, forced = false) => {
      await control.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      return (await focusStop(page, { forced }))?.problem ?? null;
    };
    expect(await judge(join)).toBeNull();
    expect(await judge(search)).toBeNull();
    await page.emulateMedia({ forcedColors: 'active' });
    expect(await judge(search, true)).toBeNull();
    // As if their classes said outline-none: the Join button has nothing left; the search field
    // keeps its ring, which forced colours do not draw.
    await page.emulateMedia({ forcedColors: 'none' });
    await join.evaluate((node) => node.classList.add('outline-none'));
    await search.evaluate((node) => node.classList.replace('focus:outline-hidden', 'outline-none'));
    expect(await judge(join)).toBe('no visible focus indicator');
    expect(await judge(search)).toBeNull();
    await page.emulateMedia({ forcedColors: 'active' });
    expect(await judge(search, true)).toBe('no visible focus indicator');
  });

  it('shows the focus on every stop of every route', async () => {
    const { page, context } = await browser.open(DESKTOP);
    await seedLibrary(context, sample);
    const found = await sweepRoutes(page, [
      '/',
      { route: '/browse', open: openFilters },
      '/browse/tv',
      '/genre/comedy',
      '/search?q=star',
      `/movie/${sample.movie}`,
      `/series/${sample.tv}`,
      `/watch/movie/${sample.movie}`,
      `/watch/series/${sample.tv}`,
      '/watchlater',
      '/history',
      '/lists',
      `/list/${sample.list}`,
      '/settings',
      '/settings#display',
      '/settings#content',
      '/settings#privacy',
      '/settings#accessibility',
      '/help',
      '/contact',
      '/faq',
      '/privacy',
      '/terms',
      '/cookies',
      '/reset-password?token=sample',
      '/no-such-page',
    ]);
    // Backwards, what Shift+Tab scrolls back into view must not stop under the fixed header.
    await page.goto('/browse');
    await settle(page);
    const { failures } = await sweep(page, { max: 300, backwards: true });
    if (failures.length > 0) found['/browse (Shift+Tab)'] = failures;
    expectNoFailuresByRoute(found);
  }, 240_000);

  it('shows it on the tracking screens: Progress with a series started, and the Calendar', async () => {
    const { page, context } = await browser.open(DESKTOP);
    await seedLibrary(context, sample);
    // A first episode of Breaking Bad (series 1) watched: Progress shows its card, with its controls.
    await context.addInitScript(() => {
      if (sessionStorage.getItem('e2e-progress')) return;
      sessionStorage.setItem('e2e-progress', '1');
      const history = JSON.parse(localStorage.getItem('marquee:history') ?? '[]') as unknown[];
      history.unshift({
        id: 'tv:1:s1:e1',
        movie_id: 1,
        movie_title: 'Breaking Bad',
        content_type: 'tv',
        watched_at: new Date().toISOString(),
        completed: true,
        synced: false,
        season_number: 1,
        episode_number: 1,
        source: 'manual',
        play_count: 1,
      });
      localStorage.setItem('marquee:history', JSON.stringify(history));
    });
    const found = await sweepRoutes(page, ['/progress']);
    expect(await page.getByRole('button', { name: 'Mark watched: S1E2 of Breaking Bad' }).count()).toBe(1);
    await openInApp(page, '/calendar');
    const { stops, failures } = await sweep(page, { max: 300 });
    expect(stops.map((stop) => stop.name)).toContain('Later');
    if (failures.length > 0) found['/calendar'] = failures;
    expectNoFailuresByRoute(found);
  });

  it('shows it in the high-contrast theme', async () => {
    const { page, context } = await browser.open(DESKTOP);
    await seedLibrary(context, sample, { highContrastMode: true, customVideoSources: [MIRROR] });
    const found = await sweepRoutes(page, [
      '/',
      { route: '/browse', open: openFilters },
      `/series/${sample.tv}`,
      `/watch/series/${sample.tv}`,
      '/watchlater',
      '/settings#content',
      '/faq',
    ]);
    expect(await page.evaluate(() => document.documentElement.classList.contains('high-contrast'))).toBe(true);
    expectNoFailuresByRoute(found);
  }, 180_000);

  it('shows it with an outline or a border under forced colours', async () => {
    const { page, context } = await browser.open(DESKTOP);
    await seedLibrary(context, sample, { customVideoSources: [MIRROR] });
    await page.emulateMedia({ forcedColors: 'active' });
    // The routes that hold each kind of control: fields, selects, the filters, the mood box, the
    // episode list, a custom source's editor.
    const found = await sweepRoutes(
      page,
      [
        '/',
        { route: '/browse', open: openFilters },
        '/search?q=star',
        `/series/${sample.tv}`,
        `/watch/series/${sample.tv}`,
        '/watchlater',
        '/settings#content',
        '/reset-password?token=sample',
      ],
      { forced: true },
    );
    expectNoFailuresByRoute(found);
  }, 240_000);
});
