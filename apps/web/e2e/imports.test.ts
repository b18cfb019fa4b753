import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page, Route } from 'playwright-core';
import { seriousViolations } from './a11y.ts';
import { createAccount, signInContext, visitorHeaders, type Account } from './session.ts';
import { DESKTOP, MOBILE, settle, useBrowser } from './support.ts';

/** Where the screens of this file are saved, to be looked at (IMPORTS_SHOTS=/tmp/shots). */
const SHOTS = process.env.IMPORTS_SHOTS;
async function shot(section: Locator, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await section.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** The server's Letterboxd fixture (an export in Letterboxd's documented format), zipped as Letterboxd does. */
function letterboxdZip(): Buffer {
  const root = path.resolve(import.meta.dirname, '../../server/test/fixtures/imports/letterboxd');
  const files: Record<string, Uint8Array> = {};
  const walk = (dir: string, prefix: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full, `${prefix}${name}/`);
      else files[`${prefix}${name}`] = new Uint8Array(readFileSync(full));
    }
  };
  walk(root, '');
  return Buffer.from(zipSync(files));
}

const stored = (page: Page, store: string) =>
  page.evaluate(
    (key) => JSON.parse(localStorage.getItem(`marquee:${key}`) ?? '[]') as Array<Record<string, unknown>>,
    store,
  );

/** A gate the test opens: the staged answer below waits at each. */
function gate(): { opened: Promise<void>; open(): void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/**
 * Stages POST /api/imports so that each phase of the progress can be looked at: the request goes
 * (unseen by the page) to a server of this test, which takes the whole upload, then waits at
 * `answer` before it answers, writes the matching's first line (no titles matched yet) and waits
 * at `matching`, writes a line of titles part matched and waits at `result`, then passes the
 * upload to the app's server and streams its answer on. The lines are the server's format
 * (ImportProgressLine); their figures are made up, the answer is the server's.
 */
async function stageImports(page: Page, baseUrl: string, rows: number) {
  const gates = { uploaded: gate(), answer: gate(), matching: gate(), result: gate() };
  const relay = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      gates.uploaded.open();
      void (async () => {
        const line = (value: unknown) => response.write(`${JSON.stringify(value)}\n`);
        await gates.answer.opened;
        response.writeHead(200, { 'content-type': 'application/x-ndjson; charset=utf-8', 'cache-control': 'no-store' });
        line({ type: 'progress', phase: 'matching', done: 0, total: 0, rows });
        await gates.matching.opened;
        line({ type: 'progress', phase: 'matching', done: 3, total: 12, rows });
        await gates.result.opened;
        const answer = await fetch(`${baseUrl}/api/imports`, {
          method: 'POST',
          headers: {
            'content-type': String(request.headers['content-type']),
            accept: 'application/x-ndjson',
            origin: baseUrl,
            ...visitorHeaders(),
          },
          body: Buffer.concat(chunks),
        });
        response.end(await answer.text());
      })();
    });
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const { port } = relay.address() as AddressInfo;
  await page.route('**/api/imports', (route: Route) => route.continue({ url: `http://127.0.0.1:${port}/api/imports` }));
  return { ...gates, close: () => new Promise((resolve) => relay.close(resolve)) };
}

