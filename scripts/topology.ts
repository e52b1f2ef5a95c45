// The production topology on one machine (issue 21 items 5 and 6, ADR 135), for the topology test
// (`tests/topology/`) and `npm run bench:topology`: a throwaway PostgreSQL (or the one given), an
// S3-protocol server (s3rver, its own process), `npm run db:migrate` once, N API processes
// (MIGRATE=skip, STORAGE=s3, one JWT_SECRET, JOB_QUEUE=postgres, TRUST_PROXY=1), M analysis workers,
// and a reverse proxy in front, all on loopback on ports picked at run time. The proxy is nginx from
// Debian on the guide's own configuration (docs/deploy/nginx.conf, scripts/nginx.ts, ADR 173) when
// nginx is installed, else the Node round-robin proxy below (ADR 135); TOPOLOGY_PROXY=node chooses
// the Node proxy.
//
// Every child is spawned as `node --import tsx <script>` (what the npm scripts run), so its pid is
// the process itself: `stop()` ends each by its pid (SIGTERM, then SIGKILL when it does not leave).
import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter, once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startPostgres } from './postgres-cluster.mjs';
import { startNginx, type BalancerCounts } from './nginx.ts';
import { findNginx } from './ensure-system-deps.mjs';

export const TOPOLOGY_JWT_SECRET = 'topology-shared-secret-of-more-than-32-characters';
const BUCKET = 'manufacture-topology';
/** Generous: the machine may be loaded by a CI run (a cold `tsx` start takes seconds then). */
const START_TIMEOUT_MS = 180_000;

