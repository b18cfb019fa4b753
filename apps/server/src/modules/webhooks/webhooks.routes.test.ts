import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { signedInUser, TEST_ORIGIN } from '../../../test/auth-helpers.ts';
import {
  BREAKING_BAD_PILOT,
  embyNotification,
  jellyfinNotification,
  MATRIX,
  plexMultipart,
  plexNotification,
  UNKNOWN_FILM,
} from '../../../test/webhook-fixtures.ts';
import { SAME_VIEWING_SECONDS, WEBHOOK_RATE_LIMIT } from './webhooks.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, undefined, { catalogue: true });
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

let ahead = 0;
/** Moves the app's clock on (Date only, still running), past the window of one viewing. */
function laterViewing() {
  ahead += (SAME_VIEWING_SECONDS + 60) * 1000;
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(vi.getRealSystemTime() + ahead);
}

interface Addresses {
  jellyfin: string;
  emby: string;
  plex: string;
  unmatched: Array<{ id: string; provider: string; title: string; year: number | null; reason: string }>;
}

async function account() {
  const user = await signedInUser(t.app);
  const addresses = async (): Promise<Addresses> =>
    (await t.app.inject({ url: '/api/me/webhooks', headers: { cookie: user.cookie } })).json();
  return { ...user, addresses, first: await addresses() };
}

/** Posts a notification the way a media server does: no Origin, no cookie. */
function notify(address: string, payload: unknown, contentType = 'application/json') {
  return t.app.inject({
    method: 'POST',
    url: new URL(address).pathname,
    headers: { 'content-type': contentType },
    payload: typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : JSON.stringify(payload),
  });
}

function notifyPlex(address: string, payload: Record<string, unknown>, withThumb = true) {
  const { body, contentType } = plexMultipart(payload, withThumb);
  return notify(address, body, contentType);
}

/** What another device of the account hears at its next sync, from `cursor` on. */
async function syncFrom(cookie: string, cursor: string | null) {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/me/sync',
    payload: { operations: [], cursor },
    headers: { cookie, origin: TEST_ORIGIN },
  });
  expect(answer.statusCode).toBe(200);
  return answer.json() as { history: Array<Record<string, unknown>>; cursor: string };
}

async function historyOf(cookie: string) {
  return (await t.app.inject({ url: '/api/me/history', headers: { cookie } })).json().results as Array<
    Record<string, unknown>
  >;
}

describe('GET /api/me/webhooks', () => {
  it('answers the three addresses under PUBLIC_URL, the same each time, and an empty unmatched list', async () => {
    const user = await account();
    expect(user.first.jellyfin).toMatch(new RegExp(`^${TEST_ORIGIN}/api/webhooks/jellyfin/[\\w-]{43}$`));
    expect(user.first.emby).toBe(user.first.jellyfin.replace('/jellyfin/', '/emby/'));
    expect(user.first.plex).toBe(user.first.jellyfin.replace('/jellyfin/', '/plex/'));
    expect(user.first.unmatched).toEqual([]);
    expect(await user.addresses()).toEqual(user.first);
    const other = await account();
    expect(other.first.jellyfin).not.toBe(user.first.jellyfin);
  });

  it('needs a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/me/webhooks'],
      ['POST', '/api/me/webhooks/renew'],
      ['DELETE', '/api/me/webhooks/unmatched'],
      ['DELETE', '/api/me/webhooks/unmatched/0123456789abcdef0123456789abcdef'],
    ] as const) {
      const answer = await t.app.inject({ method, url, headers: { origin: TEST_ORIGIN } });
      expect(answer.statusCode, url).toBe(401);
    }
  });
});

