import './styles.css';
import { holdEarlyErrors } from './lib/analytics/early-errors.ts';

// Errors from here on are reported once analytics has loaded (it loads when the page is idle).
holdEarlyErrors();

/**
 * The entry: starts the app once the page has been painted. A page the server rendered is then
 * on screen before the app's code is parsed and run (hydration can take a phone a moment), and
 * a page the browser renders loses only a frame. A hidden tab paints nothing: it starts at once.
 */
function afterFirstPaint(start: () => void): void {
  if (document.visibilityState === 'hidden' || typeof requestAnimationFrame !== 'function') return start();
  requestAnimationFrame(() => setTimeout(start, 0));
}

/**
 * A tap on a server-rendered button before the app has taken the page over would do nothing:
 * it is held, and given again once the app is ready (links work without the app).
 */
function holdEarlyClicks(): void {
  const held: HTMLElement[] = [];
  const hold = (event: MouseEvent) => {
    const target = (event.target as Element | null)?.closest<HTMLElement>('#root button');
    if (!target) return;
    event.preventDefault();
    event.stopPropagation();
    held.push(target);
  };
  document.addEventListener('click', hold, true);
  window.addEventListener(
    'marquee:ready',
    () => {
      document.removeEventListener('click', hold, true);
      for (const target of held.splice(0)) if (target.isConnected) target.click();
    },
    { once: true },
  );
}

if (document.getElementById('ssr-state')) holdEarlyClicks();
/** Lets the browser paint or answer a tap between two long pieces of work. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

afterFirstPaint(() => void import('./app/framework.ts').then(nextTask).then(() => import('./app/start.tsx')));
