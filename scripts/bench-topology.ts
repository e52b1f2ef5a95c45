// Figures of the production topology (issue 21 item 6, ADR 135): `npm run bench:topology`
//   node --import tsx scripts/bench-topology.ts [seconds=8] [connections=50] [rounds=3] [triangles=1000000] [jobs=6]
// Starts the topology of the topology test (`scripts/topology.ts`: a throwaway PostgreSQL, s3rver,
// `npm run db:migrate` once, two API processes with MIGRATE=skip, STORAGE=s3 and JOB_QUEUE=postgres,
// one analysis worker) with RATE_LIMIT_FACTOR=0, and the proxies in processes of their own: the Node
// round-robin proxy (ADR 135) and, when Debian's nginx is installed, nginx on the guide's
// docs/deploy/nginx.conf (ADR 173), each once in front of api-a only and once in front of both. Then:
// 1. HTTP: autocannon (in this process) against `GET account/me` (signed in) and a quote pricing call
//    (`PUT project/{id}/files/{fileId}/configuration`, the price that counts, cycling over 8 parts),
//    through each proxy and straight to api-a (the proxies' own cost); `rounds` interleaved rounds of
//    a 2 s warm-up and `seconds` of measurement each, so that nginx and the Node proxy are measured in
//    the same minutes. Prints the median req/s and p99 and every round's figures.
// 2. Analysis: `jobs` uploads of a closed 1M-triangle binary STL sphere through the proxy with no
//    worker running (each answers at once, `analysing`, its job queued), then 1, later 2, workers
//    (`npm run worker`, QUOTE_WORKERS=1) are started and the files read until all are `done`: files
//    per minute from the workers' start and from the first finished file to the last.
// Read the load average it prints: another run may be loading the machine. A benchmark, never a test.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { Project, QuoteFile } from '#domain/api/quote';
import { DEMO_EMAIL, DEMO_PASSWORD } from '#server/accounts/demo-account';
import { writeSphereStl } from './bench-sphere.ts';
import { startTopology, type Child } from './topology.ts';

const [seconds = 8, connections = 50, rounds = 3, triangles = 1_000_000, jobCount = 6] = process.argv.slice(2).map(Number);
const load = () => os.loadavg().map((n) => n.toFixed(1)).join(', ');
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * CPU time (user + system, ms) the processes `pids` have used so far, from /proc (Linux; every
 * thread counted). Unlike req/s it hardly depends on what else loads the machine: the figure to size
 * from when another run shares the cores.
 */
const TICK_MS = 10; // USER_HZ is 100 on Linux
function cpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
    } catch {
      // gone meanwhile
    }
  }
  return ticks * TICK_MS;
}

/** `pid` and its child processes (nginx's master and its workers). */
function withChildren(pid: number): number[] {
  const children = fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        return /^\d+ \(.*\) \S (\d+)/.exec(fs.readFileSync(`/proc/${name}/stat`, 'utf8'))?.[1] === String(pid);
      } catch {
        return false;
      }
    });
  return [pid, ...children.map(Number)];
}

/** The postmaster listening on `port` and its children (the backends): PostgreSQL's processes. */
function postgresPids(port: number): number[] {
  const all = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  const read = (pid: string, file: string) => {
    try {
      return fs.readFileSync(`/proc/${pid}/${file}`, 'utf8');
    } catch {
      return '';
    }
  };
  const postmaster = all.find((pid) => {
    const args = read(pid, 'cmdline').split('\0');
    return /\/postgres$/.test(args[0] ?? '') && args.includes('-p') && args[args.indexOf('-p') + 1] === String(port);
  });
  if (!postmaster) return [];
  const children = all.filter((pid) => /^\d+ \(.*\) \S (\d+)/.exec(read(pid, 'stat'))?.[1] === postmaster);
  return [postmaster, ...children].map(Number);
}