describe('POST /api/webhooks/jellyfin/:token', () => {
  it('records a film played to the end as a history entry that other devices receive at their next sync', async () => {
    const user = await account();
    const before = await syncFrom(user.cookie, null);
    const answer = await notify(
      user.first.jellyfin,
      jellyfinNotification('PlaybackStop', MATRIX, { positionMinutes: 135, playedToCompletion: true }),
      // The plugin's Generic destination sends text/plain unless a Content-Type header is added.
      'text/plain; charset=utf-8',
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ status: 'recorded', entry: { movie_title: 'The Matrix', completed: true } });

    const changes = await syncFrom(user.cookie, before.cursor);
    expect(changes.history).toEqual([
      expect.objectContaining({
        movie_title: 'The Matrix',
        content_type: 'movie',
        source: 'webhook',
        completed: true,
        play_count: 1,
        duration_watched: 136 * 60,
        total_duration: 136 * 60,
        release_date: '1999-03-31',
      }),
    ]);
    expect(Number(changes.cursor)).toBeGreaterThan(Number(before.cursor));
  });

  it('records an episode started and stopped half way: progress, not complete, with its season and number', async () => {
    const user = await account();
    const start = await notify(user.first.jellyfin, jellyfinNotification('PlaybackStart', BREAKING_BAD_PILOT));
    expect(start.json()).toMatchObject({ status: 'recorded', entry: { completed: false } });
    await notify(
      user.first.jellyfin,
      jellyfinNotification('PlaybackStop', BREAKING_BAD_PILOT, { positionMinutes: 29, playedToCompletion: false }),
    );
    const [entry, ...others] = await historyOf(user.cookie);
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      movie_title: 'Breaking Bad',
      content_type: 'tv',
      season_number: 1,
      episode_number: 1,
      episode_title: 'Pilot',
      duration_watched: 29 * 60,
      total_duration: 58 * 60,
      completed: false,
      source: 'webhook',
    });
  });

  it('counts a second viewing to the end as a second play, and a later mark played of a watched film as another', async () => {
    const user = await account();
    const finish = () =>
      notify(
        user.first.jellyfin,
        jellyfinNotification('PlaybackStop', MATRIX, { positionMinutes: 134, playedToCompletion: true }),
      );
    await notify(user.first.jellyfin, jellyfinNotification('PlaybackStart', MATRIX));
    expect((await finish()).json().entry.play_count).toBe(1);
    laterViewing();
    await notify(user.first.jellyfin, jellyfinNotification('PlaybackStart', MATRIX));
    // Starting again keeps it complete: the first viewing happened.
    expect((await historyOf(user.cookie))[0]).toMatchObject({ completed: true, play_count: 1 });
    expect((await finish()).json().entry.play_count).toBe(2);
    laterViewing();
    const marked = await notify(
      user.first.jellyfin,
      jellyfinNotification('UserDataSaved', MATRIX, {}, { SaveReason: 'TogglePlayed', Played: true }),
    );
    expect(marked.json().entry.play_count).toBe(3);
    // The user data Jellyfin saves while playing is no mark.
    const progress = await notify(
      user.first.jellyfin,
      jellyfinNotification('UserDataSaved', MATRIX, {}, { SaveReason: 'PlaybackProgress', Played: true }),
    );
    expect(progress.json().status).toBe('ignored');
    expect((await historyOf(user.cookie))[0]).toMatchObject({ play_count: 3 });
  });

  it('takes a stop played to the end and a mark played just after, or the same stop sent twice at once, as one viewing', async () => {
    const user = await account();
    const stop = jellyfinNotification('PlaybackStop', MATRIX, { positionMinutes: 136, playedToCompletion: true });
    await notify(user.first.jellyfin, stop);
    const marked = await notify(
      user.first.jellyfin,
      jellyfinNotification('UserDataSaved', MATRIX, {}, { SaveReason: 'TogglePlayed', Played: true }),
    );
    expect(marked.json().entry).toMatchObject({ completed: true, play_count: 1 });
    laterViewing();
    const both = await Promise.all([notify(user.first.jellyfin, stop), notify(user.first.jellyfin, stop)]);
    expect(both.map((answer) => answer.json().entry.play_count).sort()).toEqual([2, 2]);
    expect((await historyOf(user.cookie))[0]).toMatchObject({ play_count: 2 });
  });

  it('reads a template that renders every value as text', async () => {
    const user = await account();
    const answer = await notify(user.first.jellyfin, {
      NotificationType: 'PlaybackStop',
      ItemType: 'Movie',
      Name: 'The Matrix',
      Year: '1999',
      PlaybackPositionTicks: '40800000000',
      RunTimeTicks: '81600000000',
      PlayedToCompletion: 'False',
    });
    expect(answer.json()).toMatchObject({ status: 'recorded', entry: { completed: false } });
    expect((await historyOf(user.cookie))[0]).toMatchObject({ duration_watched: 4080, total_duration: 8160 });
  });
});

