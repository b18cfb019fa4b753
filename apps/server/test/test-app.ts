import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { createTestDatabase, type TestDatabase, type TestDatabaseOptions } from './test-db.ts';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

/** The real app on a fresh test database, for `app.inject` tests. Env overrides go through loadConfig. */
export async function createTestApp(
  env: Record<string, string> = {},
  beforeReady?: (app: FastifyInstance) => void,
  options: TestDatabaseOptions = {},
): Promise<TestApp> {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    DEV_OUTBOX: '1',
    ...env,
  });
  const database = await createTestDatabase(options);
  const app = await buildApp({ config, database, logger: false });
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}
