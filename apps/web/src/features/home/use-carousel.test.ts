import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { carouselReducer, useCarousel, type CarouselOptions } from './use-carousel.ts';

const INTERVAL = 5000;

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

function render(options: Partial<CarouselOptions> = {}) {
  return renderHook((props: CarouselOptions) => useCarousel(props), {
    initialProps: { count: 5, intervalMs: INTERVAL, autoPlay: true, ...options },
  });
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
});

describe('carouselReducer', () => {
  const start = { index: 0, paused: new Set<never>() };

  it('wraps around both ends', () => {
    expect(carouselReducer(start, { type: 'prev', count: 5 }).index).toBe(4);
    expect(carouselReducer({ ...start, index: 4 }, { type: 'next', count: 5 }).index).toBe(0);
    expect(carouselReducer(start, { type: 'go', index: 7, count: 5 }).index).toBe(2);
  });

  it('keeps each pause reason until that reason is lifted', () => {
    let state = carouselReducer(start, { type: 'pause', reason: 'hover' });
    state = carouselReducer(state, { type: 'pause', reason: 'focus' });
    state = carouselReducer(state, { type: 'resume', reason: 'hover' });
    expect([...state.paused]).toEqual(['focus']);
  });
});

describe('useCarousel', () => {
  it('advances every 5 s and wraps after the last slide', () => {
    const { result } = render();
    expect(result.current.index).toBe(0);
    act(() => void vi.advanceTimersByTime(INTERVAL - 1));
    expect(result.current.index).toBe(0);
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current.index).toBe(1);
    for (const expected of [2, 3, 4, 0]) {
      act(() => void vi.advanceTimersByTime(INTERVAL));
      expect(result.current.index).toBe(expected);
    }
  });

  it('pauses while hovered and starts a full interval again after', () => {
    const { result } = render();
    act(() => void vi.advanceTimersByTime(3000));
    act(() => result.current.pause('hover'));
    expect(result.current.isRotating).toBe(false);
    act(() => void vi.advanceTimersByTime(INTERVAL * 3));
    expect(result.current.index).toBe(0);
    act(() => result.current.resume('hover'));
    act(() => void vi.advanceTimersByTime(INTERVAL - 1));
    expect(result.current.index).toBe(0);
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current.index).toBe(1);
  });

  it('stays paused until every reason is gone', () => {
    const { result } = render();
    act(() => {
      result.current.pause('hover');
      result.current.pause('focus');
    });
    act(() => result.current.resume('hover'));
    act(() => void vi.advanceTimersByTime(INTERVAL * 2));
    expect(result.current.index).toBe(0);
    act(() => result.current.resume('focus'));
    act(() => void vi.advanceTimersByTime(INTERVAL));
    expect(result.current.index).toBe(1);
  });

  it('pauses while the tab is hidden', () => {
    const { result } = render();
    act(() => setVisibility('hidden'));
    act(() => void vi.advanceTimersByTime(INTERVAL * 3));
    expect(result.current.index).toBe(0);
    act(() => setVisibility('visible'));
    act(() => void vi.advanceTimersByTime(INTERVAL));
    expect(result.current.index).toBe(1);
  });

  it('pauses while scrolled wholly out of view, and stops watching once unmounted', () => {
    const observers: Array<{ callback: IntersectionObserverCallback; observed: Element[]; connected: boolean }> = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        record: (typeof observers)[number];
        constructor(callback: IntersectionObserverCallback) {
          this.record = { callback, observed: [], connected: true };
          observers.push(this.record);
        }
        observe(element: Element) {
          this.record.observed.push(element);
        }
        disconnect() {
          this.record.connected = false;
        }
      },
    );
    try {
      const { result, unmount } = render();
      const element = document.createElement('section');
      act(() => result.current.ref(element));
      expect(observers.map((observer) => observer.observed)).toEqual([[element]]);
      const scroll = (isIntersecting: boolean) =>
        act(() =>
          observers[0]!.callback(
            [{ isIntersecting, target: element } as unknown as IntersectionObserverEntry],
            {} as IntersectionObserver,
          ),
        );
      scroll(false);
      expect(result.current.isRotating).toBe(false);
      act(() => void vi.advanceTimersByTime(INTERVAL * 3));
      expect(result.current.index).toBe(0);
      scroll(true);
      expect(result.current.isRotating).toBe(true);
      act(() => void vi.advanceTimersByTime(INTERVAL));
      expect(result.current.index).toBe(1);
      unmount();
      expect(observers[0]!.connected).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('starts paused in a tab that opens hidden', () => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    const { result } = render();
    expect(result.current.isRotating).toBe(false);
  });

  it('never advances on its own without autoplay (reduced motion), but still steps on request', () => {
    const { result } = render({ autoPlay: false });
    act(() => void vi.advanceTimersByTime(INTERVAL * 3));
    expect(result.current.index).toBe(0);
    expect(result.current.isRotating).toBe(false);
    act(() => result.current.next());
    expect(result.current.index).toBe(1);
    act(() => result.current.goTo(4));
    expect(result.current.index).toBe(4);
    act(() => result.current.prev());
    expect(result.current.index).toBe(3);
  });

  it('restarts the interval after a manual step, so the next slide gets its full 5 s', () => {
    const { result } = render();
    act(() => void vi.advanceTimersByTime(4000));
    act(() => result.current.next());
    act(() => void vi.advanceTimersByTime(4000));
    expect(result.current.index).toBe(1);
    act(() => void vi.advanceTimersByTime(1000));
    expect(result.current.index).toBe(2);
  });

  it('stops when the user presses pause', () => {
    const { result } = render();
    act(() => result.current.pause('user'));
    expect(result.current.isStoppedByUser).toBe(true);
    act(() => void vi.advanceTimersByTime(INTERVAL * 2));
    expect(result.current.index).toBe(0);
  });

  it('does not rotate a single slide', () => {
    const { result } = render({ count: 1 });
    expect(result.current.isRotating).toBe(false);
  });
});
