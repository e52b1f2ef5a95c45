// Upload + server-side analysis through the real API, and the server's peak memory.
//   node --import tsx scripts/bench-upload.ts [triangles=1000000] [uploads=3]
// Starts `server/main.ts` as its own process on an empty embedded database in a temporary folder,
// generates a closed binary STL sphere of the given triangle count, and uploads it through
// POST /msapi/manufacture/project/{id}/files as a browser would (multipart, streamed from disk).
// Prints, per upload: wall time seen by the client, the server's Server-Timing (receive = streamed
// to the spool file, analyse = read + analyseCadFile in a worker thread), and the server process's
// resident memory (VmRSS now, VmHWM = peak since start) read from /proc. Record the figures in
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
  console.log(`server started: RSS ${idle.rssMb} MB (peak so far ${idle.peakMb} MB), ${os.cpus().length} cores, Node ${process.version}`);
  const temp = (await (await fetch(`${base}/api/manufacture/account/temporaryToken`, { method: 'POST' })).json()) as { temporaryToken: string };
  const auth = { authorization: `Bearer ${temp.temporaryToken}` };
  const project = (await (
    await fetch(`${base}/msapi/manufacture/project`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Bench', process: '3d-printing' }) })
  ).json()) as { id: string };

  console.log('| upload | client wall time | receive (stream to disk) | analyse (worker) | server RSS after | server peak RSS |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (let n = 1; n <= uploads; n++) {
    const form = new FormData();
    form.append('file', await fs.openAsBlob(stl), 'sphere.stl');
    const started = performance.now();
    const res = await fetch(`${base}/msapi/manufacture/project/${project.id}/files`, { method: 'POST', headers: auth, body: form });
    const body = (await res.json()) as { message?: string; summary?: { triangleCount: number; watertight: boolean; volumeMm3: number } };
    const wall = performance.now() - started;
    if (res.status !== 201) throw new Error(`upload ${n}: ${res.status} ${body.message}`);
    const timing = Object.fromEntries((res.headers.get('server-timing') ?? '').split(',').map((p) => /(\w+);dur=([\d.]+)/.exec(p.trim())).filter((m) => m !== null).map((m) => [m[1], Number(m[2])]));
    const mem = memory(server.pid!);
    console.log(`| ${n}${n === 1 ? ' (threads start)' : ''} | ${Math.round(wall)} ms | ${Math.round(timing.receive ?? NaN)} ms | ${Math.round(timing.analyse ?? NaN)} ms | ${mem.rssMb} MB | ${mem.peakMb} MB |`);
    if (n === 1) console.error(`  (summary: ${body.summary?.triangleCount} triangles, watertight ${body.summary?.watertight}, volume ${body.summary?.volumeMm3.toFixed(0)} mm³)`);
  }
} finally {
  server.kill('SIGTERM');
  await once(server, 'exit');
  await fsp.rm(dir, { recursive: true, force: true });
}