describe('importing a Letterboxd export as a guest', () => {
  const browser = useBrowser();
  const open = browser.open;
  for (const [name, viewport] of [
    ['1280', DESKTOP],
    ['375', MOBILE],
  ] as const) {
    it(`uploads with a progress bar, reports, asks which title, and imports only once confirmed (${name} px)`, async () => {
      const { page } = await open(viewport);
      await page.goto('/settings#data');
      await settle(page);
      const section = page.getByRole('region', { name: 'Import from another service' });
      await section.scrollIntoViewIfNeeded();
      await expect.poll(() => section.getByLabel('Source').inputValue()).toBe('letterboxd');
      await section.getByLabel('Choose a file (file to import)').setInputFiles({
        name: 'letterboxd-someone-2026-11-01-utc.zip',
        mimeType: 'application/zip',
        buffer: letterboxdZip(),
      });
      const staged = await stageImports(page, browser.baseUrl, 18);
      await section.getByRole('button', { name: 'Upload and match' }).click();

      // Each phase as the viewer reads it, and the bar's measure of it.
      const bar = section.getByRole('progressbar');
      const status = () => section.getByRole('status').first().textContent();
      const measure = async () => [await bar.getAttribute('value'), await bar.getAttribute('max')];
      await staged.uploaded.opened;
      // The whole upload is sent and no answer has come: its own count (the form, a little more than the file), at its end.
      await expect.poll(status).toMatch(/^Uploading… 100 % \((\d+) of \1 KB\)$/);
      const [sent, total] = await measure();
      expect(Number(sent)).toBe(Number(total));
      expect(Number(total)).toBeGreaterThan(letterboxdZip().byteLength);
      await shot(section, `import-progress-${name}`);
      staged.answer.open();
      await expect.poll(status).toBe('18 rows read. Matching titles…');
      expect(await measure()).toEqual(['0', '1']);
      staged.matching.open();
      await expect.poll(status).toBe('18 rows read. Matching titles: 3 of 12');
      expect(await measure()).toEqual(['3', '12']);
      await shot(section, `import-matching-${name}`);
      staged.result.open();

      const report = section.getByRole('region', { name: 'Import report' });
      await expect.poll(() => report.isVisible(), { timeout: 20_000 }).toBe(true);
      const figures = await report.locator('dl > div').allTextContents();
      expect(figures).toEqual(['Rows read18', 'Matched13', 'To choose1', 'Not matched4']);
      const question = report.getByRole('group', { name: /King Kong \(year unknown\)/ });
      await expect.poll(() => question.getByRole('radio').count()).toBe(4);
      expect(await question.getByRole('radio', { name: 'Skip this title' }).isChecked()).toBe(true);
      const notImported = await report.getByRole('listitem').allTextContents();
      expect(notImported).toContain(
        'Titanic (1953) · diary.csv, row 6: the catalogue has "Titanic" only from 1997, not 1953',
      );
      expect(notImported).toContain(
        'Pulp Fiction (1994) · ratings.csv, row 4: Rating "7" is not 0.5 to 5 stars in halves',
      );
      expect(await report.textContent()).toContain('You are not signed in: the import is kept in this browser.');

      // Nothing is stored before the viewer confirms.
      expect(await stored(page, 'history')).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);
      // No sideways scrolling on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await shot(section, `import-report-${name}`);

      await question.getByRole('radio', { name: 'King Kong (1976, film)' }).check();
      await report.getByRole('button', { name: 'Import 10 items' }).click();
      await expect.poll(() => section.getByRole('status').last().textContent()).toBe('Imported 10 items.');
      const history = await stored(page, 'history');
      expect(history.map((item) => [item.movie_title, item.play_count, item.source, item.watched_at])).toEqual([
        ['The Godfather', 1, 'import', '2023-03-02T12:00:00.000Z'],
        ['The Matrix', 2, 'import', '2022-05-31T12:00:00.000Z'],
        ['Fight Club', 1, 'import', '2021-02-10T12:00:00.000Z'],
        ['Alien', 1, 'import', '2021-01-10T12:00:00.000Z'],
        ['Pulp Fiction', 1, 'import', '2020-05-01T12:00:00.000Z'],
      ]);
      const watchLater = await stored(page, 'watch_later');
      expect(watchLater.map((item) => item.movie_title).sort()).toEqual(['Inception', 'King Kong', 'Parasite']);
      // The King Kong picked (1976), not the first candidate (1933): its catalogue id and date.
      const kongs = (await (await page.request.get('/api/catalogue/search?q=King%20Kong')).json()) as {
        results: Array<{ id: number; media_type: string; title?: string; release_date?: string }>;
      };
      const kong1976 = kongs.results.find(
        (title) =>
          title.media_type === 'movie' && title.title === 'King Kong' && title.release_date?.startsWith('1976'),
      );
      expect(kong1976).toBeDefined();
      expect(watchLater.find((item) => item.movie_title === 'King Kong')).toMatchObject({
        id: `movie:${kong1976!.id}`,
        movie_id: kong1976!.id,
        movie_release_date: kong1976!.release_date,
      });
      expect((await stored(page, 'ratings')).map((item) => item.rating).sort()).toEqual([10, 7]);
      await shot(section, `import-done-${name}`);

      // The same file again: the same report, and nothing new.
      await section
        .getByLabel('Choose a file (file to import)')
        .setInputFiles({ name: 'letterboxd-again.zip', mimeType: 'application/zip', buffer: letterboxdZip() });
      await section.getByRole('button', { name: 'Upload and match' }).click();
      await expect.poll(() => report.isVisible(), { timeout: 20_000 }).toBe(true);
      await report.getByRole('button', { name: 'Import 9 items' }).click();
      await expect
        .poll(() => section.getByRole('status').last().textContent())
        .toBe('Nothing new to import: everything in the file is already here.');
      expect(await stored(page, 'history')).toEqual(history);
      await staged.close();
    });
  }

  it('shows the server’s reason when the file is not what the source makes', async () => {
    const viewer = await open(DESKTOP);
    const { page } = viewer;
    await page.goto('/settings#data');
    await settle(page);
    const section = page.getByRole('region', { name: 'Import from another service' });
    await section.getByLabel('Source').selectOption('imdb');
    await section
      .getByLabel('Choose a file (file to import)')
      .setInputFiles({ name: 'ratings.csv', mimeType: 'text/csv', buffer: Buffer.from('Name,Year\nAlien,1979\n') });
    await section.getByRole('button', { name: 'Upload and match' }).click();
    await expect
      .poll(() => section.getByRole('alert').textContent())
      .toContain('ratings.csv is not an IMDb ratings, watchlist or list export: its header lacks "Const"');
    // The refusal itself, which Chromium logs as a failed load: expected here, and only it.
    const refusal = viewer.errors.findIndex((error) => /status of 400/.test(error));
    expect(refusal).toBeGreaterThanOrEqual(0);
    viewer.errors.splice(refusal, 1);
  });
});

