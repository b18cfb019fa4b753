import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, load, printTable, startProcess, stopProcess } from './lib.mjs';

/**
 * Sync benchmark (issue: prove it): `POST /api/me/sync` with 100-operation batches (50 Watch Later
 * and 50 history upserts, each newer than the last, so every request really writes), from 20
 * signed-in accounts, at 50 and 200 connections, beside a bare Fastify route measured in the same
 * run. On PGlite (what `npm start` serves) and, when BENCH_POSTGRES_URL answers, on PostgreSQL.
 */
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const ACCOUNTS = 20;
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SERVER = ['--import', 'tsx', 'apps/server/src/main.ts'];

async function bareRow(connections) {
  const port = await freePort();
  const { child } = await startProcess(
    ['bench/bare-server.mjs'],
    { PORT: String(port) },
    `http://127.0.0.1:${port}/bare`,
  );
  try {
    return await load({
      title: 'bare Fastify JSON route',
      urls: [`http://127.0.0.1:${port}/bare`],
      connections,
      duration: DURATION,
    });
  } finally {
    await stopProcess(child);
  }
}

/** Signs up, confirms (dev outbox) and signs in an account; each from its own forwarded address. */
async function account(base, index) {
  const email = `bench-${index}-${Date.now()}@example.org`;
  const headers = { 'content-type': 'application/json', origin: base, 'x-forwarded-for': `198.18.1.${index + 1}` };
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: 'bench-password', name: '' }),
  });
  if (!signUp.ok) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  const outbox = await (await fetch(`${base}/api/dev/outbox`)).json();
  const link = outbox.results.find((mail) => mail.to === email).links[0];
  await fetch(link, { redirect: 'manual' });
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: 'bench-password' }),
  });
  const cookie = signIn.headers.getSetCookie().find((value) => value.startsWith('marquee.session_token='));
  if (!cookie) throw new Error(`sign-in: ${signIn.status}`);
  return cookie.split(';')[0];
}

let sequence = 0;
/** 100 operations, all newer than any sent before: 50 Watch Later and 50 history upserts. */
function batch() {
  const at = new Date(Date.UTC(2024, 0, 1) + ++sequence * 1000).toISOString();
  const operations = [];
  for (let index = 0; index < 50; index++) {
    const movieId = 1000 + index;
    operations.push({
      op: 'upsert',
      store: 'watch_later',
      at,
      item: {
        id: `movie:${movieId}`,
        movie_id: movieId,
        movie_title: `Film ${movieId}`,
        movie_poster: null,
        movie_overview: null,
        movie_release_date: '1999-03-31',
        movie_vote_average: 7.5,
        content_type: 'movie',
        added_at: at,
        synced: false,
      },
    });
    operations.push({
      op: 'upsert',
      store: 'history',
      at,
      item: {
        id: `tv:${movieId}:1:${index + 1}`,
        movie_id: movieId,
        movie_title: `Series ${movieId}`,
        movie_poster: null,
        content_type: 'tv',
        watched_at: at,
        duration_watched: 600,
        total_duration: 1800,
        completed: false,
        synced: false,
        season_number: 1,
        episode_number: index + 1,
        episode_title: null,
      },
    });
  }
  return JSON.stringify({ operations });
}

async function syncRows(label, env) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'marquee-bench-sync-'));
  const { child } = await startProcess(
    SERVER,
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEV_OUTBOX: '1',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: base,
      ...env,
    },
    `${base}/api/health`,
  );
  try {
    const cookies = [];
    for (let index = 0; index < ACCOUNTS; index++) cookies.push(await account(base, index));
    // Validate the body once, so a schema change shows here rather than as a wall of 400s.
    const probe = await fetch(`${base}/api/me/sync`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, cookie: cookies[0] },
      body: batch(),
    });
    if (!probe.ok) throw new Error(`sync probe: ${probe.status} ${await probe.text()}`);
    let turn = 0;
    const rows = [];
    for (const connections of [50, 200]) {
      rows.push(
        await load({
          title: `${label}: sync, 100 operations`,
          urls: [`${base}/api/me/sync`],
          method: 'POST',
          connections,
          duration: DURATION,
          headers: { 'content-type': 'application/json', origin: base },
          setupRequest: (request) => ({
            ...request,
            body: batch(),
            headers: { ...request.headers, cookie: cookies[turn++ % cookies.length] },
          }),
        }),
      );
    }
    return rows;
  } finally {
    await stopProcess(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function postgresUrl() {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  await admin.query('drop database if exists marquee_bench_sync');
  await admin.query('create database marquee_bench_sync');
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = '/marquee_bench_sync';
  return url.toString();
}

const rows = [await bareRow(50), await bareRow(200)];
rows.push(...(await syncRows('PGlite', {})));
const pgUrl = await postgresUrl();
if (pgUrl) rows.push(...(await syncRows('PostgreSQL', { DATABASE_URL: pgUrl })));
else console.log('No PostgreSQL at BENCH_POSTGRES_URL: PostgreSQL rows skipped.');
printTable(rows);
