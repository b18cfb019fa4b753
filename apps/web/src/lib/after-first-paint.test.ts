import { describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from './after-first-paint.ts';

/** A window whose paint entries, frames and timers the test delivers by hand. */
function fakeWindow({ paintTiming = true, hidden = false } = {}) {
  const timers: Array<{ callback: () => void; ms: number }> = [];
  const frames: Array<() => void> = [];
  type EntryList = { getEntriesByName: (name: string) => unknown[] };
  const observers: Array<(list: EntryList) => void> = [];
  class FakeObserver {
    static supportedEntryTypes = paintTiming ? ['paint', 'navigation'] : ['navigation'];
    disconnected = false;
    constructor(private readonly callback: (list: EntryList) => void) {}
    observe() {
      observers.push((list) => !this.disconnected && this.callback(list));
    }
    disconnect() {
      this.disconnected = true;
    }
  }
  const win = {
    document: { visibilityState: hidden ? 'hidden' : 'visible' },
    PerformanceObserver: FakeObserver,
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void, ms = 0) => timers.push({ callback, ms }),
  } as unknown as Window;
  const run = (filter: (ms: number) => boolean) => {
    const due = timers.filter((timer) => filter(timer.ms));
    due.forEach((timer) => timers.splice(timers.indexOf(timer), 1));
    due.forEach((timer) => timer.callback());
  };
  return {
    win,
    paint: (name = 'first-contentful-paint') =>
      observers.forEach((deliver) =>
        deliver({ getEntriesByName: (wanted) => (wanted === name ? [{ name, entryType: 'paint' }] : []) }),
      ),
    frame: () => frames.splice(0).forEach((callback) => callback()),
    runZeroTimers: () => run((ms) => ms === 0),
    runTimeout: () => run((ms) => ms > 0),
  };
}

describe('afterFirstPaint', () => {
  it('waits until the browser reports the first paint, then runs once in a task of its own', () => {
    const page = fakeWindow();
    const then = vi.fn();
    afterFirstPaint(then, page.win);
    page.frame();
    page.runZeroTimers();
    expect(then).not.toHaveBeenCalled();

    // The background alone is not enough: the page's content must be on screen.
    page.paint('first-paint');
    page.runZeroTimers();
    expect(then).not.toHaveBeenCalled();

    page.paint();
    expect(then).not.toHaveBeenCalled();
    page.runZeroTimers();
    expect(then).toHaveBeenCalledTimes(1);

    page.paint();
    page.runTimeout();
    page.runZeroTimers();
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('runs after a second when no paint is reported', () => {
    const page = fakeWindow();
    const then = vi.fn();
    afterFirstPaint(then, page.win);
    page.runTimeout();
    page.runZeroTimers();
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('waits for a frame in a browser without paint timing', () => {
    const page = fakeWindow({ paintTiming: false });
    const then = vi.fn();
    afterFirstPaint(then, page.win);
    page.runZeroTimers();
    expect(then).not.toHaveBeenCalled();
    page.frame();
    page.runZeroTimers();
    page.runZeroTimers();
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('runs at once in a hidden tab, which paints nothing', () => {
    const page = fakeWindow({ hidden: true });
    const then = vi.fn();
    afterFirstPaint(then, page.win);
    expect(then).toHaveBeenCalledTimes(1);
  });
});
