import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import { listen, notify } from './notify.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.destroy();
});

describe('listen', () => {
  it('sends on its own connection what it and every other listener hear, in order with the others’ notifications', async () => {
    const heardByA: string[] = [];
    const heardByB: string[] = [];
    const a = await listen(database, ['marquee_test_a', 'marquee_test_shared'], (payload, channel) =>
      heardByA.push(`${channel}:${payload}`),
    );
    const b = await listen(database, ['marquee_test_a', 'marquee_test_shared'], (payload, channel) =>
      heardByB.push(`${channel}:${payload}`),
    );
    try {
      await notify(database, 'marquee_test_shared', 'first');
      await a.notify('marquee_test_a', "it's 1");
      const expected = ['marquee_test_shared:first', "marquee_test_a:it's 1"];
      await expect.poll(() => heardByA).toEqual(expected);
      await expect.poll(() => heardByB).toEqual(expected);
      await expect(a.notify('marquee-test', 'x')).rejects.toThrow(/not a plain channel name/);
    } finally {
      await a.stop();
      await b.stop();
    }
  });
});
