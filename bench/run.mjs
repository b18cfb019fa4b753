import { spawnSync } from 'node:child_process';
import path from 'node:path';

// `npm run bench`: every benchmark in bench/, one after another (never part of `npm test`).
const benches = ['catalogue.bench.mjs', 'sync.bench.mjs'];
let failed = false;
for (const bench of benches) {
  console.log(`\n=== ${bench} ===`);
  const result = spawnSync(process.execPath, [path.join(import.meta.dirname, bench)], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
