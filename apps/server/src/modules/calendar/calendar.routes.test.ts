import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { signedInUser, TEST_ORIGIN } from '../../../test/auth-helpers.ts';

// The local catalogue: Breaking Bad (series 1) airs its first season weekly from 2008-01-20 to
// 2008-03-09; film 1 is in the catalogue with its release date.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, undefined, { catalogue: true });
});
afterAll(() => t.close());

const at = '2026-11-20T10:00:00.000Z';
const episode = (number: number, fields: Record<string, unknown> = {}) => ({
  id: `tv:1:s1:e${number}`,
  movie_id: 1,
  movie_title: 'Breaking Bad',
  movie_poster: '/poster/tv/1.svg',
  content_type: 'tv',
  watched_at: at,
  duration_watched: 0,
  total_duration: null,
  completed: false,
  synced: false,
  season_number: 1,
  episode_number: number,
  episode_title: null,
  ...fields,
});

async function sync(cookie: string, operations: unknown[]) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/me/sync',
    payload: { operations },
    headers: { cookie, origin: TEST_ORIGIN },
  });
  expect(response.statusCode).toBe(200);
}

const calendar = (cookie: string, query: string) =>
  t.app.inject({ url: `/api/me/calendar?${query}`, headers: { cookie } });

describe('GET /api/me/calendar', () => {
  it('needs a session', async () => {
    expect((await t.app.inject('/api/me/calendar?from=2008-01-01&to=2008-02-01')).statusCode).toBe(401);
  });

  it('refuses a bad range with a message naming the field', async () => {
    const { cookie } = await signedInUser(t.app);
    for (const [query, message] of [
      ['from=2008-02-01&to=2008-01-01', 'to: must not be before from'],
      ['from=2008-01-01&to=2008-06-01', 'to: must be at most 92 days after from'],
      ['from=3000-01-01&to=3000-01-02', 'from: must be between 1900-01-01 and 2099-12-31'],
      ['from=garbage&to=2008-01-01', 'from: must be a date (YYYY-MM-DD)'],
      ['from=2008-01-01', 'to'],
    ]) {
      const response = await calendar(cookie, query!);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.message, query).toContain(message);
    }
  });

  it("lists the episodes of started series and Watch Later's films in the range, by day, with the feed's address", async () => {
    const { cookie } = await signedInUser(t.app);
    await sync(cookie, [
      { op: 'upsert', store: 'history', item: episode(1, { completed: true }), at },
      {
        op: 'upsert',
        store: 'watch_later',
        at,
        item: {
          id: 'movie:424242',
          movie_id: 424242,
          movie_title: 'A Film Not In The Catalogue',
          movie_poster: null,
          movie_overview: null,
          movie_release_date: '2008-02-13',
          movie_vote_average: null,
          content_type: 'movie',
          added_at: at,
          synced: false,
        },
      },
    ]);
    const response = await calendar(cookie, 'from=2008-01-20&to=2008-02-13');
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.ics_url).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(
      answer.results.map((entry: Record<string, unknown>) => [
        entry.date,
        entry.type,
        entry.episode_number ?? null,
        entry.watched ?? null,
      ]),
    ).toEqual([
      ['2008-01-20', 'episode', 1, true],
      ['2008-01-27', 'episode', 2, false],
      ['2008-02-10', 'episode', 3, false],
      ['2008-02-13', 'movie', null, null],
    ]);
    expect(answer.results[0]).toMatchObject({
      title: { id: 1, media_type: 'tv', name: 'Breaking Bad', poster_path: '/poster/tv/1.svg' },
      season_number: 1,
      name: 'Pilot',
    });
    expect(answer.results[3].title).toEqual({
      id: 424242,
      media_type: 'movie',
      title: 'A Film Not In The Catalogue',
      poster_path: null,
    });
    // The address stays the same from one visit to the next.
    expect((await calendar(cookie, 'from=2008-01-20&to=2008-01-21')).json().ics_url).toBe(answer.ics_url);
  });
});

describe('the iCal feed', () => {
  it('is valid iCalendar with one all-day event per entry, and stops working once renewed', async () => {
    const { cookie } = await signedInUser(t.app);
    // Dated "now" by the app's clock: the feed covers 30 days back to 180 ahead of today, so the
    // test puts a Watch Later film released tomorrow in it.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await sync(cookie, [
      {
        op: 'upsert',
        store: 'watch_later',
        at,
        item: {
          id: 'movie:515151',
          movie_id: 515151,
          movie_title: 'Premiere, Night; Part \\ One',
          movie_poster: null,
          movie_overview: null,
          movie_release_date: tomorrow,
          movie_vote_average: null,
          content_type: 'movie',
          added_at: at,
          synced: false,
        },
      },
    ]);
    const { ics_url: url } = (await calendar(cookie, 'from=2008-01-20&to=2008-01-21')).json();
    const path = new URL(url).pathname;
    const feed = await t.app.inject(path);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.body.split('\r\n').every((line: string) => Buffer.byteLength(line) <= 75)).toBe(true);

    const component = new ICAL.Component(ICAL.parse(feed.body));
    expect(component.name).toBe('vcalendar');
    expect(component.getFirstPropertyValue('version')).toBe('2.0');
    const events = component.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event!.summary).toBe('Premiere, Night; Part \\ One');
    expect(event!.uid).toBe('movie-515151@localhost');
    expect(event!.startDate.isDate).toBe(true);
    expect(event!.startDate.toString()).toBe(tomorrow);
    expect(event!.endDate.toJSDate().getTime() - event!.startDate.toJSDate().getTime()).toBe(86_400_000);
    expect(event!.component.getFirstPropertyValue('dtstamp')).toBeTruthy();

    const renewed = await t.app.inject({
      method: 'POST',
      url: '/api/me/calendar/renew',
      headers: { cookie, origin: TEST_ORIGIN },
    });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().ics_url).not.toBe(url);
    expect((await t.app.inject(path)).statusCode).toBe(404);
    expect((await t.app.inject(new URL(renewed.json().ics_url).pathname)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown or malformed address', async () => {
    for (const path of [
      '/api/calendar/nope.ics',
      `/api/calendar/${'a'.repeat(43)}.ics`,
      `/api/calendar/${'a'.repeat(43)}`,
    ]) {
      const response = await t.app.inject(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    }
  });
});
