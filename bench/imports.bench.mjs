import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import { startApp, stopProcess } from './lib.mjs';
import { account } from './sync-load.mjs';

/**
 * Imports at scale (issue 31): a generated Letterboxd diary of IMPORT_BENCH_ROWS rows (10,000) in
 * Letterboxd's export format, zipped, sent to POST /api/imports on the app with its local catalogue
 * (PGlite, as `npm start` serves it), then the answer's operations applied to a new account through
 * POST /api/me/sync in 500-operation batches, as the web app's sync sends them; then applied again
 * (a second import of the same file must change nothing).
 *
 * The diary: films of the catalogue (vega-datasets' table, which the local catalogue is made from)
 * watched on days over ten years, many more than once (rewatches), 4 % of names with a typo
 * (the typo-tolerant search's work) and 3 % of films the catalogue does not have.
 *
 * Goals: parsed and matched in under 10 s, applied in under 10 s more. Run alone:
 * `node bench/imports.bench.mjs`; `npm run bench` runs it too (BENCH_IMPORTS=0 leaves it out).
 */
const ROWS = Number(process.env.IMPORT_BENCH_ROWS ?? 10_000);
export const IMPORT_GOALS = { matchSeconds: 10, applySeconds: 10 };
const BATCH = 500;

/** A seeded pseudo-random generator: the same diary on every run. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const csvField = (value) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** The films of the local catalogue's source table, with a year. */
function catalogueFilms() {
  const entry = createRequire(import.meta.url).resolve('vega-datasets');
  const rows = JSON.parse(readFileSync(path.join(path.dirname(entry), '..', 'data', 'movies.json'), 'utf8'));
  return rows.flatMap((row) => {
    const year = /\b(\d{4})$/.exec(String(row['Release Date'] ?? ''))?.[1];
    return typeof row.Title === 'string' && year ? [{ title: row.Title, year: Number(year) }] : [];
  });
}

function typo(title, next) {
  const letters = [...title];
  const at = 1 + Math.floor(next() * Math.max(1, letters.length - 2));
  if (letters[at] && letters[at + 1]) [letters[at], letters[at + 1]] = [letters[at + 1], letters[at]];
  return letters.join('');
}

/** The diary.csv of a Letterboxd export with `rows` entries. */
export function generateDiary(rows = ROWS) {
  const next = random(31);
  const films = catalogueFilms();
  const lines = ['Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date'];
  const seen = new Set();
  const start = Date.UTC(2015, 0, 1);
  const span = Date.UTC(2025, 0, 1) - start;
  for (let index = 0; index < rows; index++) {
    const pick = next();
    let name;
    let year;
    if (pick < 0.03) {
      name = `A Film Not In The Catalogue ${index}`;
      year = 1990 + (index % 30);
    } else {
      // Popular films come back: a third of the rows are drawn from the first 500.
      const film = films[Math.floor(next() < 0.33 ? next() * 500 : next() * films.length)];
      name = pick < 0.07 ? typo(film.title, next) : film.title;
      year = film.year;
    }
    const watched = new Date(start + Math.floor(next() * span)).toISOString().slice(0, 10);
    const rating = next() < 0.6 ? String((1 + Math.floor(next() * 10)) / 2) : '';
    const rewatch = seen.has(`${name}|${year}`) ? 'Yes' : '';
    seen.add(`${name}|${year}`);
    lines.push(
      [
        watched,
        csvField(name),
        String(year),
        `https://boxd.it/b${index.toString(36)}`,
        rating,
        rewatch,
        '',
        watched,
      ].join(','),
    );
  }
  return { csv: `${lines.join('\n')}\n`, distinct: seen.size };
}

/** CPU seconds a process has used (Linux /proc; 0 elsewhere): a figure other work on the machine does not inflate. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime, the 14th and 15th fields, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

async function timed(run, pid) {
  const started = performance.now();
  const cpu = cpuSeconds(pid);
  const value = await run();
  return { value, seconds: (performance.now() - started) / 1000, cpu: cpuSeconds(pid) - cpu };
}

async function importFile(base, zip) {
  const form = new FormData();
  form.append('source', 'letterboxd');
  form.append('file', new Blob([zip], { type: 'application/zip' }), 'letterboxd-bench.zip');
  const response = await fetch(`${base}/api/imports`, { method: 'POST', body: form, headers: { origin: base } });
  if (!response.ok) throw new Error(`import: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Sends the operations as the web app's sync does: 500 a request, each with the cursor of the last answer. */
