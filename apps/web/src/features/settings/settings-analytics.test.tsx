import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addAnalyticsSink, type AnalyticsEvent } from '@/lib/analytics/track.ts';
import { visitorWrapper } from '@/test/app-wrapper.tsx';
import { getSettingsStore } from '@/lib/local-store/settings-store.ts';
import { SettingsScreen } from './settings-screen.tsx';
import { SETTING_CHANGE_SETTLE_MS, trackSettingsChange } from './use-settings-change.ts';
vi.mock('@/lib/toast.ts', () => ({ toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }) }));

let events: AnalyticsEvent[] = [];
let removeSink: () => void = () => undefined;
const names = () => events.map((event) => event.name);

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

describe('settings analytics (product.md §7)', () => {
  it('settings: a privacy toggle is one privacy_setting_change once it settles', () => {
    vi.useFakeTimers();
    render(<SettingsScreen />, { wrapper: wrapper('/settings#privacy') });
    fireEvent.click(screen.getByRole('switch', { name: 'Share watch history' }));
    expect(names()).toEqual([]);
    act(() => vi.advanceTimersByTime(1000));
    expect(events.map((event) => [event.name, event.params])).toEqual([
      ['privacy_setting_change', { setting: 'privacySettings.shareWatchHistory', value: true }],
    ]);
  });

  it('settings: privacy keys and preferences are told apart; a slider drag is one change; lists are not sent', () => {
    vi.useFakeTimers();
    trackSettingsChange({ gridColumns: 5 });
    trackSettingsChange({ gridColumns: 7, enableAnalytics: true });
    trackSettingsChange({
      customVideoSources: [{ name: 'Mine', movieUrl: 'https://x.example/{movieID}', tvUrl: '', recommended: false }],
    });
    act(() => vi.advanceTimersByTime(SETTING_CHANGE_SETTLE_MS));
    expect(events.map((event) => [event.name, event.params])).toEqual([
      ['preference_change', { setting: 'gridColumns', value: 7 }],
      ['privacy_setting_change', { setting: 'enableAnalytics', value: true }],
      ['preference_change', { setting: 'customVideoSources', value: undefined }],
    ]);
  });
});
