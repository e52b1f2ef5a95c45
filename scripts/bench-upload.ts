// Upload + server-side analysis through the real API, and the server's peak memory.
//   node --import tsx scripts/bench-upload.ts [triangles=1000000] [uploads=3]
// Starts `server/main.ts` as its own process on an empty embedded database in a temporary folder,
// generates a closed binary STL sphere of the given triangle count, and uploads it through
// POST /msapi/manufacture/project/{id}/files as a browser would (multipart, streamed from disk).
// Prints, per upload: wall time seen by the client, the server's Server-Timing (receive = streamed
// to the spool file, analyse = read + analyseCadFile in a worker thread), and the server process's
// resident memory (VmRSS now, VmHWM = peak since start) read from /proc, and the server process's
// CPU time (all threads, /proc/<pid>/stat) to the answer and then until the walls and holes that
// follow it are stored, then until the server is idle again (its analysis thread replaced, ADR 228;
// each upload waits for that, so that the next starts on an idle server).
// "rest" is Server-Timing's total less receive and analyse: the store and the database. Record the figures in
// docs/benchmarks.md ("Quote server"). A benchmark, never a timed test.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { writeSphereStl } from './bench-sphere.ts';

const triangles = Number(process.argv[2] ?? 1_000_000);
const uploads = Number(process.argv[3] ?? 3);

function memory(pid: number): { rssMb: number; peakMb: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
}

/** The process's CPU time so far (all its threads: the HTTP thread and the analysis threads), ms. */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat(5))
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as net.AddressInfo).port;
  server.close();
  return port;
}

const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'bench-upload-'));
const stl = path.join(dir, 'sphere.stl');
const count = writeSphereStl(stl, triangles);
const size = fs.statSync(stl).size;
console.log(`binary STL sphere: ${count.toLocaleString('en-US')} triangles, ${(size / 1e6).toFixed(1)} MB`);

const port = await freePort();
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  env: { ...process.env, PORT: String(port), DATA_DIR: path.join(dir, 'data'), SEED_DEMO: '0', DATABASE_URL: '', NODE_ENV: 'development' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let log = '';
server.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  if (log.includes('[server] API:')) break;
  if (i > 300) throw new Error(`server did not start:\n${log}`);
  await new Promise((r) => setTimeout(r, 100));
}
try {
  const idle = memory(server.pid!);
  console.log(`server started: RSS ${idle.rssMb} MB (peak so far ${idle.peakMb} MB), ${os.cpus().length} cores, Node ${process.version}, load ${os.loadavg()[0]!.toFixed(2)}`);
  const temp = (await (await fetch(`${base}/api/manufacture/account/temporaryToken`, { method: 'POST' })).json()) as { temporaryToken: string };
  const auth = { authorization: `Bearer ${temp.temporaryToken}` };
  const project = (await (
    await fetch(`${base}/msapi/manufacture/project`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Bench', process: '3d-printing' }) })
  ).json()) as { id: string };

  // The server's CPU time over each request (its HTTP thread and the analysis thread: a figure a
  // busy machine stretches far less than wall time), and after the answer until its walls and holes
  // are stored (ADR 145), which this waits for so that the next upload starts on an idle server.
  console.log('| upload | client wall time | receive (stream to disk) | analyse (worker) | rest (store, database) | server CPU to the answer | server CPU, walls and holes after | server CPU, then until idle (thread replaced) | server RSS after | server peak RSS |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (let n = 1; n <= uploads; n++) {
    const form = new FormData();
    form.append('file', await fs.openAsBlob(stl), 'sphere.stl');
    const cpuBefore = cpuMs(server.pid!);
    const started = performance.now();
    const res = await fetch(`${base}/msapi/manufacture/project/${project.id}/files`, { method: 'POST', headers: auth, body: form });
    const body = (await res.json()) as { id: string; checks?: string; message?: string; summary?: { triangleCount: number; watertight: boolean; volumeMm3: number } };
    const wall = performance.now() - started;
    const cpuAnswer = cpuMs(server.pid!) - cpuBefore;
    const cpuAnswered = cpuMs(server.pid!);
    const mem = memory(server.pid!); // at the answer, as before the wait was added
    for (let state = body.checks; state === 'pending'; ) {
      await new Promise((r) => setTimeout(r, 100));
      state = ((await (await fetch(`${base}/msapi/manufacture/project/${project.id}/files/${body.id}`, { headers: auth })).json()) as { checks: string }).checks;
    }
    const cpuAfter = cpuMs(server.pid!) - cpuAnswered;
    // A thread that read a large file is replaced once its job is over (ADR 228): the new one's
    // start-up (tsx, the domain modules, OpenCascade) is CPU that a next upload would share.
    const settled = cpuMs(server.pid!);
    for (let last = settled, quiet = 0; quiet < 3; ) {
      await new Promise((r) => setTimeout(r, 200));
      const now = cpuMs(server.pid!);
      quiet = now - last <= 20 ? quiet + 1 : 0;
      last = now;
    }
    const cpuReplace = cpuMs(server.pid!) - settled;
    if (res.status !== 201) throw new Error(`upload ${n}: ${res.status} ${body.message}`);
    const timing = Object.fromEntries((res.headers.get('server-timing') ?? '').split(',').map((p) => /(\w+);dur=([\d.]+)/.exec(p.trim())).filter((m) => m !== null).map((m) => [m[1], Number(m[2])]));
    const rest = (timing.total ?? NaN) - (timing.receive ?? NaN) - (timing.analyse ?? NaN);
    console.log(
      `| ${n}${n === 1 ? ' (threads start)' : ''} | ${Math.round(wall)} ms | ${Math.round(timing.receive ?? NaN)} ms | ${Math.round(timing.analyse ?? NaN)} ms | ${Math.round(rest)} ms | ${Math.round(cpuAnswer)} ms | ${Math.round(cpuAfter)} ms | ${Math.round(cpuReplace)} ms | ${mem.rssMb} MB | ${mem.peakMb} MB |`,
    );
    if (n === 1) console.error(`  (summary: ${body.summary?.triangleCount} triangles, watertight ${body.summary?.watertight}, volume ${body.summary?.volumeMm3.toFixed(0)} mm³)`);
  }
  console.log(`(load at the end ${os.loadavg()[0]!.toFixed(2)})`);
} finally {
  server.kill('SIGTERM');
  await once(server, 'exit');
  await fsp.rm(dir, { recursive: true, force: true });
}
