import { getSettingsStore } from './local-store/settings-store.ts';

/**
 * Whether motion should be kept to a minimum right now: the system asks for reduced motion, or
 * the user turned on Reduced Motion or turned off animations in the settings. For one-off effects
 * (a scroll); components that re-render on a change use their own hook.
 */
export function isMotionReduced(): boolean {
  const settings = getSettingsStore().getSnapshot();
  const prefersReduced =
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  return prefersReduced || settings.reducedMotion || !settings.enableAnimations;
}

/** Back to the top of the page: smoothly (product.md §2 page changes), or at once when motion is reduced. */
export function scrollToTop(): void {
  window.scrollTo({ top: 0, behavior: isMotionReduced() ? 'auto' : 'smooth' });
}