async function applyAll(base, cookie, operations) {
  let cursor = null;
  let requests = 0;
  for (let at = 0; at < operations.length; at += BATCH) {
    const response = await fetch(`${base}/api/me/sync`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, cookie },
      body: JSON.stringify({ operations: operations.slice(at, at + BATCH), cursor }),
    });
    if (!response.ok) throw new Error(`sync: ${response.status} ${await response.text()}`);
    cursor = (await response.json()).cursor;
    requests++;
  }
  return requests;
}

/** The bench on PGlite with the local catalogue; its figures. */
export async function importsBench() {
  const dataDir = path.join(tmpdir(), `marquee-bench-imports-${process.pid}`);
  rmSync(dataDir, { recursive: true, force: true });
  const { csv, distinct } = generateDiary();
  const zip = Buffer.from(zipSync({ 'diary.csv': new Uint8Array(Buffer.from(csv)) }));
  const { child, base } = await startApp({ DATA_DIR: dataDir, DATABASE_URL: '', TMDB_API_TOKEN: '' });
  try {
    // The first import also reads the search vocabulary and warms the catalogue: measured as it comes.
    const first = await timed(() => importFile(base, zip), child.pid);
    const again = await timed(() => importFile(base, zip), child.pid);
    const answer = first.value;
    const cookie = await account(base, 90);
    const applied = await timed(() => applyAll(base, cookie, answer.operations), child.pid);
    const reapplied = await timed(() => applyAll(base, cookie, again.value.operations), child.pid);
    const history = await (await fetch(`${base}/api/me/history?page=1`, { headers: { cookie } })).json();
    const historyOperations = answer.operations.filter((operation) => operation.store === 'history').length;
    return {
      rows: answer.report.rows,
      bytes: zip.length,
      unpacked: Buffer.byteLength(csv),
      distinct,
      matched: answer.report.matched,
      ambiguous: answer.report.ambiguous.length,
      unmatched: answer.report.unmatched.length,
      operations: answer.operations.length,
      sameOperations: JSON.stringify(again.value.operations) === JSON.stringify(answer.operations),
      matchSeconds: first.seconds,
      matchCpu: first.cpu,
      applyCpu: applied.cpu,
      load: loadavg()[0],
      matchAgainSeconds: again.seconds,
      applySeconds: applied.seconds,
      applyRequests: applied.value,
      reapplySeconds: reapplied.seconds,
      historyOnServer: history.total_results,
      historyOperations,
    };
  } finally {
    await stopProcess(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printImportsTable(result) {
  const round = (seconds) => seconds.toFixed(2);
  const ok = (value, goal) => (value < goal ? 'ok' : 'MISSED');
  console.log(
    [
      `imports (PGlite, local catalogue): a Letterboxd diary of ${result.rows.toLocaleString('en-US')} rows ` +
        `(${result.distinct.toLocaleString('en-US')} distinct names; ZIP ${Math.round(result.bytes / 1024)} KB, ` +
        `${Math.round(result.unpacked / 1024)} KB unpacked)`,
      `  parsed and matched: ${round(result.matchSeconds)} s, the server's CPU ${round(result.matchCpu)} s (again: ${round(result.matchAgainSeconds)} s), goal < ${IMPORT_GOALS.matchSeconds} s: ${ok(result.matchSeconds, IMPORT_GOALS.matchSeconds)}`,
      `    rows matched ${result.matched.toLocaleString('en-US')}, titles ambiguous ${result.ambiguous}, not matched ${result.unmatched}; ` +
        `${result.operations.toLocaleString('en-US')} operations, the same on the second import: ${result.sameOperations ? 'yes' : 'NO'}`,
      `  applied through /api/me/sync: ${round(result.applySeconds)} s, the server's CPU ${round(result.applyCpu)} s, in ${result.applyRequests} requests, goal < ${IMPORT_GOALS.applySeconds} s: ${ok(result.applySeconds, IMPORT_GOALS.applySeconds)}`,
      `    applied again: ${round(result.reapplySeconds)} s; history on the server ${result.historyOnServer.toLocaleString('en-US')} entries for ${result.historyOperations.toLocaleString('en-US')} history operations`,
      `  (load average ${result.load.toFixed(1)} on ${availableParallelism()} cores while it ran: wall times grow with it, CPU seconds hardly)`,
    ].join('\n'),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printImportsTable(await importsBench());
}