describe('POST /api/webhooks/emby/:token', () => {
  it('records playback; a mark played of a film watched earlier adds a play', async () => {
    const user = await account();
    await notify(user.first.emby, embyNotification('playback.start', MATRIX));
    const stop = await notify(
      user.first.emby,
      embyNotification('playback.stop', MATRIX, { positionMinutes: 136, playedToCompletion: true }),
    );
    expect(stop.json()).toMatchObject({ status: 'recorded', entry: { completed: true, play_count: 1 } });
    // Emby may say "marked played" of the viewing that just ended: the same play.
    const marked = await notify(user.first.emby, embyNotification('item.markplayed', MATRIX));
    expect(marked.json()).toMatchObject({ status: 'recorded', entry: { play_count: 1 } });
    laterViewing();
    const again = await notify(user.first.emby, embyNotification('item.markplayed', MATRIX));
    expect(again.json()).toMatchObject({ status: 'recorded', entry: { play_count: 2 } });
    const episode = await notify(
      user.first.emby,
      embyNotification('playback.pause', BREAKING_BAD_PILOT, { positionMinutes: 10 }),
    );
    expect(episode.json()).toMatchObject({ status: 'recorded', entry: { season_number: 1, episode_number: 1 } });
    const history = await historyOf(user.cookie);
    // By title: the moved clock ticks in steps, so both may carry the same time.
    const rows = history.map((entry) => [entry.movie_title, entry.source, entry.play_count]);
    expect(rows.sort()).toEqual([
      ['Breaking Bad', 'webhook', 1],
      ['The Matrix', 'webhook', 2],
    ]);
  });
});

describe('POST /api/webhooks/plex/:token', () => {
  it('reads the multipart payload (thumbnail ignored); a scrobble completes, a second one adds a play', async () => {
    const user = await account();
    const play = await notifyPlex(user.first.plex, plexNotification('media.play', MATRIX, { positionMinutes: 0 }));
    expect(play.statusCode, play.body).toBe(200);
    expect(play.json()).toMatchObject({ status: 'recorded', entry: { completed: false, play_count: 1 } });
    const scrobble = await notifyPlex(
      user.first.plex,
      plexNotification('media.scrobble', MATRIX, { positionMinutes: 123 }),
      false,
    );
    expect(scrobble.json()).toMatchObject({ status: 'recorded', entry: { completed: true, play_count: 1 } });
    // media.stop after the scrobble: past 90 %, but no new play.
    await notifyPlex(user.first.plex, plexNotification('media.stop', MATRIX, { positionMinutes: 130 }), false);
    expect((await historyOf(user.cookie))[0]).toMatchObject({ completed: true, play_count: 1 });
    laterViewing();
    const again = await notifyPlex(
      user.first.plex,
      plexNotification('media.scrobble', MATRIX, { positionMinutes: 125 }),
      false,
    );
    expect(again.json().entry.play_count).toBe(2);
    expect((await historyOf(user.cookie))[0]).toMatchObject({ play_count: 2, source: 'webhook' });
  });

  it('records an episode by its series, season and number', async () => {
    const user = await account();
    const answer = await notifyPlex(
      user.first.plex,
      plexNotification('media.stop', BREAKING_BAD_PILOT, { positionMinutes: 55 }),
      false,
    );
    expect(answer.json()).toMatchObject({
      status: 'recorded',
      entry: { movie_title: 'Breaking Bad', season_number: 1, episode_number: 1, completed: true },
    });
  });
});

