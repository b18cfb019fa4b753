import { afterFirstPaint } from './after-first-paint.ts';

/** Set once the web fonts have loaded in this browser: its cache holds them. */
export const WEB_FONTS_CACHED_KEY = 'marquee:web-fonts-cached';

/**
 * Loads the web fonts (web-font-faces.ts) once the page is on screen: after the window's load event and
 * the first paint. On a first visit, 77 KB of fonts at the highest priority would otherwise share
 * a slow connection with the page's image and scripts, for text that already reads well in the
 * metric-matched fallback faces (styles.css). A browser that loaded them before has them in its
 * cache: it asks for them at once, so they replace the fallback before most people notice it.
 */
export function loadWebFonts(
  load: () => Promise<unknown> = () => import('./web-font-faces.ts').then((faces) => faces.addWebFonts()),
  win: Window = window,
): void {
  const start = () =>
    void load()
      .then(() => remember(win))
      .catch(() => {
        // Offline or blocked: the fallback faces stay, which is fine to read.
      });
  if (remembered(win)) return start();
  const afterPaint = () => afterFirstPaint(start, win);
  if (win.document.readyState === 'complete') afterPaint();
  else win.addEventListener('load', afterPaint, { once: true });
}

function remembered(win: Window): boolean {
  try {
    return win.localStorage.getItem(WEB_FONTS_CACHED_KEY) === '1';
  } catch {
    return false;
  }
}

function remember(win: Window): void {
  try {
    win.localStorage.setItem(WEB_FONTS_CACHED_KEY, '1');
  } catch {
    // Storage refused (private mode, full): the next visit waits for the page to load again.
  }
}
