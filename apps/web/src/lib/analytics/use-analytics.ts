import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { trackEvent } from './track.ts';

/** page_view is tracked this long after a route change (player.md §7, §9), once the page has settled. */
export const PAGE_VIEW_DELAY_MS = 100;

/**
 * page_view on every route change, and the analytics module loaded once the browser is idle
 * after the first render: none of it (nor web-vitals) belongs in the entry chunk.
 */
export function useAnalytics(): void {
  const { pathname, search } = useLocation();

  useEffect(() => {
    // The path alone is reported: the query string may hold a search term (product.md §6).
    const timer = window.setTimeout(() => trackEvent('page_view', { path: pathname }), PAGE_VIEW_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pathname, search]);

  useEffect(() => {
    const load = () => void import('./start-analytics.ts').then((module) => module.startAnalytics());
    // Safari has no requestIdleCallback.
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(load, { timeout: 3000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(load, 1000);
    return () => clearTimeout(timer);
  }, []);
}
