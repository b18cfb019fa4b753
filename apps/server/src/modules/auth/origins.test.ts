import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let local: TestApp;
let published: TestApp;
let nextAddress = 1;

beforeAll(async () => {
  // `npm start` as it comes: no PUBLIC_URL.
  local = await createTestApp();
  published = await createTestApp({ PUBLIC_URL: 'https://marquee.example' });
});
afterAll(async () => {
  await local?.close();
  await published?.close();
});

/** A sign-up from a page served at `host`, posting with `origin` (a browser sends both). */
function signUp(app: TestApp, host: string, origin: string) {
  return app.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { host, origin, cookie: 'marquee.consent=1' },
    remoteAddress: `198.51.100.${nextAddress++}`,
    payload: { email: `origin-${nextAddress}-${Date.now()}@example.org`, password: 'origin-secret', name: '' },
  });
}

describe('where people can sign up from', () => {
  it('without PUBLIC_URL, from the address the page was served at, whatever it is', async () => {
    for (const host of ['localhost:3000', '127.0.0.1:3000', '192.168.1.20:3000', 'marquee.lan:8080']) {
      const response = await signUp(local, host, `http://${host}`);
      expect({ host, status: response.statusCode }).toEqual({ host, status: 200 });
    }
  });

  it('without PUBLIC_URL, never from another site', async () => {
    const forged = await signUp(local, '192.168.1.20:3000', 'http://evil.example');
    expect(forged.statusCode).toBe(403);
    const otherPort = await signUp(local, '192.168.1.20:3000', 'http://192.168.1.20:4000');
    expect(otherPort.statusCode).toBe(403);
  });

  it('with PUBLIC_URL, only from that address', async () => {
    expect((await signUp(published, 'marquee.example', 'https://marquee.example')).statusCode).toBe(200);
    const lan = await signUp(published, '127.0.0.1:3000', 'http://127.0.0.1:3000');
    expect(lan.statusCode).toBe(403);
    expect(lan.json().error.message).toBe('Invalid origin');
  });
});
