import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addAnalyticsSink, type AnalyticsEvent } from '@/lib/analytics/track.ts';
import { visitorWrapper } from '@/test/app-wrapper.tsx';
import { getSettingsStore } from '@/lib/local-store/settings-store.ts';
import { SearchScreen } from './search-screen.tsx';
vi.mock('@/lib/toast.ts', () => ({ toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }) }));

let events: AnalyticsEvent[] = [];
let removeSink: () => void = () => undefined;

beforeEach(() => {
  events = [];
  removeSink = addAnalyticsSink((event) => events.push(event));
  getSettingsStore().reset();
});
afterEach(() => {
  removeSink();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const wrapper = visitorWrapper;

describe('search analytics (product.md §7)', () => {
  it('search: one event per term, with the term and the number of results', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ page: 1, results: [], total_pages: 0, total_results: 0 })),
    );
    render(<SearchScreen />, { wrapper: wrapper('/search?q=alien') });
    await screen.findByText('No results found');
    expect(events.filter((event) => event.name === 'search').map((event) => event.params)).toEqual([
      { term: 'alien', results: 0 },
    ]);
  });
});