/** A closed binary STL box (12 triangles), `x × y × z` mm. */
function boxStl(x: number, y: number, z: number): Uint8Array<ArrayBuffer> {
  const v = (i: number) => [i & 1 ? x : 0, i & 2 ? y : 0, i & 4 ? z : 0];
  const faces = [[0, 2, 3, 1], [4, 5, 7, 6], [0, 1, 5, 4], [2, 6, 7, 3], [0, 4, 6, 2], [1, 3, 7, 5]];
  const b = Buffer.alloc(84 + 600);
  b.writeUInt32LE(12, 80);
  let o = 84;
  for (const [a, c, d, e] of faces) {
    for (const tri of [[a!, c!, d!], [a!, d!, e!]]) {
      o += 12;
      for (const corner of tri) for (const n of v(corner)) o = b.writeFloatLE(n, o);
      o += 2;
    }
  }
  return new Uint8Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer);
}

const started = Date.now();
const loadAtStart = load();
console.error(`starting the topology; ${os.availableParallelism()} cores, Node ${process.version}; load average ${loadAtStart}`);
const topology = await startTopology({ apis: 2, workers: 1, env: { RATE_LIMIT_FACTOR: '0' } });
const scratch = await fsp.mkdtemp(path.join(os.tmpdir(), 'bench-topology-'));
try {
  const [apiA] = topology.apis;
  const one = await topology.startProxyProcess([apiA!]);
  const two = await topology.startProxyProcess(topology.apis);
  const nginxOne = await topology.startNginxProcess([apiA!]);
  const nginxTwo = await topology.startNginxProcess(topology.apis);
  if (!nginxOne || !nginxTwo) console.error('nginx is not installed (/usr/sbin/nginx, or NGINX_BIN): the Node proxy alone is measured');
  const direct = `http://127.0.0.1:${apiA!.port}`;
  const base = two.url;
  const json = async <T>(url: string, init: RequestInit = {}): Promise<T> => {
    const res = await fetch(url, init);
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const { accessToken } = await json<{ accessToken: string }>(`${base}/api/manufacture/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
  });
  const auth = { authorization: `Bearer ${accessToken}` };
  const ms = `${base}/msapi/manufacture`;
  const newProject = (name: string) =>
    json<Project>(`${ms}/project`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ name, process: '3d-printing' }) });
  const upload = async (projectId: string, blob: Blob, name: string) => {
    const form = new FormData();
    form.append('file', blob, name);
    return json<QuoteFile>(`${ms}/project/${projectId}/files`, { method: 'POST', headers: auth, body: form });
  };
  const filesOf = (projectId: string) => json<{ list: QuoteFile[] }>(`${ms}/project/${projectId}/files`, { headers: auth });
  const waitAnalysed = async (projectId: string, count: number) => {
    let firstDone: number | undefined;
    for (;;) {
      const { list } = await filesOf(projectId);
      const done = list.filter((f) => f.analysis !== 'analysing');
      if (done.length > 0) firstDone ??= performance.now();
      if (done.length === count) {
        const failed = done.filter((f) => f.analysis !== 'done');
        if (failed.length) throw new Error(`analysis failed: ${failed.map((f) => f.analysisError).join('; ')}`);
        return { firstDone: firstDone!, meanAnalysisMs: list.reduce((sum, f) => sum + f.analysisMs, 0) / list.length };
      }
      await delay(100);
    }
  };

  // Eight small parts, analysed and configured, for the pricing call.
  const parts = await newProject('bench parts');
  const ids: string[] = [];
  for (let i = 0; i < 8; i++) ids.push((await upload(parts.id, new Blob([boxStl(20 + i, 15, 10)]), `part-${i}.stl`)).id);
  await waitAnalysed(parts.id, ids.length);
  const configuration = JSON.stringify({ process: '3d-printing', materialId: 'sla-standard-resin', colourId: 'white', quantity: 5, tier: 'standard', finishes: [] });
  for (const id of ids) {
    await json(`${ms}/project/${parts.id}/files/${id}/configuration`, { method: 'PUT', headers: { ...auth, 'content-type': 'application/json' }, body: configuration });
  }

  interface Figure {
    reqPerSec: number;
    p99: number;
    /** Answers that were not 2xx, errors and timeouts: printed, never hidden. */
    failed: number;
    total: number;
    /** CPU ms per request: the API processes, the proxy, PostgreSQL, and this process (autocannon). */
    cpu: { api: number; proxy: number; postgres: number; loadGenerator: number };
  }
  /** Each proxy's processes (nginx: its master and workers, found when measured). */
  const proxyProcesses = new Map<string, () => number[]>([
    [one.url, () => [one.child.pid!]],
    [two.url, () => [two.child.pid!]],
    ...(nginxOne ? [[nginxOne.url, () => withChildren(nginxOne.pid!)] as const] : []),
    ...(nginxTwo ? [[nginxTwo.url, () => withChildren(nginxTwo.pid!)] as const] : []),
  ]);
  const pgPort = Number(new URL(topology.databaseUrl).port);
  const apiPids = () => topology.apis.map((a) => a.child.pid!).filter(Boolean);
  const measure = async (origin: string, call: 'me' | 'price', duration: number): Promise<Figure> => {
    let next = 0;
    const pgPids = postgresPids(pgPort);
    const proxyPids = proxyProcesses.get(origin)?.() ?? [];
    const before = { api: cpuMs(apiPids()), proxy: cpuMs(proxyPids), postgres: cpuMs(pgPids), self: process.cpuUsage() };
    const result = await autocannon({
      url: origin,
      connections,
      duration,
      requests: [
        call === 'me'
          ? { method: 'GET', path: '/api/manufacture/account/me', headers: auth }
          : {
              method: 'PUT',
              headers: { ...auth, 'content-type': 'application/json' },
              body: configuration,
              setupRequest: (req) => ({ ...req, path: `/msapi/manufacture/project/${parts.id}/files/${ids[next++ % ids.length]}/configuration` }),
            },
      ],
    });
    const failed = result.errors + result.timeouts + result.non2xx;
    if (failed) {
      const codes = Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => `${code} × ${count}`).join(', ');
      console.error(`${call} via ${origin}: ${failed} failed (${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts); status codes ${codes}`);
    }
    const self = process.cpuUsage(before.self);
    const n = Math.max(1, result.requests.total);
    const cpu = {
      api: (cpuMs(apiPids()) - before.api) / n,
      proxy: (cpuMs(proxyPids) - before.proxy) / n,
      postgres: (cpuMs(pgPids) - before.postgres) / n,
      loadGenerator: (self.user + self.system) / 1000 / n,
    };
    return { reqPerSec: result.requests.average, p99: result.latency.p99, failed, total: result.requests.total, cpu };
  };
  const setups = [
    { name: 'Node proxy → 1 API', origin: one.url },
    { name: 'Node proxy → 2 APIs', origin: two.url },
    ...(nginxOne && nginxTwo
      ? [
          { name: 'nginx → 1 API', origin: nginxOne.url },
          { name: 'nginx → 2 APIs', origin: nginxTwo.url },
        ]
      : []),
    { name: 'straight to 1 API (no proxy)', origin: direct },
  ];
  const calls = [
    { key: 'me' as const, name: '`GET account/me`' },
    { key: 'price' as const, name: '`PUT …/configuration` (pricing)' },
  ];
  const figures = new Map<string, Figure[]>();
  const loadBeforeHttp = load();
  for (let round = 1; round <= rounds; round++) {
    for (const call of calls) {
      for (const setup of setups) {
        await measure(setup.origin, call.key, 2);
        const figure = await measure(setup.origin, call.key, seconds);
        const key = `${call.name}|${setup.name}`;
        figures.set(key, [...(figures.get(key) ?? []), figure]);
        console.error(
          `round ${round}, ${call.name}, ${setup.name}: ${Math.round(figure.reqPerSec)} req/s, p99 ${figure.p99} ms; ` +
            `CPU ms/request API ${figure.cpu.api.toFixed(2)}, proxy ${figure.cpu.proxy.toFixed(2)}, PostgreSQL ${figure.cpu.postgres.toFixed(2)}, autocannon ${figure.cpu.loadGenerator.toFixed(2)}; load ${load()}`,
        );
      }
    }
  }
  const loadAfterHttp = load();

  // Analysis throughput: the worker of the HTTP part is stopped; each run queues `jobCount` uploads, then starts its workers.
  for (const worker of topology.workers) await worker.stop();
  const sphere = path.join(scratch, 'sphere.stl');
  const count = writeSphereStl(sphere, triangles);
  const sizeMb = fs.statSync(sphere).size / 1e6;
  const analysis: string[] = [];
  const loadBeforeAnalysis = load();
  for (const workerCount of [1, 2]) {
    const project = await newProject(`bench analysis ${workerCount}`);
    for (let i = 0; i < jobCount; i++) {
      const file = await upload(project.id, await fs.openAsBlob(sphere), `sphere-${i}.stl`);
      if (file.analysis !== 'analysing') throw new Error(`upload ${i}: ${file.analysis}`);
    }
    const t0 = performance.now();
    const workers: Child[] = await Promise.all(Array.from({ length: workerCount }, () => topology.addWorker()));
    const { firstDone, meanAnalysisMs } = await waitAnalysed(project.id, jobCount);
    const t1 = performance.now();
    // CPU the workers used, start-up included (a process's CPU is readable until it is reaped).
    const workerCpuS = cpuMs(workers.map((w) => w.pid!)) / 1000;
    for (const worker of workers) await worker.stop();
    const total = (t1 - t0) / 1000;
    const steady = (t1 - firstDone) / 1000;
    const line = `| ${workerCount} | ${total.toFixed(1)} s | ${((jobCount * 60) / total).toFixed(0)} | ${steady.toFixed(1)} s | ${(((jobCount - 1) * 60) / steady).toFixed(0)} | ${meanAnalysisMs.toFixed(0)} ms | ${(workerCpuS / jobCount).toFixed(1)} s |`;
    analysis.push(line);
    console.error(`analysis, ${workerCount} worker(s): ${line}; load ${load()}`);
  }
  const loadAfter = load();

  console.log(`\n${new Date().toISOString().slice(0, 10)}, ${os.availableParallelism()} cores (${os.cpus()[0]?.model.trim()}), Node ${process.version}`);
  console.log(`load average at start ${loadAtStart}; before HTTP ${loadBeforeHttp}, after ${loadAfterHttp}; before analysis ${loadBeforeAnalysis}, after ${loadAfter}`);
  console.log(`\nHTTP: ${connections} connections, ${seconds} s per measurement after a 2 s warm-up, ${rounds} interleaved rounds\n`);
  console.log('| call | path | req/s (median) | p99 (median) | req/s each round | p99 each round | failed / requests | CPU ms per request (medians): API, proxy, PostgreSQL, autocannon |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const call of calls) {
    for (const setup of setups) {
      const list = figures.get(`${call.name}|${setup.name}`)!;
      console.log(
        `| ${call.name} | ${setup.name} | ${Math.round(median(list.map((f) => f.reqPerSec))).toLocaleString('en-US')} | ${median(list.map((f) => f.p99))} ms | ${list.map((f) => Math.round(f.reqPerSec).toLocaleString('en-US')).join(', ')} | ${list.map((f) => f.p99).join(', ')} | ${list.reduce((n, f) => n + f.failed, 0)} / ${list.reduce((n, f) => n + f.total, 0).toLocaleString('en-US')} | ${(['api', 'proxy', 'postgres', 'loadGenerator'] as const).map((k) => median(list.map((f) => f.cpu[k])).toFixed(2)).join(', ')} |`,
      );
    }
  }
  console.log(`\nAnalysis: ${count.toLocaleString('en-US')} triangles (${sizeMb.toFixed(1)} MB binary STL), ${jobCount} uploads through the proxy per run, files in s3rver\n`);
  console.log('| workers | all files from the workers\' start | files/min from start | first → last | files/min steady | mean analysis per file | worker CPU per file (start-up included) |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const line of analysis) console.log(line);
  console.log(`\nwhole run ${((Date.now() - started) / 1000).toFixed(0)} s`);
  await one.child.stop();
  await two.child.stop();
  console.error(`${one.child.output.trim()}\n${two.child.output.trim()}`);
  for (const [name, nginx] of [['nginx → 1 API', nginxOne], ['nginx → 2 APIs', nginxTwo]] as const) {
    if (!nginx) continue;
    const counts = nginx.counts();
    console.error(`[${name}] served ${[...counts.served].map(([n, c]) => `${n} ${c}`).join(', ')}; passed on ${counts.retried}; 502 ${counts.failed}`);
  }
} finally {
  await topology.stop();
  await fsp.rm(scratch, { recursive: true, force: true });
}
