import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const ORIGIN = 'http://localhost:3000';
let t: TestApp;
let nextAddress = 1;
/** Each request from its own address, so that per-IP rate limits only bite the test about them. */
const freshAddress = () => `198.51.100.${(nextAddress++ % 250) + 1}`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function post(url: string, payload: unknown, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    remoteAddress: freshAddress(),
    // better-auth refuses state-changing requests without a trusted Origin (CSRF protection).
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
  });
}

/** The newest mail to `email`; it may arrive just after the answer that sent it (see mailedLinkTo). */
async function lastMailTo(email: string) {
  for (let tries = 0; tries < 50; tries++) {
    const outbox = (await t.app.inject('/api/dev/outbox')).json().results as Array<{
      to: string;
      subject: string;
      links: string[];
    }>;
    const mail = outbox.find((entry) => entry.to === email);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no e-mail to ${email}`);
}

function sessionCookie(setCookie: string | string[] | undefined): string {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const session = cookies.find((cookie) => cookie.startsWith('marquee.session_token='));
  if (!session) throw new Error(`no session cookie in ${JSON.stringify(cookies)}`);
  return session;
}

async function signUpAndConfirm(email: string, password: string, name = '') {
  const signUp = await post('/api/auth/sign-up/email', { email, password, name });
  expect(signUp.statusCode).toBe(200);
  const mail = await lastMailTo(email);
  const link = new URL(mail.links[0]!);
  const verify = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
  expect(verify.statusCode).toBeLessThan(400);
}

describe('accounts', () => {
  it('signs up, refuses sign-in until the e-mail is confirmed, then signs in with a safe cookie', async () => {
    const signUp = await post('/api/auth/sign-up/email', {
      email: 'ada@example.org',
      password: 'analytical',
      name: 'ada',
    });
    expect(signUp.statusCode).toBe(200);
    const early = await post('/api/auth/sign-in/email', { email: 'ada@example.org', password: 'analytical' });
    expect(early.statusCode).toBe(403);
    expect(early.json().error.code).toBe('forbidden');

    const mail = await lastMailTo('ada@example.org');
    expect(mail.subject).toBe('Confirm your Marquee account');
    const link = new URL(mail.links[0]!);
    expect(link.pathname).toBe('/api/auth/verify-email');
    expect((await t.app.inject({ method: 'GET', url: link.pathname + link.search })).statusCode).toBeLessThan(400);

    const signIn = await post('/api/auth/sign-in/email', { email: 'ada@example.org', password: 'analytical' });
    expect(signIn.statusCode).toBe(200);
    const cookie = sessionCookie(signIn.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/); // plain http here; Secure behind https (PUBLIC_URL)

    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: cookie.split(';')[0]! },
    });
    expect(session.json().user).toMatchObject({ email: 'ada@example.org', emailVerified: true, name: 'ada' });

    const signOut = await post('/api/auth/sign-out', {}, cookie.split(';')[0]!);
    expect(signOut.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: cookie.split(';')[0]! },
    });
    expect(after.json()).toBeNull();
  });

  it('stores a hashed password, never the password itself', async () => {
    await signUpAndConfirm('hash@example.org', 'plain-secret-1');
    const rows = await t.database.rows<{ password: string }>(
      (await import('drizzle-orm'))
        .sql`select password from account a join "user" u on u.id = a.user_id where u.email = 'hash@example.org'`,
    );
    expect(rows[0]?.password).toBeTruthy();
    expect(rows[0]?.password).not.toContain('plain-secret-1');
  });

  it('refuses a password under 6 characters and a bad e-mail', async () => {
    expect(
      (await post('/api/auth/sign-up/email', { email: 'short@example.org', password: '12345', name: '' })).statusCode,
    ).toBe(400);
    expect(
      (await post('/api/auth/sign-up/email', { email: 'not-an-email', password: '123456', name: '' })).statusCode,
    ).toBe(400);
  });

  it('keeps usernames unique whatever their case', async () => {
    await signUpAndConfirm('grace@example.org', 'cobol-rules', 'Grace');
    const clash = await post('/api/auth/sign-up/email', {
      email: 'other@example.org',
      password: 'cobol-rules',
      name: 'grace',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error).toEqual({ code: 'conflict', message: 'Username is already taken' });
  });

  it('answers a wrong password and an unknown account alike (no enumeration)', async () => {
    const wrong = await post('/api/auth/sign-in/email', { email: 'grace@example.org', password: 'wrong-password' });
    const unknown = await post('/api/auth/sign-in/email', { email: 'nobody@example.org', password: 'wrong-password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('resets a password through the e-mailed link, answering unknown addresses the same way', async () => {
    await signUpAndConfirm('reset@example.org', 'first-password');
    const known = await post('/api/auth/request-password-reset', {
      email: 'reset@example.org',
      redirectTo: '/reset-password',
    });
    const unknown = await post('/api/auth/request-password-reset', {
      email: 'ghost@example.org',
      redirectTo: '/reset-password',
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());

    const mail = await lastMailTo('reset@example.org');
    expect(mail.subject).toBe('Reset your Marquee password');
    const link = new URL(mail.links[0]!);
    const redirect = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(redirect.statusCode).toBe(302);
    const target = new URL(String(redirect.headers.location), ORIGIN);
    expect(target.pathname).toBe('/reset-password');
    const token = target.searchParams.get('token');
    expect(token).toBeTruthy();

    const reset = await post('/api/auth/reset-password', { newPassword: 'second-password', token });
    expect(reset.statusCode).toBe(200);
    expect(
      (await post('/api/auth/sign-in/email', { email: 'reset@example.org', password: 'first-password' })).statusCode,
    ).toBe(401);
    expect(
      (await post('/api/auth/sign-in/email', { email: 'reset@example.org', password: 'second-password' })).statusCode,
    ).toBe(200);
  });

  it('refuses a state-changing request from a foreign origin', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'grace@example.org', password: 'cobol-rules' },
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({ code: 'forbidden', message: 'Cross-site requests are not allowed' });
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      payload: 'x=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
    });
    expect(form.statusCode).toBe(403);
  });

  it('rate-limits repeated sign-in attempts with 429', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 14; attempt += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: 'grace@example.org', password: `guess-${attempt}` },
        remoteAddress: '203.0.113.9',
        headers: { origin: ORIGIN },
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json().error.code).toBe('rate_limited');
        break;
      }
    }
    expect(statuses).toContain(429);
  });

  /** A sign-in attempt from `address`. */
  function signInFrom(address: string, email: string, password: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password },
      remoteAddress: address,
      headers: { origin: ORIGIN },
    });
  }

  it('refuses a guesser’s address after ten wrong passwords, not the owner elsewhere (no lock-out)', async () => {
    await signUpAndConfirm('known-target@example.org', 'the-real-one');
    // From two addresses: better-auth also allows 10 sign-in attempts a minute per address.
    for (const [email, guesser] of [
      ['known-target@example.org', '203.0.113.50'],
      ['never-signed-up@example.org', '203.0.113.51'],
    ] as const) {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 10; attempt += 1) {
        statuses.push((await signInFrom(guesser, email, `guess-${attempt}`)).statusCode);
      }
      expect(statuses.every((status) => status === 401)).toBe(true);
      // The guesser's address is refused for this account, even with the right password.
      const refused = await signInFrom(guesser, email, 'the-real-one');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toEqual({
        code: 'rate_limited',
        message: 'Too many attempts for this account. Please try again in 15 minutes.',
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
    }
    // The owner, at another address, signs in.
    expect((await signInFrom('198.18.7.7', 'known-target@example.org', 'the-real-one')).statusCode).toBe(200);
  });

  it('stops guesses spread over many addresses, except where the owner signed in before', async () => {
    await signUpAndConfirm('spread-target@example.org', 'owner-secret');
    expect((await signInFrom('198.18.9.1', 'spread-target@example.org', 'owner-secret')).statusCode).toBe(200);
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const guess = await signInFrom(
        `10.9.${Math.floor(attempt / 5)}.${attempt % 5}`,
        'spread-target@example.org',
        `g-${attempt}`,
      );
      expect(guess.statusCode).toBe(401);
    }
    expect((await signInFrom('10.9.99.1', 'spread-target@example.org', 'owner-secret')).statusCode).toBe(429);
    expect((await signInFrom('198.18.9.1', 'spread-target@example.org', 'owner-secret')).statusCode).toBe(200);
  });

  it('limits password-reset e-mails per account', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const response = await post('/api/auth/request-password-reset', {
        email: 'reset-flood@example.org',
        redirectTo: '/reset-password',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('changes the e-mail only once the new address is confirmed, and the profile follows', async () => {
    await signUpAndConfirm('old-address@example.org', 'change-me-1', 'mover');
    const signIn = await post('/api/auth/sign-in/email', { email: 'old-address@example.org', password: 'change-me-1' });
    const cookie = sessionCookie(signIn.headers['set-cookie']).split(';')[0]!;
    const change = await post(
      '/api/auth/change-email',
      { newEmail: 'new-address@example.org', callbackURL: '/settings' },
      cookie,
    );
    expect(change.statusCode).toBe(200);
    const before = await t.app.inject({ url: '/api/me/profile', headers: { cookie } });
    expect(before.json().email).toBe('old-address@example.org');

    const mail = await lastMailTo('new-address@example.org');
    const link = new URL(mail.links[0]!);
    const confirm = await t.app.inject({ method: 'GET', url: link.pathname + link.search, headers: { cookie } });
    expect(confirm.statusCode).toBeLessThan(400);
    const after = await t.app.inject({ url: '/api/me/profile', headers: { cookie } });
    expect(after.json().email).toBe('new-address@example.org');
    expect(
      (await post('/api/auth/sign-in/email', { email: 'new-address@example.org', password: 'change-me-1' })).statusCode,
    ).toBe(200);
  });

  it('changes the password with the current one', async () => {
    await signUpAndConfirm('changer@example.org', 'first-secret');
    const signIn = await post('/api/auth/sign-in/email', { email: 'changer@example.org', password: 'first-secret' });
    const cookie = sessionCookie(signIn.headers['set-cookie']).split(';')[0]!;
    const wrong = await post(
      '/api/auth/change-password',
      { currentPassword: 'not-it-at-all', newPassword: 'second-secret' },
      cookie,
    );
    expect(wrong.statusCode).toBe(400);
    const right = await post(
      '/api/auth/change-password',
      { currentPassword: 'first-secret', newPassword: 'second-secret', revokeOtherSessions: true },
      cookie,
    );
    expect(right.statusCode).toBe(200);
    expect(
      (await post('/api/auth/sign-in/email', { email: 'changer@example.org', password: 'second-secret' })).statusCode,
    ).toBe(200);
  });

  it('never limits reading the session, which every page load does', async () => {
    const statuses = new Set<number>();
    for (let load = 0; load < 150; load += 1) {
      const response = await t.app.inject({ url: '/api/auth/get-session', remoteAddress: '203.0.113.77' });
      statuses.add(response.statusCode);
    }
    expect([...statuses]).toEqual([200]);
  });

  /** Every mail to `email` in the dev outbox, newest first. */
  async function mailsTo(email: string) {
    const outbox = (await t.app.inject('/api/dev/outbox')).json().results as Array<{
      to: string;
      subject: string;
      links: string[];
    }>;
    return outbox.filter((mail) => mail.to === email);
  }

  /** Waits (on the outbox, not a clock) until `email` has `count` mails. */
  async function untilMails(email: string, count: number) {
    for (let tries = 0; tries < 50; tries++) {
      const mails = await mailsTo(email);
      if (mails.length >= count) return mails;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`fewer than ${count} mails to ${email}`);
  }

  it('sends a new confirmation link when an unconfirmed address signs up again, which works', async () => {
    const email = 'lost-link@example.org';
    const first = await post('/api/auth/sign-up/email', { email, password: 'lost-link-1', name: '' });
    expect(first.statusCode).toBe(200);
    await untilMails(email, 1);
    const again = await post('/api/auth/sign-up/email', {
      email,
      password: 'lost-link-1',
      name: '',
      callbackURL: '/?auth=confirmed',
    });
    // Answered as a new sign-up is: nothing tells that the address has an account.
    expect(again.statusCode).toBe(200);
    expect(Object.keys(again.json().user).sort()).toEqual(Object.keys(first.json().user).sort());
    const [newest, oldest] = await untilMails(email, 2);
    expect(newest!.subject).toBe('Confirm your Marquee account');
    expect(newest!.links[0]).not.toBe(oldest!.links[0]);
    const link = new URL(newest!.links[0]!);
    const verify = await t.app.inject({ url: link.pathname + link.search });
    expect(verify.statusCode).toBe(302);
    expect(verify.headers.location).toBe('/?auth=confirmed');
    expect((await post('/api/auth/sign-in/email', { email, password: 'lost-link-1' })).statusCode).toBe(200);
  });

  it('tells a confirmed address’s owner when someone signs up with it again', async () => {
    await signUpAndConfirm('taken-address@example.org', 'taken-secret');
    const again = await post('/api/auth/sign-up/email', {
      email: 'taken-address@example.org',
      password: 'other-secret',
      name: '',
    });
    expect(again.statusCode).toBe(200);
    const [newest] = await untilMails('taken-address@example.org', 2);
    expect(newest!.subject).toBe('Your Marquee account');
    expect(
      (await post('/api/auth/sign-in/email', { email: 'taken-address@example.org', password: 'other-secret' }))
        .statusCode,
    ).toBe(401);
  });

  it('resends the confirmation e-mail on request, a few times an hour per address', async () => {
    const email = 'resend-me@example.org';
    expect((await post('/api/auth/sign-up/email', { email, password: 'resend-secret', name: '' })).statusCode).toBe(
      200,
    );
    const refused = await post('/api/auth/sign-in/email', { email, password: 'resend-secret' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Email not verified');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const resend = await post('/api/auth/send-verification-email', { email, callbackURL: '/?auth=confirmed' });
      statuses.push(resend.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const mails = await untilMails(email, 6);
    const link = new URL(mails[0]!.links[0]!);
    expect((await t.app.inject({ url: link.pathname + link.search })).statusCode).toBe(302);
    expect((await post('/api/auth/sign-in/email', { email, password: 'resend-secret' })).statusCode).toBe(200);
  });

  describe('redirect targets that normalise to another site', () => {
    const PAYLOADS = [
      '/.//evil.example',
      '/..//evil.example',
      '/x/..//evil.example',
      '/%2e//evil.example',
      '/%2E%2E//evil.example',
      '/.%2F/evil.example',
      '/%5c/evil.example',
      '/\t/evil.example',
    ];

    it.each(PAYLOADS)('refuses %j as the callbackURL of an e-mailed link', async (target) => {
      const response = await t.app.inject({
        url: `/api/auth/verify-email?token=x&callbackURL=${encodeURIComponent(target)}`,
      });
      expect(response.statusCode).toBe(403);
      expect(response.headers.location).toBeUndefined();
    });

    it.each(PAYLOADS)('refuses %j as a redirect target in a request body', async (target) => {
      for (const [url, payload] of [
        ['/api/auth/request-password-reset', { email: 'reset-redirect@example.org', redirectTo: target }],
        ['/api/auth/sign-in/email', { email: 'grace@example.org', password: 'x-wrong-1', callbackURL: target }],
        ['/api/auth/send-verification-email', { email: 'nobody-here@example.org', callbackURL: target }],
      ] as const) {
        const response = await post(url, payload);
        expect({ url, status: response.statusCode }).toEqual({ url, status: 403 });
      }
    });

    it('still follows a path on this site', async () => {
      const response = await t.app.inject({ url: '/api/auth/verify-email?token=x&callbackURL=%2Fsettings%3Ftab%3D1' });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toMatch(/^\/settings\?tab=1&error=/);
    });
  });
});
