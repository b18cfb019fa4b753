import { describe, expect, it } from 'vitest';
import { useBrowser, type Viewer } from './support.ts';

interface StoredEvent {
  name: string;
  params: Record<string, unknown>;
  page: string | null;
  appVersion: string | null;
}

async function storedEvents(baseUrl: string, sessionId: string): Promise<StoredEvent[]> {
  const response = await fetch(`${baseUrl}/api/dev/events?session_id=${sessionId}`);
  return ((await response.json()) as { results: StoredEvent[] }).results;
}

/** Home, then Browse through the header link; returns the page's analytics session id. */
async function browseTwoPages({ page }: Viewer): Promise<string> {
  await page.goto('/');
  // The analytics module loads once the browser is idle after the first render.
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('marquee.analytics.session'))).toBeTruthy();
  await page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'Browse' }).click();
  await page.getByRole('heading', { name: 'Browse & Discover' }).waitFor();
  // page_view follows a route change by 100 ms.
  await page.waitForTimeout(300);
  return (await page.evaluate(() => sessionStorage.getItem('marquee.analytics.session')))!;
}

describe('first-party analytics', () => {
  const { open, baseUrl } = useBrowser();

  it('stores the page views of a visit, sent when the page is left', async () => {
    const viewer = await open();
    const sessionId = await browseTwoPages(viewer);
    // Leaving the page flushes the queue with a keepalive request.
    await viewer.page.close({ runBeforeUnload: true });
    await expect
      .poll(async () => (await storedEvents(baseUrl, sessionId)).filter((event) => event.name === 'page_view'), {
        timeout: 10_000,
      })
      .toMatchObject([
        { params: { path: '/' }, page: '/', appVersion: '1.0.0' },
        { params: { path: '/browse' }, page: '/browse', appVersion: '1.0.0' },
      ]);
    const names = (await storedEvents(baseUrl, sessionId)).map((event) => event.name);
    expect(names).toContain('page_load_time');
    expect(names).toContain('web_vital');
  });

  it('stores nothing with Enable analytics off', async () => {
    const viewer = await open();
    await viewer.context.addInitScript(() => {
      localStorage.setItem('marquee:settings', JSON.stringify({ enableAnalytics: false }));
    });
    const sent: string[] = [];
    viewer.page.on('request', (request) => {
      if (request.url().endsWith('/api/events')) sent.push(request.url());
    });
    const sessionId = await browseTwoPages(viewer);
    await viewer.page.close({ runBeforeUnload: true });
    // Long enough for a keepalive request to have landed, had one been sent.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(sent).toEqual([]);
    expect(await storedEvents(baseUrl, sessionId)).toEqual([]);
  });
});
