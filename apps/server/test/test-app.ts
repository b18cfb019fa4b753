import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { scryptHashing } from '../src/modules/auth/password-hashing.ts';
import { createTestDatabase, type TestDatabase, type TestDatabaseOptions } from './test-db.ts';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  /** Every route the app added, HEAD routes left out: what the security and fuzz suites must cover. */
  routes: Array<{ method: string; url: string }>;
  /**
   * The HEAD routes the app declares itself (the media stream's, which must not read the whole
   * file); Fastify's automatic HEAD routes, which run their GET route's handler, are left out.
   */
  headRoutes: Array<{ method: string; url: string }>;
  close(): Promise<void>;
}

/**
 * Password hashing in the tests: the app's scrypt at a sixteenth of its cost (about 11 ms a hash
 * here, not 170). The suites sign up and in thousands of times; the app's own cost is tested in
 * password-hashing.test.ts. An app built on a test database must hash this way to verify its users.
 */
export const TEST_PASSWORD_HASHING = scryptHashing(1024);

/** The configuration of a test app: quiet, no web build, a fixed secret, the development outbox. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    DEV_OUTBOX: '1',
    ...env,
  });
}

/** The real app on a fresh test database, for `app.inject` tests. Env overrides go through loadConfig. */
export async function createTestApp(
  env: Record<string, string> = {},
  beforeReady?: (app: FastifyInstance) => void,
  options: TestDatabaseOptions = {},
): Promise<TestApp> {
  const config = testConfig(env);
  const database = await createTestDatabase(options);
  const routes: TestApp['routes'] = [];
  const heads: Array<{ method: string; url: string; handler: unknown }> = [];
  const handlers = new Map<string, unknown>();
  const app = await buildApp({
    config,
    database,
    logger: false,
    passwordHashing: TEST_PASSWORD_HASHING,
    onRoute(route) {
      for (const method of ([] as string[]).concat(route.method)) {
        if (method !== 'HEAD') routes.push({ method, url: route.url });
        else heads.push({ method, url: route.url, handler: route.handler });
        if (method === 'GET') handlers.set(route.url, route.handler);
      }
    },
  });
  const headRoutes = heads
    .filter((route) => handlers.get(route.url) !== route.handler)
    .map(({ method, url }) => ({ method, url }));
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    routes,
    headRoutes,
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}