describe('importing as a signed-in viewer', () => {
  const browser = useBrowser();
  let account: Account;
  beforeAll(async () => {
    account = await createAccount('importer');
  }, 120_000);

  it('applies the import through the sync: the account holds it on the server', async () => {
    const { page, context } = await browser.open(DESKTOP);
    await signInContext(context, account);
    await page.goto('/settings#data');
    await settle(page);
    const section = page.getByRole('region', { name: 'Import from another service' });
    await section
      .getByLabel('Choose a file (file to import)')
      .setInputFiles({ name: 'letterboxd.zip', mimeType: 'application/zip', buffer: letterboxdZip() });
    await section.getByRole('button', { name: 'Upload and match' }).click();
    const report = section.getByRole('region', { name: 'Import report' });
    await expect.poll(() => report.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await report.textContent()).not.toContain('You are not signed in');
    const history = async () =>
      (await (await context.request.get('/api/me/history?page=1')).json()) as {
        total_results: number;
        results: Array<{ movie_title: string; source: string; play_count: number }>;
      };
    expect((await history()).total_results).toBe(0);
    await report.getByRole('button', { name: 'Import 9 items' }).click();
    await expect.poll(async () => (await history()).total_results, { timeout: 20_000 }).toBe(5);
    const matrix = (await history()).results.find((item) => item.movie_title === 'The Matrix');
    expect(matrix).toMatchObject({ source: 'import', play_count: 2 });
    const watchLater = (await (await context.request.get('/api/me/watch-later')).json()) as { results: unknown[] };
    expect(watchLater.results).toHaveLength(2);
  });
});

/**
 * An import answer of `count` operations, as POST /api/imports makes them: history entries (the
 * episodes of long series, the most an import brings), ratings and Watch Later, each as large as
 * the server's (titles, posters, overviews).
 */
