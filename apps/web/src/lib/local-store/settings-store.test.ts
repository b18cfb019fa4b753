import { DEFAULT_SETTINGS } from '@marquee/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHistoryStore } from './history-store.ts';
import { createSettingsStore, type SettingsStore } from './settings-store.ts';
import { createStorage } from './storage.ts';

const NOW = new Date(2024, 4, 1, 12, 0, 0);
const stores: { dispose(): void }[] = [];

function makeStore(): SettingsStore {
  const store = createSettingsStore({ storage: createStorage(), now: () => NOW });
  stores.push(store);
  return store;
}

afterEach(() => {
  stores.splice(0).forEach((store) => store.dispose());
  vi.restoreAllMocks();
});

const jsonFile = (text: string, name = 'settings.json') => new File([text], name, { type: 'application/json' });

describe('settings store', () => {
  it('starts from the defaults', () => {
    expect(makeStore().getSnapshot()).toEqual(DEFAULT_SETTINGS);
  });

  it('saves each change at once, tells this tab, and queues the full settings once', () => {
    const store = makeStore();
    const other = makeStore();
    const listener = vi.fn();
    other.subscribe(listener);

    expect(store.set('gridColumns', 8)).toMatchObject({ ok: true, value: { gridColumns: 8 } });
    store.update({ accessibilitySettings: { fontSize: 20 } });

    expect(JSON.parse(window.localStorage.getItem('marquee:settings')!)).toMatchObject({
      gridColumns: 8,
      accessibilitySettings: { fontSize: 20, highContrast: false },
    });
    expect(listener).toHaveBeenCalled();
    expect(other.getSnapshot()).toEqual(store.getSnapshot());
    expect(store.getQueue()).toEqual([
      { op: 'upsert', store: 'settings', item: store.getSnapshot(), at: NOW.toISOString() },
    ]);
  });

  it('refuses an invalid change', () => {
    const store = makeStore();
    expect(store.set('gridColumns', 3)).toMatchObject({
      ok: false,
      error: { message: 'Failed to update setting.', field: 'gridColumns' },
    });
    expect(store.getQueue()).toEqual([]);
  });

  it('resets to the defaults', () => {
    const store = makeStore();
    store.set('darkMode', false);
    expect(store.reset()).toEqual(DEFAULT_SETTINGS);
    expect(store.getSnapshot()).toEqual(DEFAULT_SETTINGS);
  });

  it.each([
    ['{', 'broken JSON'],
    ['[1,2]', 'an array'],
  ])('reads %o (%s) as the defaults', (stored) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    window.localStorage.setItem('marquee:settings', stored);
    expect(makeStore().getSnapshot()).toEqual(DEFAULT_SETTINGS);
  });

  it('falls back to the default for each invalid stored field', () => {
    window.localStorage.setItem(
      'marquee:settings',
      '{"gridColumns": 99, "darkMode": false, "fontSize": 2, "accessibilitySettings": {"fontSize": "big"}}',
    );
    expect(makeStore().getSnapshot()).toEqual({ ...DEFAULT_SETTINGS, darkMode: false });
  });

  it("follows another tab's change", () => {
    const store = makeStore();
    window.localStorage.setItem('marquee:settings', '{"gridColumns": 4}');
    window.dispatchEvent(new StorageEvent('storage', { key: 'marquee:settings', storageArea: window.localStorage }));
    expect(store.getSnapshot().gridColumns).toBe(4);
  });

  it('exports settings, history and Watch Later, and the export imports back', async () => {
    const history = createHistoryStore({ storage: createStorage(), now: () => NOW });
    stores.push(history);
    history.add({ movie_id: 1, movie_title: 'One', content_type: 'movie' });
    const store = makeStore();
    store.update({ gridColumns: 5, favoriteGenres: [28, 35], privacySettings: { dataCollection: false } });
    const changed = store.getSnapshot();

    const { filename, data, json } = store.exportData();
    expect(filename).toBe('marquee-export-2024-05-01.json');
    expect(data).toEqual({
      settings: changed,
      history: history.getSnapshot(),
      watch_later: [],
      exported_at: NOW.toISOString(),
    });

    store.reset();
    await expect(store.importFile(jsonFile(json, filename))).resolves.toEqual({ ok: true, value: changed });
    expect(store.getSnapshot()).toEqual(changed);
    expect(JSON.parse(window.localStorage.getItem('marquee:settings')!)).toEqual(changed);
  });

  it('imports a settings file merged over the defaults', async () => {
    const store = makeStore();
    store.set('darkMode', false);
    await store.importFile(jsonFile('{"gridColumns": 7, "posterQuality": "ultra"}'));
    expect(store.getSnapshot()).toEqual({ ...DEFAULT_SETTINGS, gridColumns: 7 });
  });

  it('refuses what is not a JSON settings file', async () => {
    const store = makeStore();
    store.set('gridColumns', 5);
    const invalid = { ok: false, error: { code: 'invalid_file', message: 'Invalid settings file' } };
    await expect(store.importFile(jsonFile('{ not json'))).resolves.toEqual(invalid);
    await expect(store.importFile(jsonFile('[1,2]'))).resolves.toEqual(invalid);
    await expect(
      store.importFile(new File(['{"gridColumns": 4}'], 'notes.txt', { type: 'text/plain' })),
    ).resolves.toEqual(invalid);
    expect(store.getSnapshot().gridColumns).toBe(5);
  });

  it('says when the file cannot be read', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const unreadable = {
      name: 'settings.json',
      type: 'application/json',
      text: () => Promise.reject(new Error('gone')),
    };
    await expect(makeStore().importFile(unreadable)).resolves.toEqual({
      ok: false,
      error: { code: 'read_failed', message: 'Failed to read file' },
    });
  });

  it("adopts the server's settings after a sync unless a newer change waits", () => {
    const store = makeStore();
    store.set('gridColumns', 5);
    const flushed = store.getQueue();
    store.completeSync({ flushed, server: { ...DEFAULT_SETTINGS, gridColumns: 7 }, at: NOW });
    expect(store.getSnapshot().gridColumns).toBe(7);
    expect(store.getQueue()).toEqual([]);

    store.set('gridColumns', 4);
    const sent = store.getQueue();
    store.set('gridColumns', 8);
    store.completeSync({ flushed: sent, server: { ...DEFAULT_SETTINGS, gridColumns: 4 }, at: NOW });
    expect(store.getSnapshot().gridColumns).toBe(8);
    expect(store.getQueue()).toHaveLength(1);
    expect(store.getLastSync()).toBe(NOW.toISOString());
  });
});

describe('the server snapshot', () => {
  it('is the defaults whatever this browser chose', () => {
    const store = makeStore();
    store.set('gridColumns', 8);
    expect(store.getSnapshot().gridColumns).toBe(8);
    expect(store.getServerSnapshot()).toEqual(DEFAULT_SETTINGS);
    expect(store.getServerSnapshot()).not.toBe(store.getSnapshot());
  });

  it("is this browser's own settings object when they are the defaults: hydrating changes nothing", () => {
    const store = makeStore();
    expect(store.getServerSnapshot()).toBe(store.getSnapshot());
  });
});
