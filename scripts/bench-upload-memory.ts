// The server's memory across uploads (issue 39 item 5): what one large upload adds at its peak, and
// whether the idle server gives it back after ten.
//   node --import tsx scripts/bench-upload-memory.ts [triangles=1000000] [uploads=10] [settleSeconds=10]
// Starts `server/main.ts` as its own process on an empty embedded database in a temporary folder
// (the real server, its real analysis threads), generates a closed binary STL sphere, and uploads it
// `uploads` times through POST /msapi/manufacture/project/{id}/files as a browser would. After each
// upload it waits until the file's walls and holes are stored (`checks: 'done'`), then removes the
// file, so each upload is the whole work one drop causes. Each upload starts once the server is at
// rest (its RSS steady for three seconds, at most 30 s: see `rest`). The peak is also given above
// the idle server's RSS before the first upload.
//
// Per upload it prints the RSS before, the peak during (VmHWM, reset before each upload through
// /proc/<pid>/clear_refs, so it is this upload's peak and not an earlier one's) and the peak added.
// At the end it waits `settleSeconds` with the server idle and prints the idle RSS after the ten
// against the idle RSS before the first (measured the same way, after the same wait). Linux only
// (/proc). Record the figures with the load in docs/benchmarks.md ("Quote server"). A benchmark,
// never a timed test.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { writeSphereStl } from './bench-sphere.ts';

const triangles = Number(process.argv[2] ?? 1_000_000);
const uploads = Number(process.argv[3] ?? 10);
const settleSeconds = Number(process.argv[4] ?? 10);

const mb = (kb: number) => Math.round(kb / 1024);
function status(pid: number): { rssKb: number; peakKb: number } {
  const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? NaN);
  return { rssKb: kb('VmRSS'), peakKb: kb('VmHWM') };
}
/** Resets the process's peak RSS (VmHWM) to its RSS now (Linux ≥ 4.0, own processes). */
function resetPeak(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/**
 * Waits until the server rests: its RSS moves less than 3 MB a second for three seconds in a row
 * (at most 30 s). After a large file the pool replaces its analysis thread (ADR 228); each upload
 * starts from a server at rest, so its peak is its own and not the previous upload's tail.
 */
async function rest(pid: number): Promise<number> {
  const started = performance.now();
  let last = status(pid).rssKb;
  for (let steady = 0; steady < 3 && performance.now() - started < 30_000; ) {
    await sleep(1000);
    const now = status(pid).rssKb;
    steady = Math.abs(now - last) < 3 * 1024 ? steady + 1 : 0;
    last = now;
  }
  return performance.now() - started;
}

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as net.AddressInfo).port;
  server.close();
  return port;
}

const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'bench-upload-memory-'));
const stl = path.join(dir, 'sphere.stl');
const count = writeSphereStl(stl, triangles);
const size = fs.statSync(stl).size;
console.log(`binary STL sphere: ${count.toLocaleString('en-US')} triangles, ${(size / 1e6).toFixed(1)} MB; ${uploads} uploads; load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);

// As the start commands run it (ADR 228); MALLOC_MMAP_THRESHOLD_=off measures glibc's default (the baseline).
const threshold = process.env.MALLOC_MMAP_THRESHOLD_ ?? '131072';
const { MALLOC_MMAP_THRESHOLD_: _, ...inherited } = process.env;
console.log(`server started with MALLOC_MMAP_THRESHOLD_=${threshold}${threshold === 'off' ? " (unset: glibc's dynamic threshold)" : ''}`);
const port = await freePort();
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  env: { ...inherited, ...(threshold === 'off' ? {} : { MALLOC_MMAP_THRESHOLD_: threshold }), PORT: String(port), DATA_DIR: path.join(dir, 'data'), SEED_DEMO: '0', DATABASE_URL: '', NODE_ENV: 'development' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let log = '';
server.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  if (log.includes('[server] API:')) break;
  if (i > 600) throw new Error(`server did not start:\n${log}`);
  await sleep(100);
}
const pid = server.pid!;
try {
  const temp = (await (await fetch(`${base}/api/manufacture/account/temporaryToken`, { method: 'POST' })).json()) as { temporaryToken: string };
  const auth = { authorization: `Bearer ${temp.temporaryToken}` };
  const project = (await (
    await fetch(`${base}/msapi/manufacture/project`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Bench', process: '3d-printing' }) })
  ).json()) as { id: string };
  await sleep(settleSeconds * 1000);
  const idleBefore = status(pid).rssKb;
  console.log(`server idle before the first upload: RSS ${mb(idleBefore)} MB (after ${settleSeconds} s idle)`);
  if (!resetPeak(pid)) console.log('(cannot reset VmHWM here: each peak is the peak since start)');

  console.log('| upload | server at rest after | wall time to checks done | RSS before | peak during | peak added | peak above the idle server | RSS after |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  const added: number[] = [];
  for (let n = 1; n <= uploads; n++) {
    const waited = await rest(pid);
    const before = status(pid).rssKb;
    resetPeak(pid);
    const started = performance.now();
    const form = new FormData();
    form.append('file', await fs.openAsBlob(stl), 'sphere.stl');
    const res = await fetch(`${base}/msapi/manufacture/project/${project.id}/files`, { method: 'POST', headers: auth, body: form });
    const body = (await res.json()) as { id: string; checks?: string; message?: string };
    if (res.status !== 201) throw new Error(`upload ${n}: ${res.status} ${body.message}`);
    for (let state = body.checks; state === 'pending'; ) {
      await sleep(100);
      state = ((await (await fetch(`${base}/msapi/manufacture/project/${project.id}/files/${body.id}`, { headers: auth })).json()) as { checks: string }).checks;
    }
    const wall = performance.now() - started;
    const { rssKb, peakKb } = status(pid);
    added.push(peakKb - before);
    console.log(`| ${n} | ${(waited / 1000).toFixed(1)} s | ${Math.round(wall)} ms | ${mb(before)} MB | ${mb(peakKb)} MB | ${mb(peakKb - before)} MB | ${mb(peakKb - idleBefore)} MB | ${mb(rssKb)} MB |`);
    const removed = await fetch(`${base}/msapi/manufacture/project/${project.id}/files/${body.id}`, { method: 'DELETE', headers: auth });
    if (!removed.ok) throw new Error(`remove ${n}: ${removed.status}`);
  }
  await sleep(settleSeconds * 1000);
  const idleAfter = status(pid).rssKb;
  const sorted = [...added].sort((a, b) => a - b);
  console.log(`peak added by one upload: max ${mb(sorted.at(-1)!)} MB, median ${mb(sorted[Math.floor(sorted.length / 2)]!)} MB`);
  console.log(`idle RSS: before ${mb(idleBefore)} MB, after ${uploads} uploads ${mb(idleAfter)} MB (${idleAfter >= idleBefore ? '+' : ''}${mb(idleAfter - idleBefore)} MB, after ${settleSeconds} s idle)`);
  console.log(`load at the end ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
} finally {
  server.kill('SIGTERM');
  await once(server, 'exit');
  await fsp.rm(dir, { recursive: true, force: true });
}
