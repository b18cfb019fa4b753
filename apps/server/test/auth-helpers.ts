import type { FastifyInstance } from 'fastify';

export const TEST_ORIGIN = 'http://localhost:3000';
let counter = 0;

/**
 * The first link of the newest mail to `to` in the dev outbox (read by `readOutbox`). A mail may
 * arrive just after the answer that sent it (on PostgreSQL, better-auth sends a sign-up's after its
 * transaction commits): the outbox is read again until it is there.
 */
export async function mailedLinkTo(
  readOutbox: () => Promise<Array<{ to: string; links: string[] }>>,
  to: string,
): Promise<URL> {
  for (let tries = 0; tries < 50; tries++) {
    const mail = (await readOutbox()).find((candidate) => candidate.to === to);
    if (mail?.links[0]) return new URL(mail.links[0]);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to} in the outbox`);
}

/** Signs up a user, confirms the e-mail through the dev outbox and signs in; returns the cookie. */
export async function signedInUser(
  app: FastifyInstance,
  email = `user${++counter}-${Date.now()}@example.org`,
  password = 'correct-horse',
) {
  const remoteAddress = `192.0.2.${(counter % 250) + 1}`;
  const headers = { origin: TEST_ORIGIN };
  const signUp = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { email, password, name: '' },
    headers,
    remoteAddress,
  });
  if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.body}`);
  const link = await mailedLinkTo(async () => (await app.inject('/api/dev/outbox')).json().results, email);
  await app.inject({ method: 'GET', url: link.pathname + link.search, remoteAddress });
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
    headers,
    remoteAddress,
  });
  const setCookie = signIn.headers['set-cookie'];
  const cookies = Array.isArray(setCookie) ? setCookie : [String(setCookie)];
  const cookie = cookies.find((value) => value.startsWith('marquee.session_token='))!.split(';')[0]!;
  const userId = (await app.inject({ url: '/api/auth/get-session', headers: { cookie } })).json().user.id as string;
  return { email, cookie, userId };
}
