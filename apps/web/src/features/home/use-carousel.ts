import { useCallback, useEffect, useReducer, useState } from 'react';

/**
 * Why rotation is paused. Each reason is independent: leaving the carousel with the pointer
 * must not restart it while it still has keyboard focus, and so on.
 */
export type PauseReason = 'hover' | 'focus' | 'hidden' | 'offscreen' | 'user';

export interface CarouselState {
  index: number;
  paused: ReadonlySet<PauseReason>;
}

export type CarouselAction =
  | { type: 'next'; count: number }
  | { type: 'prev'; count: number }
  | { type: 'go'; index: number; count: number }
  | { type: 'pause'; reason: PauseReason }
  | { type: 'resume'; reason: PauseReason };

function wrap(index: number, count: number): number {
  return count > 0 ? ((index % count) + count) % count : 0;
}

export function carouselReducer(state: CarouselState, action: CarouselAction): CarouselState {
  switch (action.type) {
    case 'next':
      return { ...state, index: wrap(state.index + 1, action.count) };
    case 'prev':
      return { ...state, index: wrap(state.index - 1, action.count) };
    case 'go':
      return { ...state, index: wrap(action.index, action.count) };
    case 'pause':
      if (state.paused.has(action.reason)) return state;
      return { ...state, paused: new Set([...state.paused, action.reason]) };
    case 'resume': {
      if (!state.paused.has(action.reason)) return state;
      const paused = new Set(state.paused);
      paused.delete(action.reason);
      return { ...state, paused };
    }
  }
}

function isDocumentHidden(): boolean {
  return typeof document !== 'undefined' && document.visibilityState === 'hidden';
}

export interface CarouselOptions {
  count: number;
  intervalMs: number;
  /** False under reduced motion: the slides change only when the user asks. */
  autoPlay: boolean;
}

/**
 * A carousel's current slide and its automatic rotation (product.md §2 Home page, §9: every
 * 5 s). Rotation stops while any pause reason holds — the pointer is over it, it has keyboard
 * focus, the tab is hidden, it is scrolled wholly out of view, or the user pressed pause — and
 * the interval starts again from zero after every change of slide, so a manual step is never
 * followed by an instant jump. Give `ref` to the carousel's element for the out-of-view pause.
 */
export function useCarousel({ count, intervalMs, autoPlay }: CarouselOptions) {
  const [state, dispatch] = useReducer(carouselReducer, undefined, () => ({
    index: 0,
    paused: new Set<PauseReason>(isDocumentHidden() ? ['hidden'] : []),
  }));
  const index = wrap(state.index, count);
  const isRotating = autoPlay && count > 1 && state.paused.size === 0;

  useEffect(() => {
    if (!isRotating) return;
    const timer = window.setTimeout(() => dispatch({ type: 'next', count }), intervalMs);
    return () => window.clearTimeout(timer);
  }, [isRotating, count, intervalMs, index]);

  useEffect(() => {
    const onVisibility = () => dispatch({ type: isDocumentHidden() ? 'pause' : 'resume', reason: 'hidden' });
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  // Scrolled out of view, nobody sees the slides change: they stop (and with them the motion a
  // phone's battery pays for), and the slide a visitor scrolled away from is there on return.
  const [element, ref] = useState<Element | null>(null);
  useEffect(() => {
    if (!element || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver((entries) => {
      const latest = entries[entries.length - 1];
      if (latest) dispatch({ type: latest.isIntersecting ? 'resume' : 'pause', reason: 'offscreen' });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      dispatch({ type: 'resume', reason: 'offscreen' });
    };
  }, [element]);

  const next = useCallback(() => dispatch({ type: 'next', count }), [count]);
  const prev = useCallback(() => dispatch({ type: 'prev', count }), [count]);
  const goTo = useCallback((target: number) => dispatch({ type: 'go', index: target, count }), [count]);
  const pause = useCallback((reason: PauseReason) => dispatch({ type: 'pause', reason }), []);
  const resume = useCallback((reason: PauseReason) => dispatch({ type: 'resume', reason }), []);

  return {
    /** For the carousel's element: rotation pauses while none of it is in view. */
    ref,
    index,
    isRotating,
    /** Whether the user stopped rotation with the pause button. */
    isStoppedByUser: state.paused.has('user'),
    next,
    prev,
    goTo,
    pause,
    resume,
  };
}
