import Fastify from 'fastify';
import pg from 'pg';

// The reference points of every benchmark: the cheapest JSON route Fastify can serve here and,
// given DATABASE_URL, the cheapest route that asks PostgreSQL as often as most uncached searches do:
// one prepared statement, one round trip, through a pool as large as the app's.
const app = Fastify({ logger: false });
app.get('/bare', async () => ({ hello: 'world' }));
const pool = process.env.DATABASE_URL
  ? new pg.Pool({
      connectionString: process.env.DATABASE_URL,
      max: 10,
      options: '-c plan_cache_mode=force_generic_plan',
    })
  : null;
if (pool) {
  app.get(
    '/bare-db',
    async () => (await pool.query({ name: 'one', text: 'select $1::int as n', values: [1] })).rows[0],
  );
}
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () =>
  app
    .close()
    .then(() => pool?.end())
    .then(() => process.exit(0)),
);
