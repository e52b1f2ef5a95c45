// `npm test`: every suite, in order, on a fresh machine. Installs what is missing first
// (npm dependencies; Debian's chromium and postgresql when root), runs every suite even when
// one fails, and ends with one summary line.
import { spawnSync } from 'node:child_process';
import { ensureInstall } from './ensure-install.mjs';
import { ensureSystemDeps } from './ensure-system-deps.mjs';

ensureInstall();
ensureSystemDeps();

const bin = (name) => `./node_modules/.bin/${name}`;
const suites = [
  ['lint', bin('eslint'), ['--max-warnings=0', '.']],
  ['typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']],
  ['unit (vitest: ui, lib, machines, features, routes, domain, lint rules)', bin('vitest'), ['run', '--project', 'unit', '--project', 'node']],
  ['server on embedded SQLite', bin('vitest'), ['run', '--project', 'server', '--project', 'server-contract'], { DATABASE_URL: '' }],
  ['server on PostgreSQL', process.execPath, ['scripts/with-postgres.mjs', bin('vitest'), 'run', '--project', 'server', '--project', 'server-contract']],
  // Issue 21 item 5 (ADR 135): PostgreSQL, s3rver, two API processes, an analysis worker and a
  // proxy, as separate processes; the journey through the proxy with one API killed and restarted.
  ['topology (two APIs, a worker, S3 and a proxy on PostgreSQL)', process.execPath, ['scripts/with-postgres.mjs', bin('vitest'), 'run', '--project', 'topology']],
  ['build', bin('vite'), ['build', '--logLevel', 'warn']],
  // After the build: each route's initial JavaScript (printed every run), lazy 3D viewer and STEP
  // reader, compressed copies (issue 18 items 1 and 2).
  ['bundle size (initial JavaScript per route)', process.execPath, ['scripts/check-bundle-size.mjs']],
  ['stories (test-runner: play, axe, visual baselines)', process.execPath, ['scripts/test-stories.mjs']],
  ['end to end (Playwright against the real server)', bin('playwright'), ['test']],
];

const only = process.argv.slice(2);
const results = [];
for (const [name, cmd, args, env] of suites) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue;
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = r.status === 0;
  results.push({ name, ok, seconds: Math.round((Date.now() - started) / 1000) });
  console.log(`=== ${name}: ${ok ? 'passed' : 'FAILED'} (${results.at(-1).seconds}s)`);
}

console.log('\nSummary');
for (const r of results) console.log(`  ${r.ok ? 'ok  ' : 'FAIL'}  ${r.name} (${r.seconds}s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`suites: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
