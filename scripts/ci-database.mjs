import pg from 'pg';

// Used by .ci/run: `create` prints the URL of a new throwaway database when PostgreSQL answers
// (nothing otherwise); `drop URL` removes it again.
const ADMIN_URL = process.env.CI_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const [command, target] = process.argv.slice(2);

const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
try {
  await admin.connect();
} catch {
  process.exit(0); // no PostgreSQL here: the tests run on PGlite only
}
try {
  if (command === 'create') {
    const name = `marquee_ci_${Date.now().toString(36)}`;
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    process.stdout.write(url.toString());
  } else if (command === 'drop' && target) {
    const name = new URL(target).pathname.slice(1);
    if (/^marquee_ci_[a-z0-9]+$/.test(name)) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    // Throwaway databases of test files that crashed before cleaning up: only those created more
    // than two hours ago (their names carry the time), never those of a test run still going.
    const leftovers = await admin.query(`SELECT datname FROM pg_database WHERE datname LIKE 'marquee_test_%'`);
    for (const { datname } of leftovers.rows) {
      const created = parseInt(/^marquee_test_([a-z0-9]+)_/.exec(datname)?.[1] ?? '', 36);
      if (Number.isFinite(created) && Date.now() - created > 2 * 60 * 60 * 1000)
        await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
  }
} finally {
  await admin.end();
}
