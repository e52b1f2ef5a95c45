import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Order, CreateOrderResponse } from '#domain/api/order';
import type { Cart, PartQuote, Project, QuoteFile } from '#domain/api/quote';
import { IDEMPOTENCY_HEADER } from '#domain/api/bases';
import { configureApi, createApiClient, type ApiCall } from '#lib/api/client';
import { idempotencyHeader, newIdempotencyKey, sendWithRetry } from '#lib/api/retry';
import { STORAGE_KEYS, createExpiringStorage, memoryBackend } from '#lib/storage/storage';
import { DEMO_EMAIL, DEMO_PASSWORD } from '#server/accounts/demo-account';
import { findPostgresBin } from '../../scripts/postgres-cluster.mjs';
import { startTopology, type ApiProcess, type Topology } from '../../scripts/topology.ts';

/**
 * Issue 21 item 5 (ADR 135) and issue 41 items 2 and 3 (ADRs 173, 174): the real topology.
 * PostgreSQL, s3rver, `npm run db:migrate` once, two API processes (MIGRATE=skip, STORAGE=s3,
 * JOB_QUEUE=postgres, one JWT_SECRET), one analysis worker and a proxy in front (nginx on the
 * guide's docs/deploy/nginx.conf when installed, else the Node proxy), all separate processes on
 * loopback. The customer's journey goes through the proxy with the browser's own API client and
 * its retry rule: sign in, upload a real STL, wait for the worker's analysis, configure, add to the
 * cart, check out, pay with the balance. An API process is killed (SIGKILL) at five points, each
 * with the customer's request in it, and started again; the customer sees no failure and nothing is
 * done twice. The rate limit is counted across both. Run by `npm test` under
 * scripts/with-postgres.mjs (SKIPPED there without PostgreSQL).
 */

const canRun = Boolean(process.env.DATABASE_URL || findPostgresBin());
if (!canRun) console.log('SKIPPED: topology test (no PostgreSQL server binaries and no DATABASE_URL; install Debian postgresql or set PG_BIN)');
const WAIT = { timeout: 120_000, interval: 250 };

/** A closed binary STL box of `x × y × z` mm (12 triangles, outward winding). */
function boxStl(x: number, y: number, z: number): Buffer {
  const v = (i: number): [number, number, number] => [i & 1 ? x : 0, i & 2 ? y : 0, i & 4 ? z : 0];
  // Two triangles per face, counter-clockwise seen from outside.
  const faces = [
    [0, 2, 3, 1], [4, 5, 7, 6], [0, 1, 5, 4], [2, 6, 7, 3], [0, 4, 6, 2], [1, 3, 7, 5],
  ] as const;
  const buffer = Buffer.alloc(84 + 50 * 12);
  buffer.write('topology test box', 0, 'latin1');
  buffer.writeUInt32LE(12, 80);
  let offset = 84;
  for (const [a, b, c, d] of faces) {
    for (const tri of [[a, b, c], [a, c, d]]) {
      offset += 12;
      for (const corner of tri) for (const n of v(corner)) offset = buffer.writeFloatLE(n, offset);
      offset += 2;
    }
  }
  return buffer;
}

const STL = boxStl(24, 18, 12);
const CONFIGURATION = { process: '3d-printing', materialId: 'sla-standard-resin', colourId: 'white', quantity: 2, tier: 'standard', finishes: [] };

let topology: Topology;
let startupSeconds = 0;
const began = Date.now();

interface Answer<T> {
  status: number;
  body: T;
  upstream: string | null;
  headers: Headers;
}

