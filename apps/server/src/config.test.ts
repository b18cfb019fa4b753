import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({}, '/srv/marquee');
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: null,
      dataDir: '/srv/marquee/.data',
      tmdbApiToken: null,
      mediaDir: null,
      mediaAdminToken: null,
      mediaServer: null,
      smtpUrl: null,
      devOutbox: false,
      publicUrl: 'http://localhost:3000',
      adScriptUrl: null,
      communityUrl: null,
      tmdbTimeoutMs: 8000,
      dbQueryTimeoutMs: 10000,
    });
  });

  it.each([
    ['PORT', 'abc', /PORT: expected a whole number from 0 to 65535, got "abc"/],
    ['PORT', '70000', /PORT/],
    ['PORT', '-1', /PORT/],
    ['DATABASE_URL', 'mysql://localhost/db', /DATABASE_URL: expected a postgres or postgresql URL/],
    ['DATABASE_URL', 'not a url', /DATABASE_URL: expected a URL/],
    ['SMTP_URL', 'http://mail', /SMTP_URL/],
    ['PUBLIC_URL', 'ftp://x', /PUBLIC_URL/],
    ['AD_SCRIPT_URL', 'http://ads.example/a.js', /AD_SCRIPT_URL: expected a https URL/],
    ['COMMUNITY_URL', 'discord', /COMMUNITY_URL/],
    ['MEDIA_DIR', '/definitely/not/here', /MEDIA_DIR: expected an existing folder/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL/],
    ['AUTH_SECRET', 'short', /AUTH_SECRET: expected at least 32 characters/],
    ['DEV_OUTBOX', 'yes', /DEV_OUTBOX/],
    ['MEDIA_ADMIN_TOKEN', 'short', /MEDIA_ADMIN_TOKEN: expected at least 32 printable characters/],
    ['EVENTS_RATE_LIMIT', '0', /EVENTS_RATE_LIMIT: expected a whole number/],
    ['EVENTS_RATE_LIMIT', 'lots', /EVENTS_RATE_LIMIT/],
    ['TMDB_TIMEOUT_MS', '50', /TMDB_TIMEOUT_MS: expected milliseconds from 100 to 60000, got "50"/],
    ['TMDB_TIMEOUT_MS', '90000', /TMDB_TIMEOUT_MS/],
    ['TMDB_TIMEOUT_MS', '2s', /TMDB_TIMEOUT_MS/],
    ['DB_QUERY_TIMEOUT_MS', '0', /DB_QUERY_TIMEOUT_MS: expected milliseconds from 100 to 600000, got "0"/],
    ['DB_QUERY_TIMEOUT_MS', '700000', /DB_QUERY_TIMEOUT_MS/],
    ['DB_QUERY_TIMEOUT_MS', 'soon', /DB_QUERY_TIMEOUT_MS/],
    ['MEDIA_ADMIN_TOKEN', 'a token with spaces in it, long enough to pass', /MEDIA_ADMIN_TOKEN/],
    ['MEDIA_TRANSCODE_LIMIT', '0', /MEDIA_TRANSCODE_LIMIT: expected a whole number from 1 to 99, got "0"/],
    ['MEDIA_TRANSCODE_LIMIT', 'two', /MEDIA_TRANSCODE_LIMIT/],
  ])('names %s when it is %j', (variable, value, message) => {
    let caught: unknown;
    try {
      loadConfig({ [variable]: value });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).variable).toBe(variable);
    expect((caught as Error).message).toMatch(message);
  });

  it('reads a Jellyfin or an Emby server, each as a URL and key pair', () => {
    expect(loadConfig({ JELLYFIN_URL: 'http://nas:8096/', JELLYFIN_API_KEY: 'k1' }).mediaServer).toEqual({
      kind: 'jellyfin',
      url: 'http://nas:8096',
      apiKey: 'k1',
    });
    expect(loadConfig({ EMBY_URL: 'https://emby.example/emby', EMBY_API_KEY: 'k2' }).mediaServer).toEqual({
      kind: 'emby',
      url: 'https://emby.example/emby',
      apiKey: 'k2',
    });
    expect(() => loadConfig({ JELLYFIN_URL: 'http://nas:8096' })).toThrow(
      /JELLYFIN_API_KEY: is required when JELLYFIN_URL/,
    );
    expect(() => loadConfig({ EMBY_API_KEY: 'k' })).toThrow(/EMBY_URL: is required when EMBY_API_KEY/);
    expect(() => loadConfig({ JELLYFIN_URL: 'nas', JELLYFIN_API_KEY: 'k' })).toThrow(/JELLYFIN_URL: expected a URL/);
    expect(() =>
      loadConfig({ JELLYFIN_URL: 'http://a', JELLYFIN_API_KEY: 'k', EMBY_URL: 'http://b', EMBY_API_KEY: 'k' }),
    ).toThrow(/not both/);
  });

  it('reads every variable it knows', () => {
    const media = mkdtempSync(path.join(tmpdir(), 'marquee-media-'));
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://u@db:5432/marquee',
      TMDB_API_TOKEN: 'token',
      MEDIA_DIR: media,
      MEDIA_ADMIN_TOKEN: '0123456789abcdef0123456789abcdef',
      SMTP_URL: 'smtps://user:pass@mail.example:465',
      DEV_OUTBOX: '1',
      PUBLIC_URL: 'https://marquee.example/',
      AD_SCRIPT_URL: 'https://ads.example/a.js',
      COMMUNITY_URL: 'https://discord.gg/x',
      EVENTS_RATE_LIMIT: '5000',
      TMDB_TIMEOUT_MS: '2500',
      DB_QUERY_TIMEOUT_MS: '4000',
      FFMPEG_PATH: '/opt/ffmpeg/bin/ffmpeg',
      MEDIA_TRANSCODE_LIMIT: '4',
    });
    expect(config).toMatchObject({
      ffmpegPath: '/opt/ffmpeg/bin/ffmpeg',
      mediaTranscodeLimit: 4,
      tmdbTimeoutMs: 2500,
      dbQueryTimeoutMs: 4000,
      eventsRateLimit: 5000,
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u@db:5432/marquee',
      tmdbApiToken: 'token',
      mediaDir: media,
      mediaAdminToken: '0123456789abcdef0123456789abcdef',
      devOutbox: true,
      publicUrl: 'https://marquee.example',
      adScriptUrl: 'https://ads.example/a.js',
      communityUrl: 'https://discord.gg/x',
    });
  });
});
