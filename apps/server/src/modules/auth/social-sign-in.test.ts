import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { AUTH_TEXT_LIMIT } from './auth.routes.ts';

const ORIGIN = 'http://localhost:3000';
let t: TestApp;
let address = 0;
/** Each request from its own address: sign-in routes are limited per address. */
const freshAddress = () => `198.18.0.${++address}`;
let issuer: Server;
let issuerUrl: string;

beforeAll(async () => {
  // A minimal OpenID provider: its discovery document is all sign-in needs before the redirect.
  issuer = createServer((request, response) => {
    if (request.url !== '/.well-known/openid-configuration') return void response.writeHead(404).end();
    response.setHeader('content-type', 'application/json');
    response.end(
      JSON.stringify({
        issuer: issuerUrl,
        authorization_endpoint: `${issuerUrl}/authorize`,
        token_endpoint: `${issuerUrl}/token`,
        userinfo_endpoint: `${issuerUrl}/userinfo`,
        jwks_uri: `${issuerUrl}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
      }),
    );
  });
  await new Promise<void>((resolve) => issuer.listen(0, '127.0.0.1', resolve));
  issuerUrl = `http://127.0.0.1:${(issuer.address() as AddressInfo).port}`;
  t = await createTestApp({
    OIDC_CLIENT_ID: 'oidc-client',
    OIDC_CLIENT_SECRET: 'oidc-secret',
    OIDC_DISCOVERY_URL: `${issuerUrl}/.well-known/openid-configuration`,
    GITHUB_CLIENT_ID: 'github-client',
    GITHUB_CLIENT_SECRET: 'github-secret',
    GOOGLE_CLIENT_ID: 'google-client',
    GOOGLE_CLIENT_SECRET: 'google-secret',
  });
});
afterAll(async () => {
  await t.close();
  issuer.close();
});

function start(provider: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    payload: { provider, callbackURL: '/' },
    headers: { origin: ORIGIN },
    remoteAddress: freshAddress(),
  });
}

describe('social sign-in', () => {
  it.each([
    ['github', 'https://github.com/login/oauth/authorize', 'github-client'],
    ['google', 'https://accounts.google.com/o/oauth2/v2/auth', 'google-client'],
  ])('sends %s sign-in to the provider with a callback to this server', async (provider, authorize, clientId) => {
    const response = await start(provider);
    expect(response.statusCode).toBe(200);
    const url = new URL(response.json().url as string);
    expect(`${url.origin}${url.pathname}`).toBe(authorize);
    expect(url.searchParams.get('client_id')).toBe(clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/api/auth/callback/${provider}`);
    expect(url.searchParams.get('state')).toBeTruthy();
    // The state cookie ties the callback to this browser.
    expect(String(response.headers['set-cookie'])).toContain('HttpOnly');
  });

  it('refuses a text too long for an address, naming it, before it reaches a redirect', async () => {
    const hint = 'x'.repeat(AUTH_TEXT_LIMIT);
    const fits = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      payload: { provider: 'github', callbackURL: '/', loginHint: hint },
      headers: { origin: ORIGIN },
      remoteAddress: freshAddress(),
    });
    expect(fits.statusCode).toBe(200);
    expect(new URL(fits.json().url as string).searchParams.get('login_hint')).toBe(hint);

    const tooLong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      payload: { provider: 'github', callbackURL: '/', loginHint: `${hint}x` },
      headers: { origin: ORIGIN },
      remoteAddress: freshAddress(),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({
      error: { code: 'invalid_input', message: `Invalid loginHint: must be ${AUTH_TEXT_LIMIT} characters or fewer` },
    });
    const callback = await t.app.inject({
      method: 'POST',
      url: '/api/auth/callback/github',
      payload: { code: 'c'.repeat(20_000), state: 'xyz' },
      headers: { origin: ORIGIN },
      remoteAddress: freshAddress(),
    });
    expect(callback.statusCode).toBe(400);
    expect(callback.json().error.message).toBe(`Invalid code: must be ${AUTH_TEXT_LIMIT} characters or fewer`);
    expect(callback.headers.location).toBeUndefined();
  });

  it('refuses a provider that is not configured', async () => {
    const response = await start('facebook');
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().error.code).toBeTruthy();
  });

  it('sends OpenID Connect sign-in to the provider found by discovery', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      payload: { provider: 'oidc', callbackURL: '/' },
      headers: { origin: ORIGIN },
      remoteAddress: freshAddress(),
    });
    expect(response.statusCode).toBe(200);
    const url = new URL(response.json().url as string);
    expect(`${url.origin}${url.pathname}`).toBe(`${issuerUrl}/authorize`);
    expect(url.searchParams.get('client_id')).toBe('oidc-client');
    expect(url.searchParams.get('scope')).toContain('openid');
    expect(url.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/api/auth/callback/oidc`);
  });
});
