/**
 * The scenarios `npm run bench` drives against the running app, on every database target (PGlite
 * with the default catalogue, PostgreSQL with 1,000,000 titles). One entry is one table row per
 * connection count. Adding a scenario is one object here:
 *
 *   {
 *     title: 'sync',                       // row name
 *     connections: [50, 200],              // one autocannon run per count (default [BENCH_CONNECTIONS])
 *     async prepare(base, helpers) {       // runs once before the load, against the started server
 *       const { cookie } = await helpers.signIn();
 *       return { urls: [`${base}/api/me/sync`], method: 'POST', body: '{"operations":[]}',
 *                headers: { cookie, 'content-type': 'application/json', origin: base } };
 *     },
 *     target: { p95: 50 },                 // optional: printed beside the figure, marked when missed
 *   }
 *
 * prepare returns what `load` in lib.mjs takes (urls, method, body, headers, and vary(url, n) to
 * change every request). Requests are spread over the urls. Every URL is fetched once before the load, so that plans and caches are warm.
 */

import { account, batch } from './sync-load.mjs';

const SEARCHES = [
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
const MOODS = [
  'something scary but funny',
  'a feel-good 90s comedy',
  'slow mind-bending sci-fi',
  'like The Matrix',
  'a binge-worthy crime show',
  'something for the kids',
  'an underrated 80s horror',
  'a korean drama series',
  'epic fantasy adventure',
  'a psychological thriller',
];
const DISCOVERS = [
  'type=movie',
  'type=movie&with_genres=18&sort_by=vote_average.desc&vote_count_gte=100',
  'type=movie&primary_release_year=1999&sort_by=release_date.desc',
  'type=tv&with_original_language=ko',
  'type=movie&with_genres=28|878&certification=pg13&page=3',
];

/**
 * `text` with its letters' case set by the bits of `n`, after `n`'s higher part as leading dots
 * (ignored by search; trailing ones would hide a closing year), so that no two `n` give one text.
 */
function recase(text, n) {
  const letters = [...text].filter((character) => /\p{L}/u.test(character)).length;
  const patterns = 2 ** Math.min(letters, 20);
  let bit = 0;
  const cased = [...text]
    .map((character) => {
      if (!/\p{L}/u.test(character)) return character;
      const upper = Math.floor((n % patterns) / 2 ** bit++) % 2 === 1;
      return upper ? character.toUpperCase() : character.toLowerCase();
    })
    .join('');
  return `${'.'.repeat(Math.floor(n / patterns) % 150)}${cased}`;
}

export const scenarios = [
  {
    title: 'discover',
    connections: [50, 200],
    target: { p95: 20, on: 'postgres' },
    prepare: (base) => ({ urls: DISCOVERS.map((q) => `${base}/api/catalogue/discover?${q}`) }),
  },
  {
    title: 'search',
    connections: [50, 200],
    target: { p95: 30, on: 'postgres' },
    prepare: (base) => ({ urls: SEARCHES.map((q) => `${base}/api/catalogue/search?q=${encodeURIComponent(q)}`) }),
  },
  {
    title: 'details',
    connections: [50, 200],
    target: { vsBare: 0.5 },
    async prepare(base) {
      const popular = await (await fetch(`${base}/api/catalogue/discover?type=movie`)).json();
      return { urls: popular.results.slice(0, 10).map((item) => `${base}/api/catalogue/movie/${item.id}`) };
    },
  },
  {
    // What a browser does on its second visit: the answer is unchanged, only the tag travels.
    title: 'details, revalidated (304)',
    async prepare(base) {
      const popular = await (await fetch(`${base}/api/catalogue/discover?type=movie`)).json();
      const url = `${base}/api/catalogue/movie/${popular.results[0].id}`;
      const etag = (await fetch(url)).headers.get('etag');
      return { urls: [url], headers: { 'if-none-match': etag } };
    },
  },
  {
    // Uncached: every request a new query (the answer cache cannot help), the database's own speed.
    title: 'search, uncached',
    target: { p95: 30, on: 'postgres' },
    prepare(base) {
      // A different page per request: 5,000 distinct answers, more than the answer cache keeps. Each
      // query walks its own pages: paging on the count of all requests repeated more than half of
      // the query-and-page pairs within 2,000 requests (each connection asks the queries in turn),
      // and the answer cache served those.
      const asked = new Map();
      return {
        urls: SEARCHES.map((q) => `${base}/api/catalogue/search?q=${encodeURIComponent(q)}`),
        vary(url) {
          const n = asked.get(url) ?? 0;
          asked.set(url, n + 1);
          return `${url}&page=${1 + (n % 500)}`;
        },
      };
    },
  },
  {
    // Uncached too, but every request a first page that has results, as a person typing a query
    // gets (above, most of the 500 pages lie past the last result): the query in another mix of
    // upper and lower case each time, which search ignores and the answer cache does not.
    title: 'search, uncached, first page',
    target: { p95: 30, on: 'postgres' },
    prepare: (base) => ({
      urls: SEARCHES.map((q) => `${base}/api/catalogue/search?q=${encodeURIComponent(q)}`),
      vary: (url, n) => url.replace(/q=([^&]*)/, (_, q) => `q=${encodeURIComponent(recase(decodeURIComponent(q), n))}`),
    }),
  },
  {
    // GET /api/comments of a title with a discussion (12 threads, each with a reply), read by everyone.
    title: 'comments read',
    connections: [50, 200],
    async prepare(base) {
      const popular = await (await fetch(`${base}/api/catalogue/discover?type=movie`)).json();
      const contentId = popular.results[0].id;
      const writers = [await account(base, 40), await account(base, 41)];
      for (let index = 0; index < 12; index++) {
        const headers = { 'content-type': 'application/json', origin: base, cookie: writers[index % 2] };
        const post = (payload) =>
          fetch(`${base}/api/comments`, { method: 'POST', headers, body: JSON.stringify(payload) }).then((r) =>
            r.json(),
          );
        const thread = await post({
          content_id: contentId,
          content_type: 'movie',
          content: `Thought number ${index}.`,
        });
        await post({ content_id: contentId, content_type: 'movie', content: 'Agreed.', parent_id: thread.id });
      }
      return { urls: [`${base}/api/comments?content_id=${contentId}&content_type=movie`] };
    },
  },
  {
    // The home mood box: every request a different mood (the provider caches each pool, as it
    // would for repeated moods); one connection is a single visitor's wait.
    title: 'recommend',
    connections: [1, 50],
    target: { p95: 100, on: 'pglite', connections: 1 },
    prepare: (base) => ({ urls: MOODS.map((q) => `${base}/api/recommend?q=${encodeURIComponent(q)}`) }),
  },
  {
    // A signed-in read: the session lookup and one query, what every page of a signed-in user
    // asks first. At 200 connections on PGlite it once left connections waiting in the listen
    // queue for over 10 s (db/client.ts, takingTurns): the run fails on any timeout.
    title: 'signed-in read (settings)',
    connections: [50, 200],
    async prepare(base) {
      const cookie = await account(base, 42);
      return { urls: [`${base}/api/me/settings`], headers: { cookie } };
    },
  },
  {
    // POST /api/me/sync with 100 operations (50 Watch Later, 50 history upserts, all newer than
    // the last batch, so every request writes) from 20 signed-in accounts.
    title: 'sync (100 operations)',
    connections: [50, 200],
    async prepare(base) {
      const cookies = [];
      for (let index = 0; index < 20; index++) cookies.push(await account(base, index));
      let turn = 0;
      return {
        urls: [`${base}/api/me/sync`],
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        setupRequest: (request) => ({
          ...request,
          body: batch(),
          headers: { ...request.headers, cookie: cookies[turn++ % cookies.length] },
        }),
      };
    },
  },
];