export async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A child process with its output kept, its exit awaited and a way to wait for a line. */
export class Child {
  readonly process: ChildProcess;
  output = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  constructor(
    readonly name: string,
    args: string[],
    env: Record<string, string>,
  ) {
    this.process = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk: Buffer) => {
      this.output += chunk.toString();
      // Bounded: a long bench must not grow the log without end.
      if (this.output.length > 200_000) this.output = this.output.slice(-100_000);
    };
    this.process.stdout?.on('data', keep);
    this.process.stderr?.on('data', keep);
    this.exited = new Promise((resolve) => this.process.once('exit', (code, signal) => resolve({ code, signal })));
  }

  get pid(): number | undefined {
    return this.process.pid;
  }

  get running(): boolean {
    return this.process.exitCode === null && this.process.signalCode === null;
  }

  /** Resolves with the first match of `pattern` in the output; rejects when the process exits first or after `timeoutMs`. */
  async waitFor(pattern: RegExp, timeoutMs = START_TIMEOUT_MS): Promise<RegExpExecArray> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const match = pattern.exec(this.output);
      if (match) return match;
      if (!this.running) throw new Error(`${this.name} exited before printing ${pattern}:\n${this.output}`);
      if (Date.now() > deadline) throw new Error(`${this.name} did not print ${pattern} within ${timeoutMs} ms:\n${this.output}`);
      await this.nextOutput(1000);
    }
  }

  /** Resolves on the next output, the exit, or after `ms`; leaves no listener behind. */
  private nextOutput(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.process.stdout?.off('data', done);
        this.process.stderr?.off('data', done);
        this.process.off('exit', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.process.stdout?.on('data', done);
      this.process.stderr?.on('data', done);
      this.process.once('exit', done);
    });
  }

  /** Ends the process by its pid: `signal`, then SIGKILL when it has not left after `graceMs`. */
  async stop(signal: NodeJS.Signals = 'SIGTERM', graceMs = 15_000): Promise<void> {
    if (!this.running || this.pid === undefined) return;
    process.kill(this.pid, signal);
    const left = await Promise.race([this.exited.then(() => true), delay(graceMs).then(() => false)]);
    if (!left && this.running) {
      process.kill(this.pid, 'SIGKILL');
      await this.exited;
    }
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

export interface Upstream {
  name: string;
  port: number;
}

export type { BalancerCounts } from './nginx.ts';

/** The reverse proxy in front of the API processes, whichever it is. */
export interface Balancer {
  kind: 'nginx' | 'node';
  url: string;
  /** What it served, passed on and failed so far (nginx: from its access log). */
  counts(): BalancerCounts;
  close(): Promise<void>;
}

export interface DispatchEvent {
  upstream: string;
  method: string;
  url: string;
}

/** Shorter than the API's keep-alive timeout (Node's default 5 s). */
const UPSTREAM_IDLE_MS = 4_000;

/** Methods whose request a proxy may send again after an upstream failed mid-way (RFC 9110 §9.2.2), without a body to replay. */
const RETRY_AFTER_SEND = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A round-robin reverse proxy in a few lines of Node's `http` (ADR 135): the fallback where nginx is
 * not installed (ADR 173). Like nginx's `proxy_next_upstream error`: a request whose upstream
 * refuses the connection goes to the next one (nothing has been sent, so any method is safe); a
 * bodiless GET/HEAD/OPTIONS that fails after it was sent is sent again to the next; anything else
 * that fails before its answer gets 502, and the client decides (a payment retries with its
 * Idempotency-Key). It appends the client to X-Forwarded-For, names the upstream that answered in
 * `X-Upstream`, and counts. The request body is only piped once the upstream connection is open,
 * so a refused connection leaves it unread for the next upstream.
 */
export class RoundRobinProxy extends EventEmitter<{ dispatch: [DispatchEvent] }> implements Balancer {
  readonly kind = 'node' as const;
  readonly served = new Map<string, number>();
  private requests = 0;
  /** Requests sent to another upstream after one failed. */
  retried = 0;
  /** 502 answers: an upstream failed after the request was sent, and it could not be sent again. */
  failed = 0;
  private next = 0;
  private readonly agents = new Map<string, http.Agent>();
  private server: http.Server | undefined;
  url = '';

  constructor(private readonly upstreams: Upstream[]) {
    super();
    // Idle connections to an upstream are closed after 4 s, before the API's own keep-alive timeout
    // (Node's 5 s) closes them: otherwise a request may be written to a connection the API is closing
    // at that moment, and fail (the classic 502 of a balancer whose idle timeout is the longer one).
    for (const u of upstreams) this.agents.set(u.name, new http.Agent({ keepAlive: true, maxSockets: 512, timeout: UPSTREAM_IDLE_MS }));
  }

  async listen(): Promise<string> {
    this.server = http.createServer((req, res) => this.handle(req, res));
    this.server.keepAliveTimeout = 30_000;
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    this.url = `http://127.0.0.1:${(this.server.address() as net.AddressInfo).port}`;
    return this.url;
  }

  counts(): BalancerCounts {
    return { served: new Map(this.served), retried: this.retried, failed: this.failed, requests: this.requests };
  }

  async close(): Promise<void> {
    for (const agent of this.agents.values()) agent.destroy();
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server!.close(resolve));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    this.requests++;
    const first = this.next++ % this.upstreams.length;
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const headers = { ...req.headers, 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': 'http' };
    // A client that leaves (autocannon at the end of a run, a closed tab) is no upstream failure.
    let clientGone = false;
    res.on('close', () => (clientGone = !res.writableFinished));
    const attempt = (tries: number) => {
      const upstream = this.upstreams[(first + tries) % this.upstreams.length]!;
      let sent = false;
      let answered = false;
      const upReq = http.request({ host: '127.0.0.1', port: upstream.port, method: req.method, path: req.url, headers, agent: this.agents.get(upstream.name) });
      const send = () => {
        sent = true;
        this.emit('dispatch', { upstream: upstream.name, method: req.method ?? 'GET', url: req.url ?? '/' });
        // A bodiless request sent again has already been read to its end: nothing left to pipe.
        if (req.readableEnded) upReq.end();
        else req.pipe(upReq);
        // A client that hangs up mid-body fails its request stream: the upstream request goes too (issue 32 item 1).
        req.on('error', () => upReq.destroy());
      };
      upReq.on('socket', (socket) => (socket.connecting ? socket.once('connect', send) : send()));
      upReq.on('response', (upRes) => {
        answered = true;
        this.served.set(upstream.name, (this.served.get(upstream.name) ?? 0) + 1);
        res.writeHead(upRes.statusCode ?? 502, { ...upRes.headers, 'x-upstream': upstream.name });
        upRes.pipe(res);
        upRes.on('error', () => res.destroy());
      });
      upReq.on('error', () => {
        if (clientGone) return;
        if (answered) return res.destroy();
        const another = tries + 1 < this.upstreams.length;
        if (another && (!sent || RETRY_AFTER_SEND.has(req.method ?? 'GET'))) {
          this.retried++;
          return attempt(tries + 1);
        }
        this.failed++;
        if (!res.headersSent) {
          res.writeHead(502, { 'content-type': 'application/json', connection: 'close' });
          res.end(JSON.stringify({ message: 'Bad gateway: the API process closed the connection before answering.' }));
        } else res.destroy();
      });
      res.once('close', () => {
        if (!res.writableFinished) upReq.destroy();
      });
    };
    attempt(0);
  }
}

export interface ApiProcess extends Upstream {
  child: Child;
  /** Where it receives uploads (`<QUOTE_FILES_DIR>/spool`, a `.part` file while one arrives). */
  spoolDir: string;
  /** Starts it (again) on its port and waits until `/ready` answers 200. */
  start(): Promise<void>;
}

export interface TopologyOptions {
  apis: number;
  workers: number;
  /** A PostgreSQL to use (emptied by the caller); without it a throwaway cluster is started. */
  databaseUrl?: string;
  /** More environment for the API processes and workers (e.g. RATE_LIMIT_FACTOR for a bench). */
  env?: Record<string, string>;
  /** The proxy in front: nginx when installed (default), or the Node proxy (also with TOPOLOGY_PROXY=node). */
  proxy?: 'nginx' | 'node';
}

/** nginx when it is installed and not declined (TOPOLOGY_PROXY=node); else the Node proxy. */
export function chosenProxy(wanted?: 'nginx' | 'node'): 'nginx' | 'node' {
  const choice = wanted ?? (process.env.TOPOLOGY_PROXY === 'node' ? 'node' : 'nginx');
  return choice === 'nginx' && findNginx() ? 'nginx' : 'node';
}

export interface Topology {
  /** The proxy in front of every API process (nginx, or the Node proxy as a fallback). */
  balancer: Balancer;
  apis: ApiProcess[];
  workers: Child[];
  databaseUrl: string;
  s3Endpoint: string;
  /** Starts one more analysis worker and waits until it takes jobs. */
  addWorker(): Promise<Child>;
  /**
   * A proxy in a process of its own (`scripts/topology-proxy.ts`) in front of `upstreams`, for a
   * benchmark: the load generator then does not share the proxy's thread.
   */
  startProxyProcess(upstreams: Upstream[]): Promise<{ url: string; child: Child }>;
  /** nginx on the guide's configuration in front of `upstreams` (null when nginx is not installed), for a benchmark. */
  startNginxProcess(upstreams: Upstream[]): Promise<{ url: string; pid: number | undefined; counts(): BalancerCounts; stop(): Promise<void> } | null>;
  stop(): Promise<void>;
}

/** Answers `/ready` 200 on `port`, waiting while the process starts; rejects when it exits. */
async function waitReady(child: Child, port: number): Promise<void> {
  await child.waitFor(/\[server\] API: /);
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const status = await fetch(`http://127.0.0.1:${port}/ready`).then((r) => r.status, () => 0);
    if (status === 200) return;
    if (!child.running) throw new Error(`${child.name} exited:\n${child.output}`);
    if (Date.now() > deadline) throw new Error(`${child.name} is not ready (${status}):\n${child.output}`);
    await delay(200);
  }
}