async function call<T = Record<string, unknown>>(
  base: 'api' | 'msapi',
  path: string,
  options: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const res = await fetch(`${topology.balancer.url}/${base}/manufacture/${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T, upstream: upstreamOf(res.headers), headers: res.headers };
}

/**
 * The API process that answered: the Node proxy names it in X-Upstream; nginx gives
 * `$upstream_addr` there (every address tried, the one that answered last).
 */
function upstreamOf(headers: Headers): string | null {
  const value = headers.get('x-upstream');
  if (!value) return null;
  const last = value.split(', ').at(-1)!;
  return topology.apis.find((a) => last === `127.0.0.1:${a.port}`)?.name ?? last;
}

/** The API process receiving an upload: the one whose spool holds a `.part` file. */
async function receivingApi(): Promise<string> {
  return vi.waitFor(() => {
    const receiving = topology.apis.filter((a) => (fs.existsSync(a.spoolDir) ? fs.readdirSync(a.spoolDir) : []).some((f) => f.endsWith('.part')));
    expect(receiving).toHaveLength(1);
    return receiving[0]!.name;
  }, WAIT);
}

/**
 * Bytes that arrived on connections to `port` and were not read (Linux, /proc/net/tcp): a request
 * waiting in a frozen process's socket, or in its listen queue.
 */
function waitingBytes(port: number): number {
  const hex = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  return fs
    .readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((f) => f[1]?.endsWith(hex) && f[3] === '01')
    .reduce((sum, f) => sum + parseInt(f[4]!.split(':')[1]!, 16), 0);
}

/** A failed upload attempt: its status, or null when the connection dropped. */
class UploadFailed extends Error {
  constructor(readonly status: number | null) {
    super(status === null ? 'the connection dropped' : `answered ${status}`);
  }
}

/** The quote page's save (features/quote/api.ts) on the test's client: a PUT with a new key. */
const saveConfiguration = (api: ApiCall, projectId: string, fileId: string) =>
  api<PartQuote>(`project/${projectId}/files/${fileId}/configuration`, { method: 'PUT', body: CONFIGURATION, headers: idempotencyHeader('cfg'), quiet: true });

/** The multipart body of one `file` part, as a browser sends it. */
function multipart(name: string, bytes: Buffer) {
  const boundary = `----topology${randomUUID()}`;
  const head = Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\ncontent-type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { contentType: `multipart/form-data; boundary=${boundary}`, head, body: bytes, tail };
}

/**
 * The guide's `fail_timeout`: nginx leaves a server that failed out of the rotation for this long,
 * even once it is back. Two failures within it (one server restarted, the other killed) leave no
 * live upstream and answer 502 twice, which no retry rule can hide; so after a restart the journey
 * goes on once the balancer takes the restarted process back, as a second failure would find it
 * after the first had healed.
 */
const NGINX_FAIL_TIMEOUT_MS = Number(/fail_timeout=(\d+)s/.exec(fs.readFileSync(new URL('../../docs/deploy/nginx.conf', import.meta.url), 'utf8'))?.[1] ?? 0) * 1000;
/** When an API process was last killed. */
let lastKillAt = 0;

beforeAll(async () => {
  if (!canRun) return;
  topology = await startTopology({ apis: 2, workers: 1, ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}) });
  startupSeconds = (Date.now() - began) / 1000;
  console.log(`[topology] proxy: ${topology.balancer.kind === 'nginx' ? 'nginx (docs/deploy/nginx.conf)' : 'the Node proxy (nginx not installed, or TOPOLOGY_PROXY=node)'}`);
}, 400_000);

afterAll(async () => {
  await topology?.stop();
  if (canRun) console.log(`[topology] start-up ${startupSeconds.toFixed(1)} s; whole suite ${((Date.now() - began) / 1000).toFixed(1)} s`);
}, 120_000);

describe.runIf(canRun)('two API processes, one worker, S3 and a proxy on PostgreSQL', () => {
  test('the customer’s journey through the proxy sees no failure while an API process is killed at five points (each restarted): nothing lost, nothing doubled, paid once', async () => {
    const journeyStarted = Date.now();
    const { balancer, apis } = topology;
    const kills: string[] = [];

    // The customer: the browser's own API client (lib/api/client.ts, its retry rule, ADR 174) with
    // the page's hooks counting every failure it would show.
    const seen: string[] = [];
    configureApi({ onError: (message) => seen.push(message), onUnauthorized: () => seen.push('signed out') });
    const tokens = createExpiringStorage(memoryBackend());
    const mainApi = createApiClient({ baseURL: `${balancer.url}/api/manufacture`, tokens });
    const msApi = createApiClient({ baseURL: `${balancer.url}/msapi/manufacture`, tokens });
    /** A step of the journey: a failure it throws is one the customer sees (a quiet call's form shows it). */
    const step = async <T,>(name: string, run: () => Promise<T>): Promise<T> => {
      try {
        return await run();
      } catch (error) {
        seen.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
        throw error;
      }
    };

    // Signed in through either process: one JWT_SECRET, sessions in PostgreSQL.
    const login = await step('login', () => mainApi<{ accessToken: string }>('account/login', { method: 'POST', body: { email: DEMO_EMAIL, password: DEMO_PASSWORD } }));
    tokens.set(STORAGE_KEYS.token, login.accessToken);
    const token = login.accessToken;
    const me = await Promise.all([0, 1].map(() => call<{ balanceCents: number }>('api', 'account/me', { token })));
    expect(new Set(me.map((r) => r.upstream))).toEqual(new Set(['api-a', 'api-b']));
    const balanceBefore = me[0]!.body.balanceCents;

    const project = await step('project', () => msApi<Project>('project', { method: 'POST', body: { name: 'Topology bracket', process: '3d-printing' } }));

    // 1. During an upload. The head of the multipart body is sent and the rest held back; the API
    // receiving it (the one whose spool holds the arriving file) is killed with SIGKILL. The proxy
    // cannot send a POST again once it began to send it: 502 (or a dropped connection). The
    // customer's upload carries an Idempotency-Key, so the retry rule sends it once more, whole.
    const upload = multipart('bracket.stl', STL);
    const uploadKey = newIdempotencyKey('upload');
    const url = `${balancer.url}/msapi/manufacture/project/${project.id}/files`;
    let uploadAttempts = 0;
    const uploaded = await step('upload', () =>
      sendWithRetry<QuoteFile>(
        { method: 'POST', headers: { [IDEMPOTENCY_HEADER]: uploadKey } },
        async (attempt) => {
          uploadAttempts++;
          if (attempt > 0) {
            const form = new FormData();
            form.append('file', new Blob([new Uint8Array(STL)]), 'bracket.stl');
            const res = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}`, [IDEMPOTENCY_HEADER]: uploadKey }, body: form });
            if (res.status !== 201) throw new UploadFailed(res.status);
            return (await res.json()) as QuoteFile;
          }
          const inFlight = http.request(url, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, [IDEMPOTENCY_HEADER]: uploadKey, 'content-type': upload.contentType, 'content-length': String(upload.head.length + upload.body.length + upload.tail.length) },
          });
          const answered = new Promise<number>((resolve, reject) => {
            inFlight.on('response', (res) => {
              res.resume();
              resolve(res.statusCode ?? 0);
            });
            inFlight.on('error', reject);
          });
          inFlight.write(upload.head);
          inFlight.write(upload.body.subarray(0, 100));
          const receiving = await receivingApi();
          const victim = apis.find((a) => a.name === receiving)!;
          await victim.child.stop('SIGKILL');
          lastKillAt = Date.now();
          kills.push(`${victim.name} during the upload`);
          const status = await answered.finally(() => inFlight.destroy()).catch(() => 0);
          throw status === 0 ? new UploadFailed(null) : new UploadFailed(status);
        },
        (error) => (error instanceof UploadFailed ? (error.status === null ? { kind: 'network' } : { kind: 'status', status: error.status }) : { kind: 'other' }),
      ),
    );
    expect(uploadAttempts).toBe(2);
    expect(uploaded.analysis).toBe('analysing');
    await restartKilled();

    // The worker analyses it from the bucket; the page reads the file until it is done.
    const analysed = await vi.waitFor(async () => {
      const file = await step('read the file', () => msApi<QuoteFile>(`project/${project.id}/files/${uploaded.id}`, { quiet: true }));
      expect(file.analysis).not.toBe('analysing');
      return file;
    }, WAIT);
    expect(analysed).toMatchObject({ analysis: 'done', orderable: true, analysisError: null });

    // 2–5. The configuration save, the add to cart, the order and the payment are each sent while
    // both API processes are frozen (SIGSTOP): the request reaches one of them and waits there;
    // that one is killed (SIGKILL) and the other resumed. The proxy passes on what it may (nginx
    // sends a PUT again itself); the rest comes back 502 and the customer's client sends it once
    // more, with the same key, to the survivor.
    const configured = await killedInFlight('the configuration save', () =>
      step('configure', () => saveConfiguration(msApi, project.id, uploaded.id)),
    );
    expect(configured.result.totalCents).toBeGreaterThan(0);
    const cart = await killedInFlight('add to cart', () => step('add to cart', () => msApi<Cart>('cart/items', { method: 'POST', body: { items: [{ fileId: uploaded.id }] }, headers: idempotencyHeader('cart') })));
    expect(cart.lines.map((l) => l.fileId)).toEqual([uploaded.id]);
    const shipping = await step('addresses', () => mainApi<{ list: { id: string }[] }>('account/address'));
    const billing = await step('addresses', () => mainApi<{ list: { id: string }[] }>('account/billingAddress'));
    const checkout = await killedInFlight('checkout', () =>
      step('checkout', () =>
        mainApi<CreateOrderResponse>('checkout/order', {
          method: 'POST',
          body: { shippingAddressId: shipping.list[0]!.id, billingAddressId: billing.list[0]!.id, shipping: { carrier: 'dhl-express', carrierAccount: '123456789' } },
          headers: idempotencyHeader('order'),
          quiet: true,
        }),
      ),
    );
    const order = checkout.order;
    expect(order.status).toBe('pending_payment');
    expect(order.amounts.totalCents).toBeLessThanOrEqual(balanceBefore);
    const payKey = newIdempotencyKey('pay');
    const paid = await killedInFlight('payment', () =>
      step('pay', () => mainApi<{ subject: { status: string } }>(`order/${order.id}/pay`, { method: 'POST', body: { method: 'balance' }, headers: { [IDEMPOTENCY_HEADER]: payKey }, quiet: true })),
    );
    expect(paid.subject.status).toBe('paid');

    // What the customer saw: nothing went wrong.
    expect(seen).toEqual([]);
    expect(kills).toHaveLength(5);

    // Nothing doubled: the payment's key answers the first payment; one order, one payment, the
    // balance debited once; one cart line ordered; one file whose bytes in the bucket are those sent.
    const replay = await call<{ subject: { status: string } }>('api', `order/${order.id}/pay`, { token, body: { method: 'balance' }, headers: { [IDEMPOTENCY_HEADER]: payKey } });
    expect([replay.status, replay.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
    const placed = await call<Order>('api', `order/${order.id}`, { token });
    expect(placed.body.status).toBe('paid');
    expect(placed.body.payments).toHaveLength(1);
    expect(placed.body.products).toHaveLength(1);
    const after = await call<{ balanceCents: number }>('api', 'account/me', { token });
    expect(after.body.balanceCents).toBe(balanceBefore - order.amounts.totalCents);
    const orders = await call<{ list: { id: string }[] }>('api', 'order/list?pageSize=100', { token });
    expect(orders.body.list.filter((o) => o.id === order.id)).toHaveLength(1);
    expect((await call<Cart>('msapi', 'cart', { token })).body.lines).toEqual([]);
    const files = await call<{ list: QuoteFile[]; total: number }>('msapi', `project/${project.id}/files`, { token });
    expect(files.body.total).toBe(1);
    const content = await fetch(`${balancer.url}/msapi/manufacture/project/${project.id}/files/${uploaded.id}/content`, { headers: { authorization: `Bearer ${token}` } });
    expect(createHash('sha256').update(Buffer.from(await content.arrayBuffer())).digest('hex')).toBe(createHash('sha256').update(STL).digest('hex'));

    // Both processes served, the restarted ones too.
    const counts = await vi.waitFor(() => {
      const now = balancer.counts();
      for (const api of apis) expect(now.served.get(api.name) ?? 0).toBeGreaterThan(0);
      return now;
    }, WAIT);
    console.log(
      `[topology] journey ${((Date.now() - journeyStarted) / 1000).toFixed(1)} s through ${balancer.kind}: killed ${kills.join(', ')}; the customer saw ${seen.length} failures; ` +
        `served ${[...counts.served].map(([n, c]) => `${n} ${c}`).join(', ')}; ${counts.retried} passed on by the proxy, ${counts.failed} answered 502 (each sent again by the client)`,
    );

    /** Starts every killed API process again on its port. */
    async function restartKilled(): Promise<void> {
      await Promise.all(apis.filter((a) => !a.child.running).map((a) => a.start()));
      if (balancer.kind === 'nginx') {
        // nginx counts the timeout in whole seconds from when it saw the failure: one more second.
        const healed = lastKillAt + NGINX_FAIL_TIMEOUT_MS + 1200 - Date.now();
        if (healed > 0) await new Promise((resolve) => setTimeout(resolve, healed));
      }
    }

    /** Runs `call` with its request caught in flight by an API process that is then killed; restarts it after. */
    async function killedInFlight<T>(what: string, run: () => Promise<T>): Promise<T> {
      for (const api of apis) process.kill(api.child.pid!, 'SIGSTOP');
      let victim: ApiProcess | undefined = undefined;
      const pending = run().then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      );
      try {
        victim = await vi.waitFor(() => {
          const holding = apis.filter((a) => waitingBytes(a.port) > 0);
          expect(holding).toHaveLength(1);
          return holding[0]!;
        }, WAIT);
      } finally {
        for (const api of apis) if (api !== victim) process.kill(api.child.pid!, 'SIGCONT');
      }
      const killed = victim!;
      await killed.child.stop('SIGKILL');
      lastKillAt = Date.now();
      kills.push(`${killed.name} with ${what} in flight`);
      const outcome = await pending;
      await restartKilled();
      if ('error' in outcome) throw outcome.error;
      return outcome.value;
    }
  }, 400_000);

  test('the login rate limit holds across both processes: 10 a minute from one address, the 11th refused by either', async () => {
    const client = { 'X-Forwarded-For': '198.51.100.23' };
    const served: (string | null)[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await call('api', 'account/login', { body: { email: DEMO_EMAIL, password: DEMO_PASSWORD }, headers: client });
      expect(res.status).toBe(200);
      served.push(res.upstream);
    }
    expect(served.filter((s) => s === 'api-a').length).toBeGreaterThanOrEqual(3);
    expect(served.filter((s) => s === 'api-b').length).toBeGreaterThanOrEqual(3);
    const refused = await Promise.all([0, 1].map(() => call<{ message: string }>('api', 'account/login', { body: { email: DEMO_EMAIL, password: DEMO_PASSWORD }, headers: client })));
    expect(new Set(refused.map((r) => r.upstream))).toEqual(new Set(['api-a', 'api-b']));
    for (const r of refused) {
      expect(r.status).toBe(429);
      expect(r.body.message).toMatch(/^Too many attempts; please try again in \d+ seconds?\.$/);
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Another client behind the same proxy is not held back.
    const other = await call('api', 'account/login', { body: { email: DEMO_EMAIL, password: DEMO_PASSWORD }, headers: { 'X-Forwarded-For': '198.51.100.24' } });
    expect(other.status).toBe(200);
    expect(new Set([...served, ...refused.map((r) => r.upstream), other.upstream])).toEqual(new Set(['api-a', 'api-b']));
  }, 120_000);
});
