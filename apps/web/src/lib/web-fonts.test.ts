import { describe, expect, it, vi } from 'vitest';
import { lazy } from './lazy.ts';
import { loadWebFonts, WEB_FONTS_CACHED_KEY } from './web-fonts.ts';

/** A window whose load event, frames and timers the test runs by hand. */
function fakeWindow({ readyState = 'loading', stored = null as string | null, storage = true } = {}) {
  const listeners: Array<() => void> = [];
  const frames: Array<() => void> = [];
  const timers: Array<() => void> = [];
  const values = new Map<string, string>(stored === null ? [] : [[WEB_FONTS_CACHED_KEY, stored]]);
  const refuse = () => {
    throw new DOMException('denied', 'SecurityError');
  };
  const win = {
    document: { readyState, visibilityState: 'visible' },
    localStorage: {
      getItem: storage ? (key: string) => values.get(key) ?? null : refuse,
      setItem: storage ? (key: string, value: string) => void values.set(key, value) : refuse,
    },
    addEventListener: (type: string, listener: () => void) => type === 'load' && listeners.push(listener),
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void) => timers.push(callback),
  };
  const run = (queue: Array<() => void>) => queue.splice(0).forEach((callback) => callback());
  return {
    win: win as unknown as Window,
    values,
    fireLoad: () => run(listeners),
    paint: () => run(frames),
    // Until none is left: a timer may set another.
    runTimers: () => {
      while (timers.length > 0) run(timers);
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('loadWebFonts', () => {
  it('waits for the load event and a painted frame on a first visit, then remembers the fonts are cached', async () => {
    const page = fakeWindow();
    const load = vi.fn(async () => ({}));
    loadWebFonts(load, page.win);
    expect(load).not.toHaveBeenCalled();

    page.paint();
    page.runTimers();
    expect(load).not.toHaveBeenCalled();

    page.fireLoad();
    expect(load).not.toHaveBeenCalled();
    page.paint();
    expect(load).not.toHaveBeenCalled();
    page.runTimers();
    expect(load).toHaveBeenCalledTimes(1);

    await settle();
    expect(page.values.get(WEB_FONTS_CACHED_KEY)).toBe('1');
  });

  it('waits only for a frame when the page has already loaded', () => {
    const page = fakeWindow({ readyState: 'complete' });
    const load = vi.fn(async () => ({}));
    loadWebFonts(load, page.win);
    page.paint();
    page.runTimers();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks for them at once when this browser loaded them before', () => {
    const page = fakeWindow({ stored: '1' });
    const load = vi.fn(async () => ({}));
    loadWebFonts(load, page.win);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps the fallback faces quietly when the fonts cannot load, and remembers nothing', async () => {
    const page = fakeWindow({ readyState: 'complete' });
    const load = vi.fn(async () => {
      throw new Error('Unable to preload CSS for /assets/fonts.css');
    });
    loadWebFonts(load, page.win);
    page.paint();
    page.runTimers();
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(page.values.has(WEB_FONTS_CACHED_KEY)).toBe(false);
  });

  it('works without local storage: it waits as on a first visit', async () => {
    const page = fakeWindow({ readyState: 'complete', storage: false });
    const load = vi.fn(async () => ({}));
    loadWebFonts(load, page.win);
    expect(load).not.toHaveBeenCalled();
    page.paint();
    page.runTimers();
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('lazy', () => {
  it('makes the value on first use only', () => {
    const make = vi.fn(() => ({ made: true }));
    const value = lazy(make);
    expect(make).not.toHaveBeenCalled();
    expect(value()).toBe(value());
    expect(make).toHaveBeenCalledTimes(1);
  });
});
