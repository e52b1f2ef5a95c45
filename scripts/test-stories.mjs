// Builds Storybook, serves the static build, and runs @storybook/test-runner against it:
// each story's play function, an axe check, and a screenshot compared with its committed baseline.
// Pass --update to write new baselines (then review every changed PNG before committing).
import { spawn, spawnSync } from 'node:child_process';
import { serveFolder } from './static-server.mjs';

const update = process.argv.includes('--update');
const extra = process.argv.slice(2).filter((a) => a !== '--update');

// STORYBOOK_OUT lets two runs on one machine not build over each other.
const out = process.env.STORYBOOK_OUT ?? 'storybook-static';
const build = spawnSync('./node_modules/.bin/storybook', ['build', '--quiet', '-o', out], { encoding: 'utf8' });
if (build.status !== 0) {
  process.stdout.write(build.stdout + build.stderr);
  process.exit(build.status ?? 1);
}
console.log('[stories] Storybook built');

const server = await serveFolder(out);
const args = ['--url', server.url, '--maxWorkers=2', update ? '-u' : '--ci', ...extra];
// Asynchronous on purpose: the static server lives in this process and must keep answering.
const child = spawn('./node_modules/.bin/test-storybook', args, { stdio: 'inherit' });
const status = await new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
await server.close();
process.exit(status);
