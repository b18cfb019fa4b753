/**
 * The time of one uncached search, one at a time, in process (no HTTP, no answer cache), on the
 * 1,000,000-title PostgreSQL database that `node bench/catalogue.bench.mjs --prepare` builds: the
 * bench's own queries and the misspelt queries of the search evaluation
 * (apps/server/src/catalogue/local/search-eval/). Quick enough to compare two versions of search
 * back to back without the HTTP bench:
 *
 *   npx tsx bench/search-latency.ts                      # this checkout
 *   SEARCH_ROOT=/path/to/other/checkout npx tsx bench/search-latency.ts
 *
 * SEARCH_ROOT is the checkout whose search code runs (default: this one); the queries always come
 * from this one. BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/marquee_bench),
 * SEARCH_PASSES (3).
 */
import path from 'node:path';
import { HELD_OUT_QUERIES } from '../apps/server/src/catalogue/local/search-eval/held-out-queries.ts';
import { TUNING_QUERIES } from '../apps/server/src/catalogue/local/search-eval/tuning-queries.ts';

const root = path.resolve(process.env.SEARCH_ROOT ?? path.join(import.meta.dirname, '..'));
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/marquee_bench';
const passes = Number(process.env.SEARCH_PASSES ?? 3);

const { openDatabase } = await import(path.join(root, 'apps/server/src/db/client.ts'));
const { searchLocalTitles } = await import(path.join(root, 'apps/server/src/catalogue/local/local-search.ts'));

const BENCH_QUERIES = [
  'Shawshank edemption',
  'Feght Club',
  'the godfather',
  'lord of',
  'alien 1979',
  'breaking bad',
  'silent river',
  'dark harbor',
  'amelie',
  'king kong 1933',
];
const sets = {
  bench: BENCH_QUERIES,
  misspelt: [...TUNING_QUERIES, ...HELD_OUT_QUERIES].map((query) => query.q),
};

const database = await openDatabase({ databaseUrl: url, dataDir: null, migrate: false });
try {
  await searchLocalTitles(database.db, 'warm up', 1);
  for (const [name, queries] of Object.entries(sets)) {
    for (const query of queries) await searchLocalTitles(database.db, query, 1);
    const times: number[] = [];
    const slowest = new Map<string, number>();
    for (let pass = 0; pass < passes; pass++) {
      for (const query of queries) {
        const started = performance.now();
        await searchLocalTitles(database.db, query, 1);
        const time = performance.now() - started;
        times.push(time);
        slowest.set(query, Math.min(slowest.get(query) ?? Infinity, time));
      }
    }
    times.sort((a, b) => a - b);
    const at = (share: number) => times[Math.min(times.length - 1, Math.floor(share * times.length))]!.toFixed(2);
    const mean = (times.reduce((sum, time) => sum + time, 0) / times.length).toFixed(2);
    console.log(
      `${name} (${queries.length} queries × ${passes}): mean ${mean} ms, p50 ${at(0.5)}, p95 ${at(0.95)}, max ${at(1)}`,
    );
    const worst = [...slowest].sort((a, b) => b[1] - a[1]).slice(0, 5);
    console.log(
      `  slowest (best of ${passes}): ${worst.map(([query, time]) => `${query} ${time.toFixed(1)}`).join(', ')}`,
    );
  }
} finally {
  await database.close();
}
