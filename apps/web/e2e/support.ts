import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

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
      const context = await browser.newContext({ ...options, viewport, baseURL: baseUrl });
      contexts.push(context);
      // A violation of the page's CSP (a blocked inline script, an eval probe) counts as an error.
      await context.addInitScript(() =>
        document.addEventListener('securitypolicyviolation', (event) =>
          console.error(`CSP violation: ${event.violatedDirective} by ${event.sourceFile || event.blockedURI}`),
        ),
      );
      const page = await context.newPage();
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
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
      const viewer = { page, context, errors, url: (path: string) => baseUrl + path };
      viewers.push(viewer);
      return viewer;
    },
  };
}