function largeAnswer(count: number) {
  const overview = 'A series, first aired in 2009 on a network. Rated TV-14. Watched by a great many people.';
  const operations: Array<Record<string, unknown>> = [];
  const at = (index: number) => new Date(Date.UTC(2015, 0, 1) + index * 3_600_000).toISOString();
  const ratings = Math.floor(count / 10);
  const watchLater = Math.floor(count / 10);
  const episodes = count - ratings - watchLater;
  for (let index = 0; index < episodes; index++) {
    const [series, season, episode] = [
      900_000 + Math.floor(index / 200),
      1 + Math.floor((index % 200) / 20),
      1 + (index % 20),
    ];
    const item = {
      id: `tv:${series}:s${season}:e${episode}`,
      movie_id: series,
      movie_title: `Imported Series ${series}`,
      movie_poster: `/poster/tv/${series}.svg`,
      content_type: 'tv',
      watched_at: at(index),
      duration_watched: 0,
      total_duration: null,
      completed: true,
      synced: false,
      season_number: season,
      episode_number: episode,
      episode_title: `Episode ${episode}`,
      source: 'import',
      play_count: 1,
      backdrop_path: `/backdrop/tv/${series}.svg`,
      release_date: '2009-01-01',
      vote_average: 7.5,
      overview,
    };
    operations.push({ op: 'upsert', store: 'history', item, at: item.watched_at });
  }
  for (let index = 0; index < watchLater; index++) {
    const item = {
      id: `movie:${800_000 + index}`,
      movie_id: 800_000 + index,
      movie_title: `Imported Film ${index}`,
      movie_poster: `/poster/movie/${800_000 + index}.svg`,
      movie_overview: overview,
      movie_release_date: '2001-05-01',
      movie_vote_average: 6.5,
      content_type: 'movie',
      added_at: at(index),
      synced: false,
    };
    operations.push({ op: 'upsert', store: 'watch_later', item, at: item.added_at });
  }
  for (let index = 0; index < ratings; index++) {
    const item = {
      movie_id: 700_000 + index,
      content_type: 'movie',
      season_number: null,
      episode_number: null,
      rating: 1 + (index % 10),
      rated_at: at(index),
      synced: false,
    };
    operations.push({ op: 'upsert', store: 'ratings', item, at: item.rated_at });
  }
  return {
    source: 'trakt',
    operations,
    report: { rows: count, matched: count, ambiguous: [], unmatched: [], files: ['watched-history.json'] },
  };
}

