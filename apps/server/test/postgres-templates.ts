import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

/**
 * The server-postgres project's template databases (test-db.ts): their names carry this run's
 * prefix, and the run's end drops them. Named like the test databases (marquee_test_<time>_…), so
 * that scripts/ci-database.mjs also removes those of a run that was killed.
 */
export default function setup(project: TestProject) {
  const prefix = `marquee_test_${Date.now().toString(36)}_template_${randomBytes(3).toString('hex')}`;
  project.provide('postgresTemplatePrefix', prefix);
  return async () => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) return;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      const found = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE starts_with(datname, $1)`,
        [`${prefix}_`],
      );
      for (const { datname } of found.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  };
}
