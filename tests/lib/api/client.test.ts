// @vitest-environment node
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { configureApi, createApiClient } from '#lib/api/client';
import { STORAGE_KEYS, createExpiringStorage, memoryBackend } from '#lib/storage/storage';

/** A real server that misbehaves on request: /status/<n>[?message=], /hang, /drop, /echo-auth. */
const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  const [, kind, arg] = url.pathname.split('/');
  if (kind === 'hang') return; // never answers
  if (kind === 'drop') return req.socket.destroy();
  if (kind === 'echo-auth') {
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end(JSON.stringify({ authorization: req.headers.authorization ?? null }));
  }
  const status = Number(arg);
  const message = url.searchParams.get('message');
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(message ? { message } : {}));
});
let baseURL = '';
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const onError = vi.fn();
const onUnauthorized = vi.fn();
beforeEach(() => {
  onError.mockReset();
  onUnauthorized.mockReset();
  configureApi({ onError, onUnauthorized });
});

function client(timeout = 20_000) {
  const tokens = createExpiringStorage(memoryBackend());
  return { call: createApiClient({ baseURL, timeout, tokens }), tokens };
}

describe('the error catalogue (spec section 8), against a real server', () => {
  test('timeout: "System is busy, please try again later"', async () => {
    await expect(client(300).call('/hang')).rejects.toThrow();
    expect(onError).toHaveBeenCalledWith('System is busy, please try again later');
  });

  test('no response: "Unknown network error"', async () => {
    await expect(client().call('/drop')).rejects.toThrow();
    expect(onError).toHaveBeenCalledWith('Unknown network error');
  });

  test('401: the session is told, no message', async () => {
    await expect(client().call('/status/401')).rejects.toThrow();
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(onError).not.toHaveBeenCalled();
  });

  test.each([403, 404, 422])('%i: the server message, or "Error"', async (status) => {
    await expect(client().call(`/status/${status}?message=Order%20id%20not%20found.`)).rejects.toThrow();
    await expect(client().call(`/status/${status}`)).rejects.toThrow();
    expect(onError.mock.calls).toEqual([['Order id not found.'], ['Error']]);
  });

  test.each([400, 500, 502])('%i: the server message, or "Unknown error"', async (status) => {
    await expect(client().call(`/status/${status}?message=Service%20is%20being%20upgraded`)).rejects.toThrow();
    await expect(client().call(`/status/${status}`)).rejects.toThrow();
    expect(onError.mock.calls).toEqual([['Service is being upgraded'], ['Unknown error']]);
  });

  test('a quiet call leaves the message to the caller', async () => {
    await expect(client().call('/status/422?message=Email%20required', { quiet: true })).rejects.toThrow();
    expect(onError).not.toHaveBeenCalled();
  });

  test('a call the page cancelled says nothing', async () => {
    const controller = new AbortController();
    const pending = client().call('/hang', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow();
    expect(onError).not.toHaveBeenCalled();
  });

  test('the timeout still applies when the caller passes a signal', async () => {
    await expect(client(300).call('/hang', { signal: new AbortController().signal })).rejects.toThrow();
    expect(onError).toHaveBeenCalledWith('System is busy, please try again later');
  });
});

describe('the Bearer header', () => {
  test('the token when there is one', async () => {
    const { call, tokens } = client();
    tokens.set(STORAGE_KEYS.token, 'full', 60);
    tokens.set(STORAGE_KEYS.tempToken, 'temp', 60);
    expect(await call('/echo-auth')).toEqual({ authorization: 'Bearer full' });
  });

  test('the temporary token when there is no token', async () => {
    const { call, tokens } = client();
    tokens.set(STORAGE_KEYS.tempToken, 'temp', 60);
    expect(await call('/echo-auth')).toEqual({ authorization: 'Bearer temp' });
  });

  test('none for an anonymous visitor', async () => {
    expect(await client().call('/echo-auth')).toEqual({ authorization: null });
  });
});