describe('importing more than a guest’s browser can store', () => {
  const browser = useBrowser();
  for (const [name, viewport] of [
    ['1280', DESKTOP],
    ['375', MOBILE],
  ] as const) {
    it(`says so, names how many items and what to do, and stores none of them (${name} px)`, async () => {
      const viewer = await browser.open(viewport);
      const { page } = viewer;
      const answer = largeAnswer(20_000);
      await page.route('**/api/imports', (route) =>
        route.fulfill({
          status: 200,
          contentType: 'application/x-ndjson',
          body: `${JSON.stringify({ type: 'result', answer })}\n`,
        }),
      );
      await page.goto('/settings#data');
      await settle(page);
      const earlier = await page.evaluate(() => ({ ...localStorage }));
      const section = page.getByRole('region', { name: 'Import from another service' });
      await section
        .getByLabel('Choose a file (file to import)')
        .setInputFiles({ name: 'trakt.zip', mimeType: 'application/zip', buffer: Buffer.from('PK') });
      await section.getByRole('button', { name: 'Upload and match' }).click();
      const report = section.getByRole('region', { name: 'Import report' });
      await expect.poll(() => report.isVisible(), { timeout: 20_000 }).toBe(true);
      await report.getByRole('button', { name: 'Import 20,000 items' }).click();
      await expect
        .poll(() => section.getByRole('alert').textContent(), { timeout: 60_000 })
        .toBe(
          'Nothing was imported: this browser’s storage is full and cannot hold the 20,000 items of this file. ' +
            'Sign in to import into your account, or import a smaller file.',
        );
      // What was stored stays; a list put back as it was (nothing) may now be stored as such.
      const after = await page.evaluate(() => ({ ...localStorage }));
      expect(Object.fromEntries(Object.entries(after).filter(([key]) => key in earlier))).toEqual(earlier);
      expect(new Set(Object.entries(after).flatMap(([key, value]) => (key in earlier ? [] : [value])))).toEqual(
        new Set(['[]']),
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(section, `import-too-large-${name}`);
    }, 120_000);
  }
});

describe('importing 20,000 operations into an account', () => {
  const browser = useBrowser();
  let account: Account;
  beforeAll(async () => {
    account = await createAccount('large-importer');
  }, 120_000);

  it('sends every one to the server, though the browser cannot store that many at once', async () => {
    const { page, context } = await browser.open(DESKTOP);
    await signInContext(context, account);
    // The matching of such a file is the server's (its own tests and the bench): here its answer is given.
    const answer = largeAnswer(20_000);
    await page.route('**/api/imports', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/x-ndjson',
        body: `${JSON.stringify({ type: 'result', answer })}\n`,
      }),
    );
    await page.goto('/settings#data');
    await settle(page);
    const section = page.getByRole('region', { name: 'Import from another service' });
    await section
      .getByLabel('Choose a file (file to import)')
      .setInputFiles({ name: 'trakt.zip', mimeType: 'application/zip', buffer: Buffer.from('PK') });
    await section.getByRole('button', { name: 'Upload and match' }).click();
    const report = section.getByRole('region', { name: 'Import report' });
    await expect.poll(() => report.isVisible(), { timeout: 20_000 }).toBe(true);
    // The longest the page's main thread was busy at once while the import was applied (logged).
    await page.evaluate(() => {
      const longest = { ms: 0, busy: 0 };
      (window as unknown as { longestTask: typeof longest }).longestTask = longest;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          longest.ms = Math.max(longest.ms, entry.duration);
          longest.busy += entry.duration;
        }
      }).observe({ type: 'longtask' });
    });
    const started = Date.now();
    await report.getByRole('button', { name: 'Import 20,000 items' }).click();
    // Part by part: the button counts what was applied and sent, and takes no second click meanwhile.
    const applying = report.getByRole('button', { name: /^Importing… [\d,]+ of 20,000$/ });
    await expect.poll(() => applying.isVisible(), { timeout: 60_000 }).toBe(true);
    expect(await applying.isDisabled()).toBe(true);
    // Nor can another file be uploaded, or the source changed, until this one is in.
    expect(await section.getByRole('button', { name: 'Upload and match' }).isDisabled()).toBe(true);
    expect(await section.getByRole('combobox', { name: 'Source' }).isDisabled()).toBe(true);
    expect(await section.locator('input[type=file]').isDisabled()).toBe(true);
    await shot(section, 'import-applying-1280');
    await expect
      .poll(() => section.getByText('Imported 20,000 items.').isVisible(), { timeout: 180_000, interval: 250 })
      .toBe(true);
    const seconds = (Date.now() - started) / 1000;
    const { ms: longestTask, busy } = await page.evaluate(
      () => (window as unknown as { longestTask: { ms: number; busy: number } }).longestTask,
    );
    const syncs = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes('/api/me/sync'))
        .map((entry) => entry.duration),
    );
    console.log(
      `20,000 operations applied and synced in ${seconds.toFixed(1)} s: ${syncs.length} sync requests taking ` +
        `${(syncs.reduce((sum, ms) => sum + ms, 0) / 1000).toFixed(1)} s; the page's long tasks ${(busy / 1000).toFixed(1)} s, ` +
        `the longest ${Math.round(longestTask)} ms`,
    );

    const history = async () =>
      ((await (await context.request.get('/api/me/history?page=1')).json()) as { total_results: number }).total_results;
    await expect.poll(history, { timeout: 120_000, interval: 1000 }).toBe(16_000);
    const held = async () => {
      const exported = (await (await context.request.get('/api/me/export?format=json')).json()) as Record<
        string,
        unknown[]
      >;
      return [exported.history?.length, exported.watch_later?.length, exported.ratings?.length];
    };
    await expect.poll(held, { timeout: 60_000, interval: 1000 }).toEqual([16_000, 2_000, 2_000]);
    // Nothing is left waiting: the queues in the browser are empty once the sync is done.
    await expect
      .poll(() =>
        page.evaluate(() =>
          ['history', 'watch_later', 'ratings'].map(
            (store) => JSON.parse(localStorage.getItem(`marquee:${store}:queue`) ?? '[]').length,
          ),
        ),
      )
      .toEqual([0, 0, 0]);
  }, 240_000);
});
