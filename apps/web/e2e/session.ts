import { expect, inject } from 'vitest';
import type { BrowserContext } from 'playwright-core';

export interface Account {
  email: string;
  password: string;
  username: string;
}

const baseUrl = inject('baseUrl');
let counter = 0;

const addresses = new Map<string, string>();

/**
 * The address this test file's requests come from, sent as X-Forwarded-For. The browser tests
 * share one server, which limits sign-ups and sign-ins per address (5 and 10 a minute): started
 * with TRUST_PROXY=1, it takes each file's own, so one file's accounts do not spend another's.
 * One per file, also though the files share this module (they run in one process).
 */
export function visitorHeaders(): { 'x-forwarded-for': string } {
  const file = expect.getState().testPath ?? '';
  let address = addresses.get(file);
  if (address === undefined) {
    const taken = new Set(addresses.values());
    do {
      address = `10.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 250)}`;
    } while (taken.has(address));
    addresses.set(file, address);
  }
  return { 'x-forwarded-for': address };
}

/** Waits as long as a 429 answer says (at most a minute). */
const waitOut = (answer: { headers: (name: string) => string | null }) =>
  new Promise((resolve) => setTimeout(resolve, Math.min(Number(answer.headers('x-retry-after')) || 60, 60) * 1000));

/**
 * Makes an account through the API and confirms it with the e-mailed link. The server allows 5
 * sign-ups a minute from one address (this file's, see visitorHeaders): a sixth waits for the next
 * minute, so make few per file.
 */
export async function createAccount(name: string): Promise<Account> {
  const username = `${name}${Date.now() % 1_000_000}${++counter}`;
  const account = { email: `${username}@example.org`, password: 'keyboard-and-eyes', username };
  await signUpAndConfirm(account.email, account.password, username);
  return account;
}

/** Signs up through the API (waiting once for the next minute if this one's sign-ups are spent) and confirms. */
export async function signUpAndConfirm(email: string, password: string, name: string): Promise<void> {
  const signUpOnce = () =>
    fetch(`${baseUrl}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl, ...visitorHeaders() },
      body: JSON.stringify({ email, password, name }),
    });
  let signUp = await signUpOnce();
  for (let wait = 0; signUp.status === 429 && wait < 5; wait++) {
    // This file's earlier sign-ups spent this minute's: wait as long as the server says, and again
    // if the next minute's went too.
    await waitOut({ headers: (name) => signUp.headers.get(name) });
    signUp = await signUpOnce();
  }
  expect(signUp.status, await signUp.clone().text()).toBe(200);
  // Polled by hand: this also runs in beforeAll, where expect.poll is not allowed.
  let link: string | undefined;
  for (let attempt = 0; attempt < 100 && link === undefined; attempt++) {
    const outbox = (await (await fetch(`${baseUrl}/api/dev/outbox`)).json()) as {
      results: Array<{ to: string; links: string[] }>;
    };
    link = outbox.results.find((mail) => mail.to === email)?.links[0];
    if (link === undefined) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (link === undefined) throw new Error(`no confirmation e-mail reached ${email}`);
  const confirm = await fetch(link, { redirect: 'manual' });
  expect(confirm.status).toBe(302);
}

/** Signs a browser context in (its cookie jar gets the session), as a returning user would be. */
export async function signInContext(context: BrowserContext, account: Account): Promise<void> {
  const signInOnce = () =>
    context.request.post('/api/auth/sign-in/email', {
      data: { email: account.email, password: account.password },
      headers: { origin: baseUrl, ...visitorHeaders() },
    });
  let answer = await signInOnce();
  for (let wait = 0; answer.status() === 429 && wait < 5; wait++) {
    await waitOut({ headers: (name) => answer.headers()[name] ?? null });
    answer = await signInOnce();
  }
  expect(answer.status(), await answer.text()).toBe(200);
}
