import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
  type Request,
} from 'playwright-core';
import { visitorHeaders } from './session.ts';

export const DESKTOP = { width: 1280, height: 800 } as const;
export const MOBILE = { width: 375, height: 812 } as const;

export interface Viewer {
  page: Page;
  context: BrowserContext;
  /** Console errors and page errors seen so far. */
  errors: string[];
  url(path: string): string;
}

/**
 * Connects the file to the shared Chromium; `open(viewport)` gives a fresh context and page
 * that records console errors, and every test ends by asserting there were none.
 */
export function useBrowser() {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const viewers: Viewer[] = [];
  const baseUrl = inject('baseUrl');

  beforeAll(async () => {
    browser = await chromium.connect(inject('wsEndpoint'));
  });
  afterEach(async () => {
    const errors = viewers.flatMap((viewer) => viewer.errors);
    viewers.length = 0;
    await Promise.all(contexts.splice(0).map((context) => context.close()));
    expect(errors, 'console errors').toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  return {
    baseUrl,
    async open(
      viewport: { width: number; height: number } = DESKTOP,
      options: BrowserContextOptions = {},
    ): Promise<Viewer> {
      const context = await browser.newContext({
        ...options,
        viewport,
        baseURL: baseUrl,
        extraHTTPHeaders: { ...visitorHeaders(), ...options.extraHTTPHeaders },
      });
      contexts.push(context);
      // A violation of the page's CSP (a blocked inline script, an eval probe) counts as an error.
      await context.addInitScript(() =>
        document.addEventListener('securitypolicyviolation', (event) =>
          console.error(`CSP violation: ${event.violatedDirective} by ${event.sourceFile || event.blockedURI}`),
        ),
      );
      const page = await context.newPage();
      trackRequests(page);
      if (options.javaScriptEnabled !== false) {
        // A page the server rendered is on screen before the app has taken it over: wait for the
        // app (data-app="ready" on <html>) before acting on it, as a person would see it respond.
        const goto = page.goto.bind(page);
        page.goto = async (url, gotoOptions) => {
          const response = await goto(url, gotoOptions);
          // 'commit' asks for the page as it arrives, before anything has run.
          if (gotoOptions?.waitUntil !== 'commit')
            await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
          return response;
        };
      }
      const errors: string[] = [];
      // A page that leads nowhere is answered 404 with its not-found screen, and Chromium reports
      // that answer as a failed load: expected of the page itself, an error of anything else.
      const pagesNotFound = new Set<string>();
      page.on('response', (response) => {
        const request = response.request();
        if (response.status() === 404 && request.isNavigationRequest() && request.frame() === page.mainFrame())
          pagesNotFound.add(response.url());
      });
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        if (/status of 404/.test(message.text()) && pagesNotFound.has(message.location().url)) return;
        errors.push(`${page.url()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
      const viewer = { page, context, errors, url: (path: string) => baseUrl + path };
      viewers.push(viewer);
      return viewer;
    },
  };
}

/** The requests each page opened by `open` has under way (see quiet). */
const underWay = new WeakMap<Page, Set<Request>>();

/** The comment stream stays open as long as the page: it is never "under way". */
const LASTING = new Set(['eventsource', 'websocket']);

function trackRequests(page: Page) {
  const requests = new Set<Request>();
  underWay.set(page, requests);
  page.on('request', (request) => {
    if (!LASTING.has(request.resourceType())) requests.add(request);
  });
  const done = (request: Request) => requests.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  // A navigation drops what the old page was waiting for, with no event for each request.
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    for (const request of requests)
      if (request.frame() === frame && !request.isNavigationRequest()) requests.delete(request);
  });
}

/**
 * Waits until the page has had no request under way for `quietMs` (what Playwright's
 * 'networkidle' does with a fixed 500 ms; a page here that has asked for nothing for 150 ms has
 * what it asked for). Fails naming the requests still open after `timeoutMs`.
 */
export async function quiet(page: Page, { quietMs = 150, timeoutMs = 15_000 } = {}): Promise<void> {
  const requests = underWay.get(page);
  if (!requests) return page.waitForLoadState('networkidle');
  await page.waitForLoadState('load');
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  while (Date.now() - quietSince < quietMs) {
    if (Date.now() > deadline) {
      const open = Array.from(requests, (request) => request.url()).join(', ');
      throw new Error(`the page still had requests under way after ${timeoutMs} ms: ${open}`);
    }
    if (requests.size > 0) quietSince = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Waits for the route's data: no request under way, no loading spinners or skeletons left. */
export async function settle(page: Page): Promise<void> {
  await quiet(page);
  await page
    .locator('[role="status"][aria-label^="Loading"], [aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
}

/**
 * Opens a route in the app already on the page, through its router as a link does, without
 * loading the page again, and waits for the route's data (settle). A sweep of thirty routes then
 * loads the page once: a load costs a second or more of a busy 2-core machine, the app's own
 * navigation a fraction of it, and the screens are the same (the server-rendered pages are
 * checked as loaded by server-render.test.ts and each sweep's first route). The new page is
 * shown at its top (or at the element its hash names) with the keyboard focus at the start of
 * the document, as after a load.
 */
export async function openInApp(page: Page, route: string): Promise<void> {
  const leaving = await page.evaluate((to) => {
    const next = new URL(to, location.href);
    const newPage = next.pathname !== location.pathname;
    // Each page is keyed by its path (app-layout.tsx): the old one's elements go when it does.
    if (newPage)
      document.querySelectorAll('#main > *').forEach((element) => element.setAttribute('data-e2e-leaving', ''));
    // A history entry of its own (a key the app has no scroll position for), as a link makes.
    const state = history.state as { idx?: number } | null;
    const key = `e2e${Math.random().toString(36).slice(2, 10)}`;
    history.pushState({ usr: null, key, idx: (state?.idx ?? 0) + 1 }, '', next.href);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
    return newPage;
  }, route);
  if (leaving) await page.waitForFunction(() => !document.querySelector('[data-e2e-leaving]'));
  await settle(page);
  if (!page.url().endsWith(route)) throw new Error(`openInApp(${route}) ended on ${page.url()}`);
  await page.evaluate(() => {
    // The focus where a load leaves it: nowhere, the next Tab going to the document's first stop.
    (document.activeElement as HTMLElement | null)?.blur();
    const start = document.createElement('span');
    start.tabIndex = -1;
    document.body.prepend(start);
    start.focus({ preventScroll: true });
    start.remove();
  });
}

/** A sweep's route, by its place in the sweep: the first loaded, the others opened in the app. */
export async function sweepTo(page: Page, route: string, index: number): Promise<void> {
  if (index > 0) return openInApp(page, route);
  await page.goto(route);
  await settle(page);
}

/** Titles and a list of the local catalogue the tests open: the first of each, the newest movie. */
export interface Sample {
  movie: number;
  tv: number;
  list: string;
  /** The newest movie and its release date (the recent-release warning). */
  recent: { id: number; title: string; release_date: string };
}

export async function sampleTitles(baseUrl: string): Promise<Sample> {
  const first = async <T>(path: string) =>
    ((await (await fetch(`${baseUrl}${path}`)).json()) as { results: T[] }).results[0]!;
  return {
    movie: (await first<{ id: number }>('/api/catalogue/discover?type=movie')).id,
    tv: (await first<{ id: number }>('/api/catalogue/discover?type=tv')).id,
    list: (await first<{ id: string }>('/api/lists')).id,
    recent: await first<Sample['recent']>('/api/catalogue/discover?type=movie&sort_by=release_date.desc'),
  };
}

/**
 * What the page showed when a wait failed, for a failure seen only on a loaded machine: its
 * address, scroll, readiness, focus, open dialogs, the element `near` (where it is and what lies
 * at its centre), and a screenshot saved in a temporary folder.
 */
export async function describePage(page: Page, near?: Locator): Promise<string> {
  const state = await page
    .evaluate(() => ({
      scrollY: Math.round(window.scrollY),
      app: document.documentElement.dataset.app ?? null,
      focus: document.activeElement?.outerHTML.slice(0, 160) ?? null,
      dialogs: Array.from(
        document.querySelectorAll('[role="dialog"], [role="alertdialog"]'),
        (dialog) => dialog.getAttribute('aria-label') ?? dialog.textContent?.slice(0, 40) ?? '',
      ),
    }))
    .catch((error: unknown) => ({ unreadable: String(error) }));
  const target = near
    ? await near
        .evaluate(
          (element) => {
            const box = element.getBoundingClientRect();
            const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
            return {
              box: [box.left, box.top, box.width, box.height].map(Math.round),
              atCentre: hit?.outerHTML.slice(0, 160),
            };
          },
          null,
          { timeout: 2000 },
        )
        .catch((error: unknown) => ({ unreadable: String(error) }))
    : null;
  const shot = path.join(mkdtempSync(path.join(tmpdir(), 'marquee-e2e-failure-')), 'page.png');
  await page.screenshot({ path: shot, timeout: 5000 }).catch(() => undefined);
  return JSON.stringify({ url: page.url(), ...state, target, screenshot: shot }, null, 2);
}
