import { getSettingsStore } from './local-store/settings-store.ts';
import { REDUCED_MOTION_QUERY, systemAsks } from './system-preferences.ts';

/**
 * Whether motion should be kept to a minimum right now: the system asks for reduced motion, or
 * the user turned on Reduced Motion or turned off animations in the settings. For one-off effects
 * (a scroll); components that re-render on a change use their own hook.
 */
export function isMotionReduced(): boolean {
  const settings = getSettingsStore().getSnapshot();
  return systemAsks(REDUCED_MOTION_QUERY) || settings.reducedMotion || !settings.enableAnimations;
}

/**
 * Back to the top of the page: smoothly (product.md §2 page changes), or at once when motion is
 * reduced. The keyboard focus goes up too, to the page's heading: left on the control used (a page
 * button at the bottom), it would be out of view.
 */
export function scrollToTop(): void {
  window.scrollTo({ top: 0, behavior: isMotionReduced() ? 'auto' : 'smooth' });
  const heading = document.querySelector<HTMLElement>('main h1');
  if (!heading || document.activeElement === document.body) return;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
}
