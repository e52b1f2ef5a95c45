// `npm run dev`: the API server (restarting on change) and the Vite dev server with its proxy.
import { spawn } from 'node:child_process';
import { ensureInstall } from './ensure-install.mjs';

ensureInstall();
const children = [
  spawn(process.execPath, ['--watch-path=server', '--watch-path=domain', '--import', 'tsx', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: process.env.API_PORT ?? '3000' },
  }),
  spawn('./node_modules/.bin/vite', ['--host', '127.0.0.1'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => { stop(); process.exitCode = code ?? 0; });
