import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Order, CreateOrderResponse } from '#domain/api/order';
import type { Cart, PartQuote, Project, QuoteFile } from '#domain/api/quote';
import { DEMO_EMAIL, DEMO_PASSWORD } from '#server/accounts/demo-account';
import { findPostgresBin } from '../../scripts/postgres-cluster.mjs';
import { startTopology, type Topology } from '../../scripts/topology.ts';

/**
 * Issue 21 item 5 (ADR 135): the real topology. PostgreSQL, s3rver, `npm run db:migrate` once, two
 * API processes (MIGRATE=skip, STORAGE=s3, JOB_QUEUE=postgres, one JWT_SECRET), one analysis worker
 * and a round-robin proxy in front, all separate processes on loopback. The journey is the API's, as
 * a client makes it through the proxy: sign in, upload a real STL, wait for the worker's analysis,
 * configure, add to the cart, check out, pay with the balance. The API that receives the upload is
 * killed (SIGKILL) while the upload is in flight and restarted later; the rate limit is counted across
 * both. Run by `npm test` under scripts/with-postgres.mjs (SKIPPED there without PostgreSQL).
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

/** The multipart body of one `file` part, as a browser sends it. */
function multipart(name: string, bytes: Buffer) {
  const boundary = `----topology${randomUUID()}`;
  const head = Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\ncontent-type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { contentType: `multipart/form-data; boundary=${boundary}`, head, body: bytes, tail };
}

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
  let token = '';
  let fileId = '';
  let projectId = '';

  test('the journey completes through the proxy, with one API killed during an upload and restarted: nothing lost, paid once', async () => {
    const journeyStarted = Date.now();
    const { balancer, apis } = topology;

    // Signed in through either process: one JWT_SECRET, sessions in PostgreSQL.
    const login = await call<{ accessToken: string }>('api', 'account/login', { body: { email: DEMO_EMAIL, password: DEMO_PASSWORD } });
    expect(login.status).toBe(200);
    token = login.body.accessToken;
    const before = await call<{ balanceCents: number }>('api', 'account/me', { token });
    const again = await call<{ balanceCents: number }>('api', 'account/me', { token });
    expect([before.status, again.status]).toEqual([200, 200]);
    expect(new Set([login.upstream, before.upstream, again.upstream])).toEqual(new Set(['api-a', 'api-b']));
    const balanceBefore = before.body.balanceCents;

    const project = await call<Project>('msapi', 'project', { token, body: { name: 'Topology bracket', process: '3d-printing' } });
    expect(project.status).toBe(201);
    projectId = project.body.id;

    // An upload in flight: the head of the multipart body is sent, the rest held back; the API the
    // proxy chose (the one whose spool holds the arriving file) is killed with SIGKILL. The proxy
    // cannot replay a POST it has begun to send: 502.
    const upload = multipart('bracket.stl', STL);
    const inFlight = http.request(`${balancer.url}/msapi/manufacture/project/${projectId}/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': upload.contentType, 'content-length': String(upload.head.length + upload.body.length + upload.tail.length) },
    });
    const interrupted = new Promise<number>((resolve, reject) => {
      inFlight.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      inFlight.on('error', reject);
    });
    inFlight.write(upload.head);
    inFlight.write(upload.body.subarray(0, 100));
    const victimName = await receivingApi();
    const victim = apis.find((a) => a.name === victimName)!;
    const survivor = apis.find((a) => a.name !== victimName)!;
    await victim.child.stop('SIGKILL');
    expect(await victim.child.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(await interrupted).toBe(502);
    inFlight.destroy();

    // The client sends the upload again, as the page's upload does after a failed request: it reaches
    // the survivor (a refused connection to the dead one is passed on by the proxy before anything is sent).
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(STL)]), 'bracket.stl');
    const retry = await fetch(`${balancer.url}/msapi/manufacture/project/${projectId}/files`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(retry.status).toBe(201);
    expect(upstreamOf(retry.headers)).toBe(survivor.name);
    const uploaded = (await retry.json()) as QuoteFile;
    fileId = uploaded.id;
    expect(uploaded.analysis).toBe('analysing');

    // The worker analyses it from the bucket; the page reads the file until it is done. Half of these
    // reads are routed to the dead process first and passed on by the proxy.
    const retriedBefore = balancer.counts().retried;
    const analysed = await vi.waitFor(async () => {
      const file = await call<QuoteFile>('msapi', `project/${projectId}/files/${fileId}`, { token });
      expect(file.status).toBe(200);
      expect(file.body.analysis).not.toBe('analysing');
      return file.body;
    }, WAIT);
    expect(analysed).toMatchObject({ analysis: 'done', orderable: true, analysisError: null });
    expect(analysed.metrics).not.toBeNull();
    const reads = await Promise.all([0, 1, 2, 3].map(() => call<QuoteFile>('msapi', `project/${projectId}/files/${fileId}`, { token })));
    expect(reads.map((r) => [r.status, r.upstream])).toEqual(Array(4).fill([200, survivor.name]));
    // A read that meets the dead process is passed on: nginx tries it again after fail_timeout.
    await vi.waitFor(async () => {
      const read = await call<QuoteFile>('msapi', `project/${projectId}/files/${fileId}`, { token });
      expect(read.status).toBe(200);
      expect(balancer.counts().retried).toBeGreaterThan(retriedBefore);
    }, WAIT);

    // The killed process comes back on its port and takes its share again.
    const servedBeforeRestart = balancer.counts().served.get(victim.name) ?? 0;
    await victim.start();

    const configured = await call<PartQuote>('msapi', `project/${projectId}/files/${fileId}/configuration`, { method: 'PUT', token, body: CONFIGURATION });
    expect(configured.status).toBe(200);
    expect(configured.body.result.totalCents).toBeGreaterThan(0);
    const cart = await call<Cart>('msapi', 'cart/items', { token, body: { items: [{ fileId }] } });
    expect(cart.status).toBe(201);
    expect(cart.body.lines.map((l) => l.fileId)).toEqual([fileId]);
    const shipping = await call<{ list: { id: string; isDefault: boolean }[] }>('api', 'account/address', { token });
    const billing = await call<{ list: { id: string }[] }>('api', 'account/billingAddress', { token });
    const checkout = await call<CreateOrderResponse>('api', 'checkout/order', {
      token,
      body: { shippingAddressId: shipping.body.list[0]!.id, billingAddressId: billing.body.list[0]!.id, shipping: { carrier: 'dhl-express', carrierAccount: '123456789' } },
    });
    expect(checkout.status).toBe(201);
    const order = checkout.body.order;
    expect(order.status).toBe('pending_payment');
    expect(order.amounts.totalCents).toBeLessThanOrEqual(balanceBefore);

    // Payment with the balance. The client whose answer is lost sends it again with the same key; two
    // copies race on the two processes, then a third arrives: one charge, the others replay or wait.
    const key = `topology-${randomUUID()}`;
    const pay = () => call<{ subject: { status: string }; balanceCents: number }>('api', `order/${order.id}/pay`, { token, body: { method: 'balance' }, headers: { 'Idempotency-Key': key } });
    const racing = await Promise.all([pay(), pay()]);
    expect(new Set(racing.map((r) => r.upstream))).toEqual(new Set(['api-a', 'api-b']));
    expect(racing.map((r) => r.status).sort()).toEqual(expect.arrayContaining([200]));
    for (const r of racing) expect([200, 409]).toContain(r.status);
    const replay = await pay();
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.subject.status).toBe('paid');

    const paid = await call<Order>('api', `order/${order.id}`, { token });
    expect(paid.body.status).toBe('paid');
    expect(paid.body.payments).toHaveLength(1);
    const after = await call<{ balanceCents: number }>('api', 'account/me', { token });
    expect(after.body.balanceCents).toBe(balanceBefore - order.amounts.totalCents);
    const orders = await call<{ list: { id: string }[] }>('api', 'order/list?pageSize=100', { token });
    expect(orders.body.list.filter((o) => o.id === order.id)).toHaveLength(1);

    // Nothing lost, nothing half-written: one file in the project, its bytes in the bucket as sent.
    const files = await call<{ list: QuoteFile[]; total: number }>('msapi', `project/${projectId}/files`, { token });
    expect(files.body.total).toBe(1);
    const content = await fetch(`${balancer.url}/msapi/manufacture/project/${projectId}/files/${fileId}/content`, { headers: { authorization: `Bearer ${token}` } });
    expect(createHash('sha256').update(Buffer.from(await content.arrayBuffer())).digest('hex')).toBe(createHash('sha256').update(STL).digest('hex'));

    // Both processes served the journey, the restarted one too.
    const counts = await vi.waitFor(() => {
      const now = balancer.counts();
      expect(now.served.get(victim.name) ?? 0).toBeGreaterThan(servedBeforeRestart);
      expect(now.served.get(survivor.name) ?? 0).toBeGreaterThan(0);
      return now;
    }, WAIT);
    console.log(
      `[topology] journey ${((Date.now() - journeyStarted) / 1000).toFixed(1)} s through ${balancer.kind}: served ${[...counts.served].map(([n, c]) => `${n} ${c}`).join(', ')}; ` +
        `${counts.retried} passed on after a refused connection, ${counts.failed} answered 502; ${victim.name} killed during the upload and restarted`,
    );
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
