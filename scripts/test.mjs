// `npm test`: every suite, in order, on a fresh machine. Installs what is missing first
// (npm dependencies; Debian's chromium and postgresql when root), runs every suite even when
// one fails, and ends with one summary line.
import { spawn } from 'node:child_process';
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

/**
 * Runs one suite with its output passed through as it comes, keeping the last lines: when the suite
 * fails they are printed again after the summary, so the tail of a CI log says what failed and why.
 */
function runSuite(cmd, args, env) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['inherit', 'pipe', 'pipe'], env });
    // The last ~400 KB of output, as chunks (dropped from the front, never copied whole).
    const chunks = [];
    let size = 0;
    const keep = (stream) => (chunk) => {
      stream.write(chunk);
      chunks.push(chunk);
      size += chunk.length;
      while (size - chunks[0].length > 400_000) size -= chunks.shift().length;
    };
    const kept = () => Buffer.concat(chunks).toString();
    child.stdout.on('data', keep(process.stdout));
    child.stderr.on('data', keep(process.stderr));
    child.on('error', (error) => resolve({ status: 1, output: `${kept()}\n${error.message}` }));
    child.on('close', (status) => resolve({ status, output: kept() }));
  });
}

/** A suite's output as its non-empty lines, without colour codes. */
function outputLines(output) {
  // eslint-disable-next-line no-control-regex
  return output.replace(/\x1b\[[0-9;]*m/g, '').split('\n').map((l) => l.trimEnd()).filter((l) => l.trim() !== '');
}

/** What a failing suite's output says of its failure: error and failure lines with what follows each, then its last lines. */
function failureExcerpt(output, maxLines = 40) {
  const lines = outputLines(output);
  const marker = /\b(?:FAIL|FAILED|[Ee]rror|[Ee]xpected|Received|[Tt]imed out|deadlock)\b|[✘×]|❯ .*:\d+:\d+/;
  const picked = new Set();
  lines.forEach((line, i) => {
    if (!marker.test(line)) return;
    for (let j = i; j < Math.min(lines.length, i + 3); j++) picked.add(j);
  });
  const chosen = [...picked].sort((a, b) => a - b).slice(0, maxLines - 6);
  const from = Math.max(0, lines.length - 6);
  const tail = lines.slice(from).map((l, k) => [from + k, l]);
  const out = chosen.map((i) => lines[i]);
  for (const [i, l] of tail) if (!picked.has(i)) out.push(l);
  return out.map((l) => (l.length > 300 ? `${l.slice(0, 300)}…` : l));
}

/** A failing suite's first failed test (a Playwright, Vitest or Jest title line) and its first error with the five lines after it. */
function firstError(output) {
  const lines = outputLines(output);
  const title = lines.find((l) => /^\s*\d+\) \[|^\s*(?:FAIL|×)\s.*>|^\s*●\s/.test(l));
  const at = lines.findIndex((l) => /^\s*(?:\w*Error|Error):|^\s*Expected\b|Timed out/.test(l));
  const picked = [...(title ? [title.trim()] : []), ...(at === -1 ? lines.slice(-3) : lines.slice(at, at + 6)).map((l) => l.trim())];
  return picked.map((l) => (l.length > 200 ? `${l.slice(0, 200)}…` : l));
}

const only = process.argv.slice(2);
const results = [];
for (const [name, cmd, args, env] of suites) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue;
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const r = await runSuite(cmd, args, { ...process.env, ...env });
  const ok = r.status === 0;
  results.push({ name, ok, seconds: Math.round((Date.now() - started) / 1000), output: r.output });
  console.log(`=== ${name}: ${ok ? 'passed' : 'FAILED'} (${results.at(-1).seconds}s)`);
}

for (const r of results.filter((x) => !x.ok)) {
  console.log(`\nWhat ${r.name} said of its failure:`);
  for (const line of failureExcerpt(r.output)) console.log(`  | ${line}`);
}
console.log('\nSummary');
for (const r of results) console.log(`  ${r.ok ? 'ok  ' : 'FAIL'}  ${r.name} (${r.seconds}s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`suites: ${results.length - failed} passed, ${failed} failed`);
// Last, so that even a log cut to its last twenty lines says why: each failing suite's first error.
for (const r of results.filter((x) => !x.ok)) {
  console.log(`First error of ${r.name}:`);
  for (const line of firstError(r.output)) console.log(`  | ${line}`);
}
process.exit(failed ? 1 : 0);
