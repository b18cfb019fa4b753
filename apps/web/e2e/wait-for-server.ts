import { readFileSync } from 'node:fs';
import { inject } from 'vitest';

/**
 * Each browser file begins once the web build and the server that global-setup.ts started in
 * the background are ready, and fails with their error if they could not be: in a whole run the
 * other files have given them minutes by then, alone a file waits for them.
 */
const statusFile = inject('serverStatus');
const deadline = Date.now() + 15 * 60_000;
for (;;) {
  const status = readFileSync(statusFile, 'utf8');
  if (status === 'ready') break;
  if (status.startsWith('failed')) throw new Error(`the browser tests' server did not start: ${status.slice(7)}`);
  if (Date.now() > deadline) throw new Error('the web build and the server were not ready within 15 minutes');
  await new Promise((resolve) => setTimeout(resolve, 200));
}
