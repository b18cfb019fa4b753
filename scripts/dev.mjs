import { spawn } from 'node:child_process';

// `npm run dev`: the API with reload on change, and Vite's dev server proxying /api to it.
const children = [
  spawn('npm', ['run', 'dev', '--workspace=@marquee/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '--workspace=@marquee/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
