import { useMemo, useSyncExternalStore } from 'react';
import { excludedTitleTokens, type HidingHistoryEntry } from '@marquee/core/library/hiding';
import { useSession } from '../auth/session.ts';
import { lazy } from '../lazy.ts';
import { createStorage } from '../local-store/storage.ts';

// Every first page filters its rows with this. Reading the hidden titles, the history and the
// settings through their stores would put the stores' schemas in the first page's JavaScript
// (e2e/budget.test.ts): the stored lists are read here as the stores keep them, leniently, and
// read again only when one of them changes.

const KEYS = ['hidden', 'history', 'settings'] as const;
const storage = lazy(() => createStorage());
const listeners = new Set<() => void>();
let version = 0;
let read = { version: -1, tokens: '' };
let stopListening: (() => void) | undefined;

function parsed(key: string): unknown {
  const raw = storage().readRaw(key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

function listOf<T>(value: unknown, isItem: (item: Record<string, unknown>) => boolean): T[] {
  return Array.isArray(value) ? (value.filter((item) => item && typeof item === 'object' && isItem(item)) as T[]) : [];
}

const isTitle = (item: Record<string, unknown>) =>
  typeof item.movie_id === 'number' && (item.content_type === 'movie' || item.content_type === 'tv');

/** Whether the viewer asked to hide what they watched (settings.hideWatched). */
function hidesWatched(): boolean {
  const settings = parsed('settings');
  return Boolean(
    settings && typeof settings === 'object' && (settings as { hideWatched?: unknown }).hideWatched === true,
  );
}

/** The excluded titles as `movie:1,tv:2`, newest first, at most 500. */
function snapshot(): string {
  if (read.version === version) return read.tokens;
  const hideWatched = hidesWatched();
  const hidden = listOf<{ movie_id: number; content_type: 'movie' | 'tv'; hidden_at: string }>(
    parsed('hidden'),
    (item) => isTitle(item) && typeof item.hidden_at === 'string',
  );
  // The history is read only when it matters: it is the largest stored list.
  const history = hideWatched
    ? listOf<HidingHistoryEntry>(parsed('history'), (item) => isTitle(item) && typeof item.watched_at === 'string')
    : [];
  read = { version, tokens: excludedTitleTokens(hidden, history, hideWatched).join(',') };
  return read.tokens;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  stopListening ??= storage().subscribe(KEYS, () => {
    version += 1;
    listeners.forEach((notify) => notify());
  });
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      stopListening?.();
      stopListening = undefined;
      version += 1;
    }
  };
}

const serverSnapshot = () => '';

export interface ExcludedTitles {
  /** What a list request adds to its query (DESIGN.md "Hide watched, not interested"); empty: nothing. */
  params: { exclude?: string; hide?: string };
  /** The titles left out, as `movie:ID` / `tv:ID`, to filter an answer already on screen. */
  set: ReadonlySet<string>;
}

/** The stored excluded titles, outside React (the mood box's request). */
export function readExcludedTitles(): string {
  return snapshot();
}

/**
 * The titles lists leave out: those the viewer is not interested in and, with hideWatched, those
 * they watched. A signed-in viewer's request also asks the server for the account's own sets
 * (`hide`), which reach further back than the browser's newest 500.
 */
export function useExcludedTitles(): ExcludedTitles {
  const tokens = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  const { user } = useSession();
  const hideWatched = tokens !== '' || user ? hidesWatched() : false;
  return useMemo(() => {
    const params: ExcludedTitles['params'] = {};
    if (tokens) params.exclude = tokens;
    if (user) params.hide = hideWatched ? 'hidden,watched' : 'hidden';
    return { params, set: new Set(tokens ? tokens.split(',') : []) };
  }, [tokens, user, hideWatched]);
}
