import { spawn } from 'node:child_process';
import path from 'node:path';
import { SERVER_ENV, SERVER_NODE_ARGS } from './server-env.mjs';
import { ensureWebBuild } from './web-build.mjs';

// `npm start`: build the web app if its build is missing or stale, then serve API + web on one port.
const root = path.resolve(import.meta.dirname, '..');
ensureWebBuild();

const server = spawn(
  process.execPath,
  [...SERVER_NODE_ARGS, '--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...SERVER_ENV, ...process.env },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
