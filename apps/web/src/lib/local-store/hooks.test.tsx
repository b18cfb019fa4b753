import { act, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHistoryStore } from './history-store.ts';
import {
  useHasUnsyncedChanges,
  useHistory,
  useIsInWatchLater,
  useLastWatchedEpisode,
  useSetting,
  useSettings,
  useWatchLater,
} from './hooks.ts';
import { createSettingsStore } from './settings-store.ts';
import { createStorage } from './storage.ts';
import { createWatchLaterStore } from './watch-later-store.ts';

const disposers: (() => void)[] = [];
function track<T extends { dispose(): void }>(store: T): T {
  disposers.push(store.dispose);
  return store;
}
afterEach(() => {
  disposers.splice(0).forEach((dispose) => dispose());
  vi.restoreAllMocks();
});

const matrix = { movie_id: 603, movie_title: 'The Matrix', content_type: 'movie' as const };

describe('local store hooks', () => {
  it('render the history and follow its changes', () => {
    const store = track(createHistoryStore({ storage: createStorage() }));
    function HistoryCount() {
      const { items } = useHistory(store);
      return <p>{items.length} watched</p>;
    }
    render(<HistoryCount />);
    expect(screen.getByText('0 watched')).toBeTruthy();
    act(() => void store.add(matrix));
    expect(screen.getByText('1 watched')).toBeTruthy();
  });

  it('give the last-watched episode of a series', () => {
    const store = track(createHistoryStore({ storage: createStorage() }));
    const { result } = renderHook(() => useLastWatchedEpisode(1399, store));
    expect(result.current).toBeNull();
    act(() => {
      store.add({ movie_id: 1399, movie_title: 'GoT', content_type: 'tv', season_number: 2, episode_number: 5 });
    });
    expect(result.current).toMatchObject({ season_number: 2, episode_number: 5 });
  });

  it('tell whether a title is in Watch Later, and toggle it', () => {
    const store = track(createWatchLaterStore({ storage: createStorage() }));
    const { result } = renderHook(() => ({
      saved: useIsInWatchLater(603, 'movie', store),
      list: useWatchLater(store),
    }));
    expect(result.current.saved).toBe(false);
    act(() => void result.current.list.toggle(matrix));
    expect(result.current.saved).toBe(true);
    expect(result.current.list.items).toHaveLength(1);
    act(() => void result.current.list.toggle(matrix));
    expect(result.current.saved).toBe(false);
  });

  it('give one setting with its setter, and all settings', () => {
    const store = track(createSettingsStore({ storage: createStorage() }));
    const { result } = renderHook(() => ({ columns: useSetting('gridColumns', store), all: useSettings(store) }));
    expect(result.current.columns[0]).toBe(6);
    act(() => void result.current.columns[1](8));
    expect(result.current.columns[0]).toBe(8);
    expect(result.current.all.settings.gridColumns).toBe(8);
    act(() => void result.current.all.reset());
    expect(result.current.columns[0]).toBe(6);
  });

  it('render from corrupted storage without breaking', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    window.localStorage.setItem('marquee:history', '{');
    window.localStorage.setItem('marquee:watch_later', '[1,2]');
    window.localStorage.setItem('marquee:settings', '{"gridColumns": 99, "fontSize": "huge"}');
    const history = track(createHistoryStore({ storage: createStorage() }));
    const watchLater = track(createWatchLaterStore({ storage: createStorage() }));
    const settings = track(createSettingsStore({ storage: createStorage() }));
    const { result } = renderHook(() => ({
      history: useHistory(history).items,
      watchLater: useWatchLater(watchLater).items,
      settings: useSettings(settings).settings,
    }));
    expect(result.current.history).toEqual([]);
    expect(result.current.watchLater).toEqual([]);
    expect(result.current.settings).toMatchObject({ gridColumns: 6, fontSize: 'medium' });
  });

  it('tell when history or Watch Later has changes waiting for the server', () => {
    const history = track(createHistoryStore({ storage: createStorage() }));
    const watchLater = track(createWatchLaterStore({ storage: createStorage() }));
    const { result } = renderHook(() => useHasUnsyncedChanges(history, watchLater));
    expect(result.current).toBe(false);
    act(() => void watchLater.add(matrix));
    expect(result.current).toBe(true);
    act(() => watchLater.completeSync({ flushed: watchLater.getQueue(), at: new Date() }));
    expect(result.current).toBe(false);
  });
});
