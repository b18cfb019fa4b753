import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The app server's memory, as `npm run bench` reports it on PGlite (issue 28): the resident size
 * (VmRSS of /proc/<pid>/status) once idle after the first start (which imports the catalogue),
 * once idle after a restart on the same data, and its peak while the scenarios load it (the
 * 200-connection runs apart). The split into V8 heap, external memory (PGlite's WebAssembly memory
 * is counted there) and the rest comes from bench/memory-probe.mjs, preloaded into the server.
 */
export const MEMORY_GOALS = { idle: 250, load: 500 };

/** Node arguments that preload the probe; MEMORY_PROBE_FILE (from probeEnv) says where it writes. */
export const PROBE_ARGS = ['--import', './bench/memory-probe.mjs'];

export function probeEnv() {
  return { MEMORY_PROBE_FILE: path.join(tmpdir(), `marquee-bench-memory-${process.pid}-${Date.now()}.json`) };
}

const MB = 1024 * 1024;

/** Resident size in MB (VmRSS; `field` VmHWM: its peak so far), or null once the process is gone. */
export function rssOf(pid, field = 'VmRSS') {
  try {
    const match = new RegExp(`${field}:\\s+(\\d+)\\s+kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : null;
  } catch {
    return null;
  }
}

/** process.memoryUsage() of the server, asked through the probe (SIGUSR2), in MB. */
async function usageOf(child, file) {
  rmSync(file, { force: true });
  child.kill('SIGUSR2');
  const deadline = Date.now() + 5000;
  while (!existsSync(file)) {
    if (Date.now() > deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const usage = JSON.parse(readFileSync(file, 'utf8'));
  rmSync(file, { force: true });
  return {
    heap: Math.round(usage.heapTotal / MB),
    external: Math.round(usage.external / MB),
  };
}

/**
 * The idle figure: the process left alone for `settleMs` (timers of the start, a first GC), then
 * its resident size and how it splits.
 */
export async function idleMemory(child, env, settleMs = 5000) {
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  const usage = await usageOf(child, env.MEMORY_PROBE_FILE);
  return { rss: rssOf(child.pid), hwm: rssOf(child.pid, 'VmHWM'), ...usage };
}

/**
 * Samples the resident size every `everyMs` while load runs: `during(label)` names the run under
 * way (its peak is kept per label), `stop()` ends the sampling and gives {peak, byLabel}.
 */
export function sampleMemory(pid, everyMs = 100) {
  let label = null;
  const byLabel = new Map();
  let peak = 0;
  const timer = setInterval(() => {
    const rss = rssOf(pid);
    if (rss === null) return;
    peak = Math.max(peak, rss);
    if (label) byLabel.set(label, Math.max(byLabel.get(label) ?? 0, rss));
  }, everyMs);
  return {
    during(next) {
      label = next;
    },
    stop() {
      clearInterval(timer);
      return { peak, byLabel };
    },
  };
}

/** Prints the memory rows with their goals; returns whether every goal was met. */
export function printMemory(rows) {
  const header = ['memory (PGlite, default catalogue)', 'RSS MB', 'V8 heap', 'external', 'goal'];
  const lines = rows.map((row) => [
    row.title,
    String(row.rss ?? '?'),
    row.heap === undefined ? '' : String(row.heap),
    row.external === undefined ? '' : String(row.external),
    row.goal ? `<= ${row.goal}: ${row.rss !== null && row.rss <= row.goal ? 'ok' : 'MISSED'}` : '',
  ]);
  const widths = header.map((cell, index) => Math.max(cell.length, ...lines.map((line) => line[index].length)));
  const format = (line) =>
    line.map((cell, index) => (index === 0 ? cell.padEnd(widths[index]) : cell.padStart(widths[index]))).join('  ');
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of lines) console.log(format(line));
  return rows.every((row) => !row.goal || (row.rss !== null && row.rss <= row.goal));
}
