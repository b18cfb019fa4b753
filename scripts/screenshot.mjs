import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

// Dev tool: node scripts/screenshot.mjs http://localhost:3000 out-dir /path1 /path2 ...
// Takes full-page screenshots at 1280 px and 375 px wide, to look at what a change shows.

const [base = 'http://localhost:3000', outDir = '/tmp/shots', ...pages] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});
for (const width of [1280, 375]) {
  const context = await browser.newContext({
    viewport: { width, height: width === 375 ? 812 : 800 },
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') console.log(`console error on ${page.url()}: ${message.text()}`);
  });
  for (const pagePath of pages.length ? pages : ['/']) {
    await page.goto(base + pagePath, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    const name = `${outDir}/${pagePath.replace(/[^a-z0-9]+/gi, '_') || 'home'}-${width}.png`;
    // Parts of a page far below the viewport are not rendered (content-visibility: auto), and a
    // full-page capture would show them empty: make the viewport as tall as the page first.
    const height = await page.evaluate(() => globalThis.document.documentElement.scrollHeight);
    await page.setViewportSize({ width, height: Math.min(height, 16_000) });
    await page.waitForTimeout(300);
    await page.screenshot({ path: name, fullPage: true });
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    console.log(name);
  }
  await context.close();
}
await browser.close();
