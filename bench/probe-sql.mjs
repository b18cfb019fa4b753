import pg from 'pg';
// Times the catalogue's heaviest queries once each on the benchmark database (a dev aid for bench/).
const client = new pg.Client({
  connectionString: process.env.BENCH_DB ?? 'postgres://postgres@127.0.0.1:5432/marquee_bench',
});
await client.connect();
for (const term of ['feght club', 'lord of', 'silent river', 'the godfather']) {
  const started = performance.now();
  const result = await client.query(
    `
    with candidates as (
      (select media_type, id from titles where search_title % $1 order by search_title <-> $1 limit 120)
      union (select media_type, id from titles where $1 <% search_title order by search_title <<-> $1 limit 120)
      union (select media_type, id from titles where to_tsvector('simple', search_title) @@ plainto_tsquery('simple', $1) order by popularity desc limit 120))
    select count(*) from candidates`,
    [term],
  );
  console.log('search', term, Math.round(performance.now() - started), 'ms', result.rows[0].count);
}
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
