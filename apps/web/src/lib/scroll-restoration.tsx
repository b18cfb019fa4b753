import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType, type Location } from 'react-router';

/** Where the positions are kept over a reload (the tab's session storage). */
export const SCROLL_POSITIONS_KEY = 'marquee:scroll-positions';
/** Positions kept: the most recent entries of the tab's history. */
const MAX_POSITIONS = 100;

/** Navigation state that keeps the page where it is (a tab's hash changing, say). */
export interface KeepScrollState {
  preventScrollReset: true;
}

export const KEEP_SCROLL: KeepScrollState = { preventScrollReset: true };

function keepsScroll(location: Location): boolean {
  const state: unknown = location.state;
  return typeof state === 'object' && state !== null && (state as KeepScrollState).preventScrollReset === true;
}

function readPositions(): Map<string, number> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(SCROLL_POSITIONS_KEY) ?? '[]');
    if (!Array.isArray(stored)) return new Map();
    return new Map(
      stored.filter(
        (entry): entry is [string, number] =>
          Array.isArray(entry) && typeof entry[0] === 'string' && Number.isFinite(entry[1]),
      ),
    );
  } catch {
    return new Map();
  }
}

function savePositions(positions: Map<string, number>): void {
  try {
    sessionStorage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify([...positions].slice(-MAX_POSITIONS)));
  } catch {
    // Storage full or blocked: positions are then kept for this page's life only.
  }
}

/**
 * The key a history entry's position is kept under. An entry the app has not navigated to itself
 * (the page the tab loaded: typed, followed from elsewhere) has React Router's key `default`,
 * whatever its address: its path tells it from the other entries so keyed.
 */
function entryKey(location: Location): string {
  return location.key === 'default' ? `default:${location.pathname}${location.search}` : location.key;
}

/**
 * Whether this document's load returns to an entry of the tab's history (a reload, Back or
 * Forward), rather than opening an address afresh (typed, a link, a bookmark). Unknown (a browser
 * without Navigation Timing) counts as returning, as before.
 */
function isReturningLoad(): boolean {
  const [entry] = (performance.getEntriesByType?.('navigation') ?? []) as PerformanceNavigationTiming[];
  return entry?.type !== 'navigate';
}

function scrollToHash(hash: string): boolean {
  if (!hash) return false;
  let id: string;
  try {
    id = decodeURIComponent(hash.slice(1));
  } catch {
    return false;
  }
  const target = document.getElementById(id);
  target?.scrollIntoView();
  return target !== null;
}

/**
 * Scroll as a reader expects between pages: a new page opens at its top (or at the element its
 * hash names), Back and Forward return to where the page was left, and so does a reload. Each
 * history entry's position is recorded as the page scrolls, so it is known before the next page
 * replaces the content (which can clamp the scroll), and kept in session storage for reloads.
 *
 * The first render after load leaves the scroll alone unless a reload, Back or Forward has a
 * position to restore: a reader who scrolled a server-rendered page before the app started stays
 * where they are, and a page opened afresh never takes the position another page of the tab had.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Map<string, number>>(undefined);
  const currentKey = useRef(entryKey(location));
  /** The entry last scrolled for: none before the first render (StrictMode runs effects twice). */
  const handledKey = useRef<string | null>(null);

  useEffect(() => {
    positions.current ??= readPositions();
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    let frame = 0;
    const record = () => {
      frame = 0;
      const map = (positions.current ??= readPositions());
      map.delete(currentKey.current);
      map.set(currentKey.current, window.scrollY);
    };
    const onScroll = () => {
      if (frame === 0) frame = requestAnimationFrame(record);
    };
    const onPageHide = () => {
      record();
      savePositions(positions.current!);
      // The browser restores a reload's position itself until the app has started.
      window.history.scrollRestoration = 'auto';
    };
    const onPageShow = () => {
      window.history.scrollRestoration = 'manual';
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      window.history.scrollRestoration = previous;
    };
  }, []);

  useLayoutEffect(() => {
    if (handledKey.current === location.key) return;
    const first = handledKey.current === null;
    handledKey.current = location.key;
    currentKey.current = entryKey(location);
    const saved = (positions.current ??= readPositions()).get(currentKey.current);
    if (first) {
      if (saved !== undefined && navigationType === 'POP' && isReturningLoad()) window.scrollTo(0, saved);
      return;
    }
    if (navigationType === 'POP' && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    if (scrollToHash(location.hash) || keepsScroll(location)) return;
    window.scrollTo(0, 0);
  }, [location, navigationType]);

  return null;
}
