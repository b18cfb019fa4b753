import { describe, expect, it } from 'vitest';
import { mergeSettings, type Settings, type SettingsPatch } from '@marquee/core';
import type { AnalyticsBatch } from '@marquee/core/analytics/analytics-events';
import { createConsentSink } from './analytics-sink.ts';
import type { AnalyticsEvent } from './track.ts';

const at = '2026-05-01T10:00:00.000Z';
const event = (name: string, params: Record<string, unknown> = {}): AnalyticsEvent => ({
  name,
  params,
  at,
  page: '/somewhere',
});

/** One of each kind of event the consent rules treat differently. */
const EVENTS = [
  event('page_view', { path: '/browse' }),
  event('search', { term: 'alien', results: 4 }),
  event('recommendation_request', { query: 'something cosy' }),
  event('recommendation_click', { content_id: 7 }),
  event('watchlist_add', { content_id: 7, content_type: 'movie' }),
];

function setup(patch: SettingsPatch = {}) {
  let settings: Settings = mergeSettings(patch);
  const sent: Array<{ batch: AnalyticsBatch; keepalive: boolean }> = [];
  const consent = createConsentSink({
    getSettings: () => settings,
    send: async (batch, { keepalive }) => void sent.push({ batch, keepalive }),
    sessionId: 'session-0123456789',
  });
  return {
    consent,
    sent,
    change(next: SettingsPatch) {
      settings = mergeSettings(settings, next);
    },
    /** Every sent event with its batch's consent. */
    events: () => sent.flatMap(({ batch }) => batch.events.map((item) => ({ ...item, consent: batch.consent }))),
  };
}

function sendAll(patch: SettingsPatch) {
  const view = setup(patch);
  for (const item of EVENTS) view.consent.sink(item);
  view.consent.flush();
  return view.events();
}

describe('consent sink (product.md §6)', () => {
  it('with the default settings, sends every event with the app version and the session, no identity', () => {
    const events = sendAll({});
    expect(events.map((item) => item.name)).toEqual(EVENTS.map((item) => item.name));
    expect(events[1]).toEqual({
      name: 'search',
      params: { term: 'alien', results: 4 },
      at,
      page: '/somewhere',
      session_id: 'session-0123456789',
      app_version: '1.0.0',
      consent: { shareWatchHistory: false },
    });
  });

  it('sends nothing unless both enableAnalytics and privacySettings.dataCollection are on', () => {
    expect(sendAll({ enableAnalytics: false })).toEqual([]);
    expect(sendAll({ privacySettings: { dataCollection: false } })).toEqual([]);
  });

  it('without saveSearchHistory, sends the search without its term and everything else unchanged', () => {
    const baseline = sendAll({});
    const events = sendAll({ saveSearchHistory: false });
    expect(events.find((item) => item.name === 'search')?.params).toEqual({ results: 4 });
    expect(events.find((item) => item.name === 'recommendation_request')?.params).toEqual({});
    const untouched = (list: typeof events) =>
      list.filter((item) => item.name !== 'search' && item.name !== 'recommendation_request');
    expect(untouched(events)).toEqual(untouched(baseline));
  });

  it('without enablePersonalizedRecs, drops exactly the recommendation events', () => {
    const baseline = sendAll({});
    const events = sendAll({ enablePersonalizedRecs: false });
    expect(events).toEqual(baseline.filter((item) => !item.name.startsWith('recommendation_')));
  });

  it('asks for identity only with shareWatchHistory, and changes nothing else', () => {
    const baseline = sendAll({});
    const events = sendAll({ privacySettings: { shareWatchHistory: true } });
    expect(events.every((item) => item.consent?.shareWatchHistory === true)).toBe(true);
    expect(events.map(({ consent: _, ...rest }) => rest)).toEqual(baseline.map(({ consent: _, ...rest }) => rest));
    expect(events.some((item) => 'user_id' in item || 'user_type' in item)).toBe(false);
  });

  it('applies the settings of the moment each event happened, in separate batches per consent', () => {
    const view = setup();
    view.consent.sink(event('page_view'));
    view.change({ privacySettings: { shareWatchHistory: true } });
    view.consent.sink(event('scroll_depth', { percent: 25 }));
    view.consent.flush();
    expect(
      view.sent.map(({ batch }) => [batch.consent?.shareWatchHistory, batch.events.map((item) => item.name)]),
    ).toEqual([
      [false, ['page_view']],
      [true, ['scroll_depth']],
    ]);
  });

  it('drops what was waiting when analytics is turned off before it left', () => {
    const view = setup();
    view.consent.sink(event('page_view'));
    view.change({ enableAnalytics: false });
    view.consent.flush();
    expect(view.sent).toEqual([]);
    expect(view.consent.size()).toBe(0);
  });

  it('sends a full batch at once and drops events the server does not know', () => {
    const view = setup();
    view.consent.sink(event('made_up_event'));
    for (let index = 0; index < 50; index++) view.consent.sink(event('long_task', { duration: 60 + index }));
    expect(view.sent).toHaveLength(1);
    expect(view.sent[0]!.batch.events).toHaveLength(50);
    expect(view.sent[0]!.batch.events.some((item) => item.name === 'made_up_event')).toBe(false);
    expect(view.consent.size()).toBe(0);
  });

  it('flushes with keepalive when the page goes away', () => {
    const view = setup();
    view.consent.sink(event('page_view'));
    view.consent.flush({ keepalive: true });
    expect(view.sent[0]?.keepalive).toBe(true);
  });
});
