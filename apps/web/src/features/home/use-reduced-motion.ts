import { useSetting } from '@/lib/local-store/hooks.ts';
import { REDUCED_MOTION_QUERY } from '@/lib/system-preferences.ts';
import { useMediaQuery } from '@/lib/use-media-query.ts';

/**
 * Whether the home page should hold still: the system asks for reduced motion, or the user
 * turned on Reduced Motion or turned off animations in the settings.
 */
export function useReducedMotion(): boolean {
  const prefersReduced = useMediaQuery(REDUCED_MOTION_QUERY);
  const [reducedMotion] = useSetting('reducedMotion');
  const [enableAnimations] = useSetting('enableAnimations');
  return prefersReduced || reducedMotion || !enableAnimations;
}