/**
 * Starts the topology. On any failure while starting, everything started so far is stopped and the
 * error thrown; `stop()` ends every child by its pid and removes the temporary folders.
 */
export async function startTopology(options: TopologyOptions): Promise<Topology> {
  const children: Child[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'manufacture-topology-'));
  let pg: Awaited<ReturnType<typeof startPostgres>> | undefined;
  const balancers: { close(): Promise<void> }[] = [];
  const stop = async () => {
    await Promise.all(balancers.map((b) => b.close()));
    await Promise.all(children.map((child) => child.stop()));
    pg?.stop();
    // TOPOLOGY_KEEP=1 keeps the folder (nginx's error and access logs) to read after a failure.
    if (!process.env.TOPOLOGY_KEEP) fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    let databaseUrl = options.databaseUrl;
    if (!databaseUrl) {
      pg = await startPostgres();
      if (!pg) throw new Error('PostgreSQL server binaries not found (install Debian postgresql or set PG_BIN)');
      databaseUrl = pg.url;
    }
    const s3 = new Child('s3rver', ['scripts/s3-server.mjs', BUCKET], {});
    children.push(s3);
    const s3Endpoint = (await s3.waitFor(/^S3 (http:\S+)$/m))[1]!;

    const shared: Record<string, string> = {
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: TOPOLOGY_JWT_SECRET,
      MIGRATE: 'skip',
      JOB_QUEUE: 'postgres',
      STORAGE: 's3',
      S3_ENDPOINT: s3Endpoint,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      TRUST_PROXY: '1',
      // Longer than the balancer keeps idle connections to the servers (nginx: keepalive_timeout 60s), as docs/deploy.md says.
      KEEP_ALIVE_TIMEOUT_MS: '65000',
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      ...options.env,
    };
    // The release step, once: migrations and the demo customer (SEED_DEMO=1), before any server starts.
    const migrate = new Child('db:migrate', ['--import', 'tsx', 'server/cli/migrate.ts'], { ...shared, SEED_DEMO: '1', DATA_DIR: path.join(dir, 'migrate') });
    children.push(migrate);
    const migrated = await migrate.exited;
    if (migrated.code !== 0) throw new Error(`npm run db:migrate failed (${migrated.code ?? migrated.signal}):\n${migrate.output}`);

    const apis: ApiProcess[] = [];
    for (let i = 0; i < options.apis; i++) {
      const name = `api-${String.fromCharCode(97 + i)}`;
      const port = await freePort();
      const env = { ...shared, PORT: String(port), DATA_DIR: path.join(dir, name), QUOTE_FILES_DIR: path.join(dir, name, 'quote-files') };
      const api: ApiProcess = {
        name,
        port,
        spoolDir: path.join(dir, name, 'quote-files', 'spool'),
        child: undefined as unknown as Child,
        async start() {
          api.child = new Child(name, ['--import', 'tsx', 'server/main.ts'], env);
          children.push(api.child);
          await waitReady(api.child, port);
        },
      };
      apis.push(api);
    }
    await Promise.all(apis.map((api) => api.start()));

    const workers: Child[] = [];
    const addWorker = async () => {
      const name = `worker-${workers.length + 1}`;
      const worker = new Child(name, ['--import', 'tsx', 'server/worker.ts'], { ...shared, QUOTE_WORKERS: '1', DATA_DIR: path.join(dir, name), QUOTE_FILES_DIR: path.join(dir, name, 'quote-files') });
      children.push(worker);
      workers.push(worker);
      await worker.waitFor(/\[worker\] taking analysis jobs/);
      return worker;
    };
    for (let i = 0; i < options.workers; i++) await addWorker();

    const startProxyProcess = async (upstreams: Upstream[]) => {
      const child = new Child(`proxy-${children.length}`, ['--import', 'tsx', 'scripts/topology-proxy.ts', ...upstreams.map((u) => `${u.name}:${u.port}`)], {});
      children.push(child);
      return { url: (await child.waitFor(/^PROXY (http:\S+)$/m))[1]!, child };
    };

    let nginxCount = 0;
    const startNginxProcess = async (upstreams: Upstream[]) => {
      const nginx = await startNginx(upstreams, await freePort(), path.join(dir, `nginx-${++nginxCount}`));
      if (nginx) balancers.push({ close: nginx.stop });
      return nginx;
    };

    let balancer: Balancer | undefined;
    if (chosenProxy(options.proxy) === 'nginx') {
      const nginx = await startNginxProcess(apis);
      if (nginx) balancer = { kind: 'nginx', url: nginx.url, counts: nginx.counts, close: nginx.stop };
    }
    if (!balancer) {
      const proxy = new RoundRobinProxy(apis);
      await proxy.listen();
      balancers.push(proxy);
      balancer = proxy;
    }
    return { balancer, apis, workers, databaseUrl, s3Endpoint, addWorker, startProxyProcess, startNginxProcess, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
