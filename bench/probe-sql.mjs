import pg from 'pg';
// Times discover's heaviest queries once each on the benchmark database (a dev aid for bench/;
// search is timed by the bench's search scenarios).
const client = new pg.Client({
  connectionString: process.env.BENCH_DB ?? 'postgres://postgres@127.0.0.1:5432/marquee_bench',
});
await client.connect();
for (const where of [
  "media_type='movie'",
  "media_type='movie' and genre_ids @> array[18]",
  "media_type='movie' and year=1999",
  "media_type='tv' and original_language='ko'",
]) {
  const started = performance.now();
  await client.query(`select id from titles where ${where} order by popularity desc limit 20`);
  const mid = performance.now();
  await client.query(`select count(*) from (select 1 from titles where ${where} limit 10000) t`);
  console.log(
    'discover',
    where,
    Math.round(mid - started),
    'ms rows,',
    Math.round(performance.now() - mid),
    'ms count',
  );
}
await client.end();
