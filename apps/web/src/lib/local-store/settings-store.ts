import {
  applySettingsPatch,
  enqueueOperation,
  mergeSettings,
  parseSettingsFile,
  parseStoredHistory,
  parseStoredWatchLater,
  removeFlushed,
  settingsOperationValidator,
  type HistoryItem,
  type LibraryResult,
  type Settings,
  type SettingsPatch,
  type SyncOperationFor,
  type WatchLaterItem,
} from '@marquee/core';
import { createPersistedStore, type LocalStoreOptions, type SyncCompletion } from './persisted-store.ts';
import { createStorage, storeKeys } from './storage.ts';

/** The Data Management export (product.md §2 Settings, §9): settings, history and Watch Later. */
export interface ExportedData {
  settings: Settings;
  history: HistoryItem[];
  watch_later: WatchLaterItem[];
  exported_at: string;
}

export interface SettingsStore {
  getSnapshot(): Settings;
  /** The defaults, for a page rendered on the server (see PersistedStore). */
  getServerSnapshot(): Settings;
  subscribe(listener: () => void): () => void;
  /** Saves a change at once; an invalid value fails with "Failed to update setting." (§8). */
  update(patch: SettingsPatch): LibraryResult<Settings>;
  set<K extends keyof Settings>(key: K, value: Settings[K]): LibraryResult<Settings>;
  /** Restores the defaults (product.md §4). */
  reset(): Settings;
  /** Imports a .json settings file merged over the defaults: "Invalid settings file" / "Failed to read file". */
  importFile(file: Pick<File, 'name' | 'type' | 'text'>): Promise<LibraryResult<Settings>>;
  /** The export file's content and its name, `marquee-export-YYYY-MM-DD.json`. */
  exportData(): { filename: string; data: ExportedData; json: string };
  getQueue(): SyncOperationFor<'settings'>[];
  getLastSync(): string | null;
  /** Drops the flushed operation; adopts the server's settings unless a newer local change waits. */
  completeSync(completion: SyncCompletion): void;
  dispose(): void;
}

function datePart(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The settings kept in the browser (product.md §4 "Settings"): each change is saved at once,
 * which other tabs hear through the storage event and this tab through the store's listeners,
 * and the full settings are queued for the server. Stored values that are out of range or of the
 * wrong type fall back to their defaults field by field on read.
 */
export function createSettingsStore({
  storage = createStorage(),
  now = () => new Date(),
}: LocalStoreOptions = {}): SettingsStore {
  const base = createPersistedStore(storage, 'settings', (stored) => mergeSettings(stored), settingsOperationValidator);

  function save(settings: Settings): Settings {
    // One item: the compacted queue keeps only the latest full settings.
    const queue = enqueueOperation(base.getQueue(), {
      op: 'upsert',
      store: 'settings',
      item: settings,
      at: now().toISOString(),
    });
    base.commit(settings, queue);
    return settings;
  }

  function update(patch: SettingsPatch): LibraryResult<Settings> {
    const result = applySettingsPatch(base.getSnapshot(), patch);
    if (result.ok) save(result.value);
    return result;
  }

  return {
    getSnapshot: base.getSnapshot,
    getServerSnapshot: base.getServerSnapshot,
    subscribe: base.subscribe,
    getQueue: base.getQueue,
    getLastSync: base.getLastSync,
    dispose: base.dispose,
    update,
    set: (key, value) => update({ [key]: value }),
    reset: () => save(mergeSettings()),

    async importFile(file) {
      // product.md §5: a .json file only (some systems give no MIME type, so the name decides too).
      if (!/\.json$/i.test(file.name) && file.type !== 'application/json') {
        return { ok: false, error: { code: 'invalid_file', message: 'Invalid settings file' } };
      }
      let text: string;
      try {
        text = await file.text();
      } catch (error) {
        console.warn('Could not read the settings file', error);
        return { ok: false, error: { code: 'read_failed', message: 'Failed to read file' } };
      }
      const result = parseSettingsFile(text);
      if (result.ok) save(result.value);
      return result;
    },

    exportData() {
      const at = now();
      const data: ExportedData = {
        settings: base.getSnapshot(),
        history: storage.read(storeKeys('history').items, parseStoredHistory),
        watch_later: storage.read(storeKeys('watch_later').items, parseStoredWatchLater),
        exported_at: at.toISOString(),
      };
      return { filename: `marquee-export-${datePart(at)}.json`, data, json: JSON.stringify(data, null, 2) };
    },

    completeSync({ flushed, server, at }) {
      const queue = removeFlushed(base.getQueue(), flushed);
      // A change made while the request was out is newer than the server's answer and wins.
      const settings = server !== undefined && queue.length === 0 ? mergeSettings(server) : base.getSnapshot();
      base.commit(settings, queue);
      base.setLastSync(at);
    },
  };
}

let defaultStore: SettingsStore | undefined;

/** The app's settings store over window.localStorage, created on first use. */
export function getSettingsStore(): SettingsStore {
  return (defaultStore ??= createSettingsStore());
}
