import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, TEST_ORIGIN } from '../../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { FEEDBACK_PER_HOUR } from './feedback.routes.ts';
import { feedback } from './feedback-schema.ts';

let t: TestApp;
let address = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function send(payload: unknown, options: { cookie?: string; remoteAddress?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/feedback',
    payload: payload as Record<string, unknown>,
    remoteAddress: options.remoteAddress ?? `192.0.2.${++address}`,
    headers: { origin: TEST_ORIGIN, ...(options.cookie ? { cookie: options.cookie } : {}) },
  });
}

const valid = { name: 'Ada', email: 'ada@example.org', subject: 'Lovely app', message: 'Keep going.', rating: 5 };

async function lastRow() {
  const [row] = await t.database.db.select().from(feedback).orderBy(desc(feedback.createdAt)).limit(1);
  return row!;
}

describe('POST /api/feedback', () => {
  it('stores a visitor’s feedback as pending, type general by default', async () => {
    const response = await send(valid);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ status: 'pending' });
    expect(await lastRow()).toMatchObject({
      userId: null,
      name: 'Ada',
      email: 'ada@example.org',
      feedbackType: 'general',
      subject: 'Lovely app',
      rating: 5,
      status: 'pending',
    });
  });

  it('takes a signed-in user’s name and e-mail from the account, not the form', async () => {
    const user = await signedInUser(t.app);
    const response = await send(
      { name: 'Someone Else', email: 'spoof@example.org', feedback_type: 'bug', subject: 'Bug', message: 'It broke.' },
      { cookie: user.cookie },
    );
    expect(response.statusCode).toBe(201);
    expect(await lastRow()).toMatchObject({
      userId: user.userId,
      email: user.email,
      feedbackType: 'bug',
      rating: null,
    });
  });

  it('names the missing or wrong field', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ ...valid, subject: '  ' }, /subject/],
      [{ ...valid, message: '' }, /message/],
      [{ ...valid, name: undefined }, /name/],
      [{ ...valid, email: 'not-an-address' }, /email/],
      [{ ...valid, rating: 6 }, /rating/],
      [{ ...valid, feedback_type: 'rant' }, /feedback_type/],
    ];
    for (const [payload, message] of cases) {
      const response = await send(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toMatch(message);
    }
  });

  it('limits how much one sender can send', async () => {
    const statuses: number[] = [];
    for (let index = 0; index <= FEEDBACK_PER_HOUR; index++) {
      statuses.push((await send(valid, { remoteAddress: '198.51.100.200' })).statusCode);
    }
    expect(statuses).toEqual([...Array(FEEDBACK_PER_HOUR).fill(201), 429]);
  });
});
