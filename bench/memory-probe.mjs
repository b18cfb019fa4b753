/**
 * Preloaded into the app by the memory benchmark (`node --import ./bench/memory-probe.mjs`): on
 * SIGUSR2 it writes process.memoryUsage() (heap, external, array buffers: PGlite's WebAssembly
 * memory is one of those) as JSON to MEMORY_PROBE_FILE, so the bench can split the resident size.
 */
import { renameSync, writeFileSync } from 'node:fs';

const file = process.env.MEMORY_PROBE_FILE;
if (file) {
  process.on('SIGUSR2', () => {
    const usage = process.memoryUsage();
    writeFileSync(`${file}.tmp`, JSON.stringify({ ...usage, at: Date.now() }));
    // Renamed whole: the reader never sees half a file.
    renameSync(`${file}.tmp`, file);
  });
}
