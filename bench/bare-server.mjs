import Fastify from 'fastify';
import pg from 'pg';

// The reference points of every benchmark: the cheapest JSON route Fastify can serve here and,
// given DATABASE_URL, the cheapest route that asks PostgreSQL what an uncached search asks of it:
// two prepared statements in turn, each one round trip, through a pool as large as the app's.
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
  app.get('/bare-db', async () => {
    const first = await pool.query({ name: 'first', text: 'select $1::int as n', values: [1] });
    const second = await pool.query({ name: 'second', text: 'select $1::int + 1 as n', values: [first.rows[0].n] });
    return second.rows[0];
  });
}
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () =>
  app
    .close()
    .then(() => pool?.end())
    .then(() => process.exit(0)),
);
