import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSettingsStore } from './local-store/settings-store.ts';
import { scrollToTop } from './motion.ts';

function systemPrefersReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce && query.includes('reduce'), media: query }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  getSettingsStore().reset();
});

describe('scrollToTop', () => {
  it('scrolls smoothly by default and at once when motion is reduced, by the system or the settings', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    systemPrefersReducedMotion(false);
    scrollToTop();
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, behavior: 'smooth' });

    systemPrefersReducedMotion(true);
    scrollToTop();
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, behavior: 'auto' });

    systemPrefersReducedMotion(false);
    getSettingsStore().set('reducedMotion', true);
    scrollToTop();
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, behavior: 'auto' });

    getSettingsStore().reset();
    getSettingsStore().set('enableAnimations', false);
    scrollToTop();
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, behavior: 'auto' });
  });
});
