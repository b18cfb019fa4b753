import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { TOASTER_PROPS } from './providers.tsx';

describe('toast defaults (product.md §9)', () => {
  it('shows toasts 4000 ms, at most 3, 14 px apart, focused by alt+T', () => {
    expect(TOASTER_PROPS).toMatchObject({ duration: 4000, visibleToasts: 3, gap: 14, hotkey: ['altKey', 'KeyT'] });
  });

  it('uses a 356 px width and dismisses on a 20 px swipe or a speed above 0.11 (patched Sonner)', () => {
    const sonner = readFileSync(createRequire(import.meta.url).resolve('sonner'), 'utf8');
    expect(sonner).toContain('const TOAST_WIDTH = 356;');
    expect(sonner).toContain('const SWIPE_THRESHOLD = 20;');
    expect(sonner).toContain('velocity > 0.11');
  });
});
