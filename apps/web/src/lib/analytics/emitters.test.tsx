import { act, fireEvent, renderHook } from '@testing-library/react';
import { useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { visitorWrapper } from '@/test/app-wrapper.tsx';
import { getSettingsStore } from '@/lib/local-store/settings-store.ts';
import { getWatchLaterStore } from '@/lib/local-store/watch-later-store.ts';
import { holdEarlyErrors } from './early-errors.ts';
import { SCROLL_MILESTONES, watchErrors, watchScrollDepth } from './page-emitters.ts';
import { addAnalyticsSink, resetEarlyEventsForTests, trackEvent, type AnalyticsEvent } from './track.ts';
import { PAGE_VIEW_DELAY_MS, useAnalytics } from './use-analytics.ts';

vi.mock('@/lib/toast.ts', () => ({ toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }) }));
// The lazily loaded module would start real sending; these tests look at what is tracked.
vi.mock('./start-analytics.ts', () => ({ startAnalytics: vi.fn() }));

let events: AnalyticsEvent[] = [];
let removeSink: () => void = () => undefined;
const names = () => events.map((event) => event.name);

beforeEach(() => {
  events = [];
  removeSink = addAnalyticsSink((event) => events.push(event));
  getSettingsStore().reset();
  getWatchLaterStore().clear();
});
afterEach(() => {
  removeSink();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

const wrapper = visitorWrapper;

describe('trackEvent', () => {
  it('keeps what happened before the consent sink loaded and hands it over once', () => {
    resetEarlyEventsForTests();
    trackEvent('page_view', { path: '/' });
    const late: AnalyticsEvent[] = [];
    const remove = addAnalyticsSink((event) => late.push(event), { replayEarlyEvents: true });
    trackEvent('scroll_depth', { percent: 25 });
    const another: AnalyticsEvent[] = [];
    const removeAnother = addAnalyticsSink((event) => another.push(event), { replayEarlyEvents: true });
    expect(late.map((event) => event.name)).toEqual(['page_view', 'scroll_depth']);
    expect(another).toEqual([]);
    remove();
    removeAnother();
  });
});

describe('page_view', () => {
  it('is tracked 100 ms after each route change, with the path but not the query', () => {
    vi.useFakeTimers();
    const { result } = renderHook(
      () => {
        useAnalytics();
        return useNavigate();
      },
      { wrapper: wrapper('/browse') },
    );
    act(() => vi.advanceTimersByTime(PAGE_VIEW_DELAY_MS - 1));
    expect(names()).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    act(() => void result.current('/search?q=secret+words'));
    act(() => vi.advanceTimersByTime(PAGE_VIEW_DELAY_MS));
    expect(events.map((event) => [event.name, event.params])).toEqual([
      ['page_view', { path: '/browse' }],
      ['page_view', { path: '/search' }],
    ]);
  });
});

describe('feature events', () => {
  it('watchlist: adding and removing, not syncing', () => {
    const store = getWatchLaterStore();
    store.add({ movie_id: 7, movie_title: 'Heat', content_type: 'movie' });
    store.toggle({ movie_id: 7, movie_title: 'Heat', content_type: 'movie' });
    store.completeSync({ flushed: [], server: [], at: new Date() });
    expect(events.map((event) => [event.name, event.params])).toEqual([
      ['watchlist_add', { content_id: 7, content_type: 'movie' }],
      ['watchlist_remove', { content_id: 7, content_type: 'movie' }],
    ]);
  });
});

describe('page emitters', () => {
  function scrollTo(percent: number) {
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 1000 });
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: 100 });
    Object.defineProperty(window, 'scrollY', { configurable: true, value: (percent / 100) * 1000 - 100 });
    fireEvent.scroll(window);
  }

  it('scroll depth: each milestone once per session, even on another page load', () => {
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      callback(0);
      return 0;
    });
    const stop = watchScrollDepth();
    scrollTo(30);
    scrollTo(60);
    scrollTo(30);
    stop();
    const again = watchScrollDepth();
    scrollTo(100);
    again();
    const percents = events.filter((event) => event.name === 'scroll_depth').map((event) => event.params.percent);
    expect(percents).toEqual([...SCROLL_MILESTONES]);
  });

  it('errors raised before analytics loaded, held since the entry ran', () => {
    holdEarlyErrors();
    window.dispatchEvent(
      new ErrorEvent('error', { message: 'too early', filename: '/assets/y.js', lineno: 1, colno: 2 }),
    );
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.defineProperty(rejection, 'reason', { value: 'refused' });
    window.dispatchEvent(rejection);
    expect(events).toEqual([]);
    const stop = watchErrors();
    window.dispatchEvent(new ErrorEvent('error', { message: 'later' }));
    stop();
    expect(events.map((event) => [event.name, event.params.message])).toEqual([
      ['js_error', 'too early'],
      ['unhandled_rejection', 'refused'],
      ['js_error', 'later'],
    ]);
  });

  it('errors and unhandled rejections', () => {
    const stop = watchErrors();
    window.dispatchEvent(new ErrorEvent('error', { message: 'boom', filename: '/assets/x.js', lineno: 3, colno: 9 }));
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.defineProperty(rejection, 'reason', { value: new Error('nope') });
    window.dispatchEvent(rejection);
    stop();
    window.dispatchEvent(new ErrorEvent('error', { message: 'after stop' }));
    expect(events.map((event) => [event.name, event.params])).toEqual([
      ['js_error', { message: 'boom', source: '/assets/x.js', line: 3, column: 9 }],
      ['unhandled_rejection', { message: 'nope' }],
    ]);
  });
});