describe('what could not be matched', () => {
  it('is kept once with its reason, listed, never in the history, and can be dismissed', async () => {
    const user = await account();
    for (const event of ['PlaybackStart', 'PlaybackProgress', 'PlaybackStop']) {
      const answer = await notify(user.first.jellyfin, jellyfinNotification(event, UNKNOWN_FILM));
      expect(answer.json()).toEqual({
        status: 'unmatched',
        reason: 'No film named "A Film Nobody Made" (1999) in the catalogue',
      });
    }
    const missingEpisode = { ...BREAKING_BAD_PILOT, season: 9, episode: 4 };
    const episode = await notify(user.first.emby, embyNotification('item.markplayed', missingEpisode));
    expect(episode.json().reason).toBe('Breaking Bad has no episode S09E04 in the catalogue');
    const series = await notifyPlex(
      user.first.plex,
      plexNotification('media.play', { ...BREAKING_BAD_PILOT, series: 'A Show Nobody Made' }),
    );
    expect(series.json().reason).toBe('No series named "A Show Nobody Made" in the catalogue');

    expect(await historyOf(user.cookie)).toEqual([]);
    const { unmatched } = await user.addresses();
    expect(unmatched.map((report) => [report.provider, report.title, report.reason])).toEqual([
      ['plex', 'A Show Nobody Made', 'No series named "A Show Nobody Made" in the catalogue'],
      ['emby', 'Breaking Bad', 'Breaking Bad has no episode S09E04 in the catalogue'],
      ['jellyfin', 'A Film Nobody Made', 'No film named "A Film Nobody Made" (1999) in the catalogue'],
    ]);

    const dismiss = await t.app.inject({
      method: 'DELETE',
      url: `/api/me/webhooks/unmatched/${unmatched[0]!.id}`,
      headers: { cookie: user.cookie, origin: TEST_ORIGIN },
    });
    expect(dismiss.statusCode).toBe(204);
    expect((await user.addresses()).unmatched.map((report) => report.title)).toEqual([
      'Breaking Bad',
      'A Film Nobody Made',
    ]);
    // Another account cannot dismiss them.
    const other = await account();
    await t.app.inject({
      method: 'DELETE',
      url: '/api/me/webhooks/unmatched',
      headers: { cookie: other.cookie, origin: TEST_ORIGIN },
    });
    expect((await user.addresses()).unmatched).toHaveLength(2);
    const all = await t.app.inject({
      method: 'DELETE',
      url: '/api/me/webhooks/unmatched',
      headers: { cookie: user.cookie, origin: TEST_ORIGIN },
    });
    expect(all.statusCode).toBe(204);
    expect((await user.addresses()).unmatched).toEqual([]);
  });
});

describe('what is not a playback or a film', () => {
  it('is answered 200 "ignored" and changes nothing', async () => {
    const user = await account();
    const ignored = [
      await notify(user.first.jellyfin, jellyfinNotification('ItemAdded', MATRIX)),
      await notify(user.first.jellyfin, jellyfinNotification('PlaybackStart', MATRIX, {}, { ItemType: 'Audio' })),
      await notify(user.first.emby, { Title: 'Test', Event: 'system.notificationtest', Date: '2026-11-27T19:14:03Z' }),
      await notify(user.first.emby, embyNotification('library.new', MATRIX)),
      await notifyPlex(user.first.plex, plexNotification('library.new', MATRIX)),
      await notifyPlex(user.first.plex, plexNotification('media.rate', MATRIX)),
    ];
    for (const answer of ignored) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().status, answer.body).toBe('ignored');
    }
    expect(await historyOf(user.cookie)).toEqual([]);
    expect((await user.addresses()).unmatched).toEqual([]);
  });
});

describe('with History tracking off', () => {
  it('records nothing, and says why', async () => {
    const user = await account();
    const settings = (await t.app.inject({ url: '/api/me/settings', headers: { cookie: user.cookie } })).json();
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/me/sync',
      headers: { cookie: user.cookie, origin: TEST_ORIGIN },
      payload: {
        operations: [
          {
            op: 'upsert',
            store: 'settings',
            item: { ...settings.settings, enableHistoryTracking: false },
            at: new Date().toISOString(),
          },
        ],
      },
    });
    expect(off.statusCode, off.body).toBe(200);
    const answer = await notify(
      user.first.jellyfin,
      jellyfinNotification('PlaybackStop', MATRIX, { positionMinutes: 136, playedToCompletion: true }),
    );
    expect(answer.json()).toEqual({
      status: 'ignored',
      reason: 'History tracking is off in Marquee: nothing is recorded',
    });
    expect(await historyOf(user.cookie)).toEqual([]);
  });
});

