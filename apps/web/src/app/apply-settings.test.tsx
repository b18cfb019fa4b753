import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
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
