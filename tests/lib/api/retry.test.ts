// @vitest-environment node
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '#domain/api/bases';
import { configureApi, createApiClient } from '#lib/api/client';
import { MAX_RETRIES, RETRY_DELAY_MS, idempotencyHeader, mayRepeat, newIdempotencyKey, sendWithRetry, shouldRetry, type Failure } from '#lib/api/retry';
import { createExpiringStorage, memoryBackend } from '#lib/storage/storage';

/** Issue 41 item 3 (ADR 174): when the browser sends a request again by itself. */

const KEY = { [IDEMPOTENCY_HEADER]: 'req_0123456789abcdef' };
const network: Failure = { kind: 'network' };
const status = (n: number): Failure => ({ kind: 'status', status: n });

describe('the rule', () => {
  test.each(['GET', 'HEAD', 'OPTIONS', 'get', undefined])('a safe method (%s) may be repeated', (method) => {
    expect(mayRepeat({ method })).toBe(true);
  });

  test.each(['POST', 'PUT', 'PATCH', 'DELETE'])('a write (%s) may be repeated only with an Idempotency-Key', (method) => {
    expect(mayRepeat({ method })).toBe(false);
    expect(mayRepeat({ method, headers: {} })).toBe(false);
    expect(mayRepeat({ method, headers: KEY })).toBe(true);
    expect(mayRepeat({ method, headers: { 'idempotency-key': 'req_0123456789abcdef' } })).toBe(true);
    expect(mayRepeat({ method, headers: new Headers(KEY) })).toBe(true);
    expect(mayRepeat({ method, headers: [[IDEMPOTENCY_HEADER, 'req_0123456789abcdef']] })).toBe(true);
  });

  test('a dropped or refused connection, a 502 and a 503 are repeated', () => {
    for (const failure of [network, status(502), status(503)]) {
      expect(shouldRetry({ method: 'GET' }, failure, 0)).toBe(true);
      expect(shouldRetry({ method: 'POST', headers: KEY }, failure, 0)).toBe(true);
    }
  });

  test('nothing else is repeated: an answer of the API itself, a timeout, a cancel', () => {
    for (const failure of [status(400), status(401), status(404), status(409), status(422), status(429), status(500), status(504), { kind: 'timeout' } as const, { kind: 'aborted' } as const, { kind: 'other' } as const]) {
      expect(shouldRetry({ method: 'GET' }, failure, 0)).toBe(false);
      expect(shouldRetry({ method: 'POST', headers: KEY }, failure, 0)).toBe(false);
    }
  });

  test('a write without a key is never repeated, whatever the failure', () => {
    for (const failure of [network, status(502), status(503)]) expect(shouldRetry({ method: 'POST' }, failure, 0)).toBe(false);
  });

  test('at most once', () => {
    expect(MAX_RETRIES).toBe(1);
    expect(shouldRetry({ method: 'GET' }, network, 1)).toBe(false);
    expect(shouldRetry({ method: 'POST', headers: KEY }, status(503), 1)).toBe(false);
  });

  test('sendWithRetry sends at most twice, waiting RETRY_DELAY_MS between, and throws the last failure', async () => {
    const wait = vi.fn(async () => {});
    const send = vi.fn(async (attempt: number) => {
      throw new Error(`attempt ${attempt}`);
    });
    await expect(sendWithRetry({ method: 'GET' }, send, () => network, wait)).rejects.toThrow('attempt 1');
    expect(send).toHaveBeenCalledTimes(2);
    expect(wait.mock.calls).toEqual([[RETRY_DELAY_MS]]);
  });

  test('sendWithRetry answers the repeat’s answer, and does not repeat what the rule refuses', async () => {
    let calls = 0;
    expect(await sendWithRetry({ method: 'GET' }, async () => (calls++ === 0 ? Promise.reject(new Error('dropped')) : 'second'), () => network, async () => {})).toBe('second');
    const send = vi.fn(async () => Promise.reject(new Error('422')));
    await expect(sendWithRetry({ method: 'POST', headers: KEY }, send, () => status(422), async () => {})).rejects.toThrow('422');
    expect(send).toHaveBeenCalledOnce();
  });

  test('a new key for each action, of the form the server takes', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey('cart')));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(Object.keys(idempotencyHeader())).toEqual([IDEMPOTENCY_HEADER]);
  });
});

/**
 * A server whose `/flaky/<id>/<how>` fails its first request the way `how` says (a status, `drop`
 * for a connection closed without an answer, `hang` for none at all) and answers 200 after, and
 * counts the requests each id got.
 */
const hits = new Map<string, { count: number; keys: (string | undefined)[] }>();
const server = http.createServer((req, res) => {
  const [, , id = '', how = ''] = new URL(req.url ?? '/', 'http://x').pathname.split('/');
  const seen = hits.get(id) ?? { count: 0, keys: [] };
  seen.count++;
  seen.keys.push(req.headers['idempotency-key'] as string | undefined);
  hits.set(id, seen);
  req.resume();
  if (seen.count === 1 || how.startsWith('always-')) {
    const kind = how.replace('always-', '');
    if (kind === 'drop') return req.socket.destroy();
    if (kind === 'hang') return;
    res.writeHead(Number(kind), { 'content-type': 'application/json' });
    return res.end(JSON.stringify({ message: `failed with ${kind}` }));
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ ok: true, attempt: seen.count }));
});
let baseURL = '';
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const onError = vi.fn();
beforeEach(() => {
  onError.mockReset();
  configureApi({ onError, onUnauthorized: () => {} });
});
let n = 0;
const call = (timeout = 20_000) => createApiClient({ baseURL, timeout, tokens: createExpiringStorage(memoryBackend()) });
const id = () => `r${++n}`;

describe('the API client repeats by the rule, against a real server', () => {
  test.each(['502', '503', 'drop'])('a GET that met %s is sent once more and its answer is the customer’s', async (how) => {
    const path = `/flaky/${id()}/${how}`;
    expect(await call()(path)).toEqual({ ok: true, attempt: 2 });
    expect(onError).not.toHaveBeenCalled();
  });

  test.each(['POST', 'PUT', 'DELETE'])('a %s with an Idempotency-Key is sent once more with the same key', async (method) => {
    const name = id();
    expect(await call()(`/flaky/${name}/502`, { method, body: { a: 1 }, headers: idempotencyHeader() })).toEqual({ ok: true, attempt: 2 });
    const { keys } = hits.get(name)!;
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(keys[1]).toBe(keys[0]);
  });

  test('a POST without a key is not sent again: the customer reads the failure', async () => {
    const name = id();
    await expect(call()(`/flaky/${name}/502`, { method: 'POST', body: {} })).rejects.toThrow();
    expect(hits.get(name)!.count).toBe(1);
    expect(onError).toHaveBeenCalledWith('failed with 502');
  });

  test('a 500, a 422 or a timeout is not sent again', async () => {
    for (const how of ['500', '422']) {
      const name = id();
      await expect(call()(`/flaky/${name}/${how}`)).rejects.toThrow();
      expect(hits.get(name)!.count).toBe(1);
    }
    const name = id();
    await expect(call(300)(`/flaky/${name}/hang`, { method: 'POST', headers: idempotencyHeader() })).rejects.toThrow();
    expect(hits.get(name)!.count).toBe(1);
  });

  test('twice at most: a second failure reaches the customer, once', async () => {
    const name = id();
    await expect(call()(`/flaky/${name}/always-503`)).rejects.toThrow();
    expect(hits.get(name)!.count).toBe(2);
    expect(onError.mock.calls).toEqual([['failed with 503']]);
  });
});
