// Signed-in API against a public one, same server, same run (issue 18 item 4).
//   node --import tsx scripts/bench-api.ts [seconds=5] [connections=50] [rounds=5] [--browser]
// Starts `server/main.ts` as its own process on an empty embedded database in a temporary folder
// (the demo customer seeded, so there is an account with addresses), logs in through the API, then
// points autocannon (in this process, on loopback) at three calls in turn:
//   GET /api/manufacture/common/index      public, no token (the reference)
//   GET /api/manufacture/account/me        signed in (JWT + session + user + the route's query)
//   GET /api/manufacture/account/address   signed in, the shipping address list
// Each call gets a warm-up of 2 s, then `seconds` of measurement; the three calls run `rounds` times
// interleaved, so a change of load on the machine hits all of them alike. Prints, per call, the
// median req/s and p99 over the rounds and the median of its per-round ratio to common/index (each
// round's figures too), as markdown ready for
// docs/benchmarks.md ("Signed-in API"). With --browser every request says
// `Accept-Encoding: gzip, deflate, br, zstd` as a browser does, so answers of 1 KB or more are
// compressed (ADR 106); without it, none is (as autocannon sends). A benchmark, never a timed test. Read `uptime` before and
// after, and record the load with the figures.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fsp from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../server/accounts/demo-account.ts';

const numbers = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const seconds = Number(numbers[0] ?? 5);
const connections = Number(numbers[1] ?? 50);
const rounds = Number(numbers[2] ?? 5);
const browserHeaders: Record<string, string> = process.argv.includes('--browser') ? { 'accept-encoding': 'gzip, deflate, br, zstd' } : {};

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as net.AddressInfo).port;
  server.close();
  return port;
}

const loadAverage = () => os.loadavg().map((n) => n.toFixed(2)).join(', ');

interface Figure {
  reqPerSec: number;
  p99: number;
  errors: number;
}

async function measure(url: string, headers: Record<string, string>, duration: number): Promise<Figure> {
  const result = await autocannon({ url, connections, duration, headers: { ...browserHeaders, ...headers } });
  const bad = result.errors + result.timeouts + result.non2xx;
  return { reqPerSec: result.requests.average, p99: result.latency.p99, errors: bad };
}

const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'bench-api-'));
const port = await freePort();
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  env: { ...process.env, PORT: String(port), DATA_DIR: path.join(dir, 'data'), SEED_DEMO: '1', DATABASE_URL: '', NODE_ENV: 'development', RATE_LIMIT_FACTOR: '1' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let log = '';
server.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
const base = `http://127.0.0.1:${port}/api/manufacture`;
for (let i = 0; ; i++) {
  if (log.includes('[server] API:')) break;
  if (i > 300) throw new Error(`server did not start:\n${log}`);
  await new Promise((r) => setTimeout(r, 100));
}

try {
  const login = await fetch(`${base}/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
  });
  const { accessToken } = (await login.json()) as { accessToken?: string };
  if (!accessToken) throw new Error(`login failed: ${login.status}`);
  const signedIn = { authorization: `Bearer ${accessToken}` };
  const calls = [
    { name: '`GET common/index` (public)', url: `${base}/common/index`, headers: {} },
    { name: '`GET account/me`', url: `${base}/account/me`, headers: signedIn },
    { name: '`GET account/address` (shipping list)', url: `${base}/account/address`, headers: signedIn },
  ];
  for (const call of calls) {
    const res = await fetch(call.url, { headers: call.headers });
    if (res.status !== 200) throw new Error(`${call.url}: ${res.status}`);
    const plain = (await res.arrayBuffer()).byteLength;
    const sent = await fetch(call.url, { headers: { ...call.headers, ...browserHeaders } });
    console.error(`${call.name}: ${plain} bytes, sent as ${sent.headers.get('content-encoding') ?? 'plain'}`);
  }

  const loadBefore = loadAverage();
  console.error(`server up; ${os.cpus().length} cores, Node ${process.version}; load average before: ${loadBefore}`);
  const figures = calls.map(() => [] as Figure[]);
  for (let round = 0; round < rounds; round++) {
    for (const [i, call] of calls.entries()) {
      await measure(call.url, call.headers, 2); // warm-up: JIT, connection pool, statement cache
      const figure = await measure(call.url, call.headers, seconds);
      if (figure.errors) throw new Error(`${call.url}: ${figure.errors} failed responses`);
      figures[i]!.push(figure);
      console.error(`round ${round + 1}, ${call.name}: ${Math.round(figure.reqPerSec)} req/s, p99 ${figure.p99} ms`);
    }
  }
  const loadAfter = loadAverage();

  const median = (values: number[]) => {
    const sorted = [...values].sort((x, y) => x - y);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  };
  const reference = figures[0]!.map((f) => f.reqPerSec);
  console.log(
    `\n${connections} connections, ${seconds} s per call and round, ${rounds} rounds${browserHeaders['accept-encoding'] ? ', browser Accept-Encoding' : ''}; load average before: ${loadBefore}, after: ${loadAfter}\n`,
  );
  console.log('| call | req/s (median) | p99 (median) | ratio to `common/index` (median of rounds) | req/s each round | p99 each round |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  const ratios = figures.map((list) => list.map((f, r) => f.reqPerSec / reference[r]!));
  for (const [i, call] of calls.entries()) {
    const list = figures[i]!;
    console.log(
      `| ${call.name} | ${Math.round(median(list.map((f) => f.reqPerSec))).toLocaleString('en-US')} | ${median(list.map((f) => f.p99))} ms | ${i === 0 ? '1' : `**${median(ratios[i]!).toFixed(2)}**`} | ${list.map((f) => Math.round(f.reqPerSec).toLocaleString('en-US')).join(', ')} | ${list.map((f) => f.p99).join(', ')} |`,
    );
  }
  const me = figures[1]!;
  console.log(
    `\nGoal: account/me ≥ 0.5 × common/index and p99 ≤ 20 ms at ${connections} connections. Measured (medians): ${median(ratios[1]!).toFixed(2)}× and p99 ${median(me.map((f) => f.p99))} ms.`,
  );
} finally {
  server.kill('SIGTERM');
  await once(server, 'exit');
  await fsp.rm(dir, { recursive: true, force: true });
}