describe('bad or hostile notifications', () => {
  it('a wrong token or provider is a 404', async () => {
    const user = await account();
    const token = user.first.jellyfin.split('/').pop()!;
    const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const path of [
      `/api/webhooks/jellyfin/${wrong}`,
      '/api/webhooks/jellyfin/short',
      `/api/webhooks/kodi/${token}`,
    ]) {
      const answer = await notify(`http://x${path}`, jellyfinNotification('PlaybackStop', MATRIX));
      expect(answer.statusCode, path).toBe(404);
      expect(answer.json().error.code).toBe('not_found');
    }
    expect(await historyOf(user.cookie)).toEqual([]);
  });

  it('a malformed body is a 400 naming the problem, and changes nothing', async () => {
    const user = await account();
    const cases: Array<[string, unknown, string?]> = [
      [user.first.jellyfin, 'this is not JSON', 'text/plain'],
      [user.first.jellyfin, [1, 2, 3]],
      [user.first.jellyfin, { Name: 'The Matrix', ItemType: 'Movie' }],
      [user.first.jellyfin, jellyfinNotification('PlaybackStop', MATRIX, {}, { Name: '' })],
      [user.first.jellyfin, jellyfinNotification('PlaybackStop', MATRIX, {}, { Name: 'The\u0000Matrix' })],
      [user.first.jellyfin, jellyfinNotification('PlaybackStop', BREAKING_BAD_PILOT, {}, { SeasonNumber: 'one' })],
      [user.first.jellyfin, jellyfinNotification('PlaybackStop', MATRIX, {}, { RunTimeTicks: -5 })],
      [user.first.emby, { ...embyNotification('playback.stop', MATRIX), Item: 'The Matrix' }],
      [user.first.plex, { event: 'media.play', Metadata: null }],
      [
        user.first.plex,
        '--x\r\nContent-Disposition: form-data; name="other"\r\n\r\n{}\r\n--x--\r\n',
        'multipart/form-data; boundary=x',
      ],
    ];
    const messages = [];
    for (const [address, body, contentType] of cases) {
      const answer = await notify(address, body, contentType);
      expect(answer.statusCode, `${JSON.stringify(body).slice(0, 80)} → ${answer.body}`).toBe(400);
      messages.push(answer.json().error.message);
    }
    expect(messages).toEqual([
      'Invalid body: not JSON',
      'Invalid body: expected a JSON object',
      expect.stringContaining('Invalid body: NotificationType is missing'),
      'Invalid body: Name is missing: the item has no name',
      'Invalid Name: must not contain a NUL character',
      'Invalid body: SeasonNumber must be a number of 0 or more',
      'Invalid body: RunTimeTicks must be a number of 0 or more',
      'Invalid body: Item is missing or not an object: a playback event names its item',
      'Invalid body: Metadata is missing or not an object: a playback event names its item',
      'Invalid body: the form has no "payload" part holding the JSON',
    ]);
    expect(await historyOf(user.cookie)).toEqual([]);
    expect((await user.addresses()).unmatched).toEqual([]);
  });

  it(`past ${WEBHOOK_RATE_LIMIT.max} notifications a minute answers 429 with Retry-After and records nothing`, async () => {
    const user = await account();
    const ignored = jellyfinNotification('ItemAdded', MATRIX);
    for (let sent = 0; sent < WEBHOOK_RATE_LIMIT.max; sent++) {
      expect((await notify(user.first.jellyfin, ignored)).statusCode).toBe(200);
    }
    const refused = await notify(
      user.first.jellyfin,
      jellyfinNotification('PlaybackStop', MATRIX, { positionMinutes: 136, playedToCompletion: true }),
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await historyOf(user.cookie)).toEqual([]);
    // Another account's address is not slowed down.
    const other = await account();
    expect((await notify(other.first.jellyfin, ignored)).statusCode).toBe(200);
  });

  it('renewing makes the old addresses stop working and the new ones work', async () => {
    const user = await account();
    const renewed = await t.app.inject({
      method: 'POST',
      url: '/api/me/webhooks/renew',
      headers: { cookie: user.cookie, origin: TEST_ORIGIN },
    });
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json() as Addresses;
    expect(fresh.jellyfin).not.toBe(user.first.jellyfin);
    expect(await user.addresses()).toMatchObject({ jellyfin: fresh.jellyfin, emby: fresh.emby, plex: fresh.plex });
    const played = jellyfinNotification('PlaybackStop', MATRIX, { positionMinutes: 136, playedToCompletion: true });
    for (const old of [user.first.jellyfin, user.first.emby, user.first.plex]) {
      expect((await notify(old, played)).statusCode).toBe(404);
    }
    expect(await historyOf(user.cookie)).toEqual([]);
    expect((await notify(fresh.jellyfin, played)).json().status).toBe('recorded');
  });
});
