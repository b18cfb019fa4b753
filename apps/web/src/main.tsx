import './styles.css';
import { afterFirstPaint } from './lib/after-first-paint.ts';
import { holdEarlyErrors } from './lib/analytics/early-errors.ts';
import { loadWebFonts } from './lib/web-fonts.ts';

// Errors from here on are reported once analytics has loaded (it loads when the page is idle).
holdEarlyErrors();

/*
 * The entry starts the app once the page has been painted (lib/after-first-paint.ts). A page the
 * server rendered is then on screen before the app's code is parsed and run (hydration can take a
 * phone a moment), and a page the browser renders loses only a frame. Taps on buttons until the
 * app is ready are held by index.html's inline script and given again.
 */

/** Lets the browser paint or answer a tap between two long pieces of work. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

afterFirstPaint(
  () =>
    void import('./app/framework.ts')
      .then(nextTask)
      .then(() => import('./app/library.ts'))
      .then(nextTask)
      .then(() => import('./app/start.tsx')),
);
loadWebFonts();
