import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSettingsStore } from '@/lib/local-store/settings-store.ts';
import { ApplySettings } from './apply-settings.tsx';

/** The attribute changes made to <html> while `run` runs. */
async function mutationsOfRoot(run: () => void | Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const observer = new MutationObserver((records) =>
    records.forEach((record) => seen.push(record.attributeName ?? '')),
  );
  observer.observe(document.documentElement, { attributes: true });
  await run();
  await Promise.resolve();
  seen.push(...observer.takeRecords().map((record) => record.attributeName ?? ''));
  observer.disconnect();
  return seen;
}

afterEach(() => {
  getSettingsStore().reset();
});

describe('ApplySettings', () => {
  it('leaves <html> untouched when it already shows the settings (a whole-page restyle otherwise)', async () => {
    const root = document.documentElement;
    root.dataset.fontSize = 'medium';
    root.dataset.screenReader = 'off';
    root.classList.remove('high-contrast', 'reduce-motion', 'dim');
    expect(await mutationsOfRoot(() => void render(<ApplySettings />))).toEqual([]);
  });

  it('puts a changed setting on <html>', async () => {
    render(<ApplySettings />);
    const changed = await mutationsOfRoot(() =>
      act(() => {
        getSettingsStore().set('fontSize', 'large');
      }),
    );
    expect(changed).toEqual(['data-font-size']);
    expect(document.documentElement.dataset.fontSize).toBe('large');
    act(() =>
      getSettingsStore().set('accessibilitySettings', {
        ...getSettingsStore().getSnapshot().accessibilitySettings,
        screenReader: true,
      }),
    );
    expect(document.documentElement.dataset.screenReader).toBe('on');
  });
});

describe('ApplySettings and the system contrast preference', () => {
  /** A stand-in for the system: `(prefers-contrast: more)` matches while `more` is true. */
  function systemContrast(initial: boolean) {
    let more = initial;
    const listeners = new Set<() => void>();
    const spy = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          get matches() {
            return query === '(prefers-contrast: more)' && more;
          },
          media: query,
          addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
          removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
        }) as unknown as MediaQueryList,
    );
    return {
      set(next: boolean) {
        more = next;
        listeners.forEach((listener) => listener());
      },
      restore: () => spy.mockRestore(),
    };
  }

  it('turns high contrast on while the system asks for more contrast, and off when it stops', () => {
    const system = systemContrast(true);
    try {
      const { unmount } = render(<ApplySettings />);
      const root = document.documentElement;
      expect(root.classList.contains('high-contrast')).toBe(true);
      // High contrast is black: the dim theme would wash it out even with dark mode off.
      act(() => getSettingsStore().set('darkMode', false));
      expect(root.classList.contains('dim')).toBe(false);
      act(() => system.set(false));
      expect(root.classList.contains('high-contrast')).toBe(false);
      expect(root.classList.contains('dim')).toBe(true);
      act(() => system.set(true));
      expect(root.classList.contains('high-contrast')).toBe(true);
      unmount();
    } finally {
      system.restore();
    }
  });

  it('keeps the setting on when the system does not ask', () => {
    const system = systemContrast(false);
    try {
      render(<ApplySettings />);
      act(() => getSettingsStore().set('highContrastMode', true));
      expect(document.documentElement.classList.contains('high-contrast')).toBe(true);
      act(() => system.set(false));
      expect(document.documentElement.classList.contains('high-contrast')).toBe(true);
    } finally {
      system.restore();
    }
  });
});
