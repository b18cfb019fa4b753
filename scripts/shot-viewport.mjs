import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

// Dev tool: node scripts/shot-viewport.mjs URL OUT.png [width] [height] [scrollY]
// One viewport-sized screenshot (the full-page tool shrinks long mobile pages past reading).
const [url, out, width = '375', height = '812', scrollY = '0'] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const page = await browser.newPage({
  viewport: { width: Number(width), height: Number(height) },
  reducedMotion: 'reduce',
});
await page.goto(url, { waitUntil: 'networkidle' });
await page.evaluate((y) => globalThis.scrollTo(0, y), Number(scrollY));
await page.waitForTimeout(400);
await page.screenshot({ path: out });
await browser.close();
