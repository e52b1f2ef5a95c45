import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { IDEMPOTENCY_KEY_PATTERN } from '#domain/api/bases';
import { UploadError, uploadFile } from '#lib/api/upload';

/**
 * Issue 41 item 3 (ADR 174): an upload with an Idempotency-Key is sent once more after a dropped
 * connection or a 502/503, with the same key; one without is never repeated. The page's XHR
 * (jsdom's) against a real server that fails each id's first request as told.
 */
const seen = new Map<string, { count: number; keys: (string | undefined)[]; bytes: number[] }>();
const server = http.createServer((req, res) => {
  res.setHeader('access-control-allow-origin', '*');
  res.setHeader('access-control-allow-headers', 'authorization, idempotency-key');
  if (req.method === 'OPTIONS') return res.writeHead(204).end();
  const [, , id = '', how = ''] = new URL(req.url ?? '/', 'http://x').pathname.split('/');
  const entry = seen.get(id) ?? { count: 0, keys: [], bytes: [] };
  entry.count++;
  entry.keys.push(req.headers['idempotency-key'] as string | undefined);
  seen.set(id, entry);
  let bytes = 0;
  req.on('data', (chunk: Buffer) => (bytes += chunk.length));
  req.on('end', () => {
    entry.bytes.push(bytes);
    if (entry.count === 1 || how.startsWith('always-')) {
      const kind = how.replace('always-', '');
      if (kind === 'drop') return req.socket.destroy();
      res.writeHead(Number(kind), { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ message: `failed with ${kind}` }));
    }
    res.writeHead(201, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ id, attempt: entry.count }));
  });
});
let base = '';
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const file = new File([new Uint8Array(20_000).fill(7)], 'bracket.stl');
let n = 0;

describe('an upload meets an API process going away', () => {
  test.each(['502', '503', 'drop'])('with a key, after %s it is sent again whole, with the same key, and succeeds', async (how) => {
    const id = `u${++n}`;
    const handle = uploadFile<{ attempt: number }>(`${base}/upload/${id}/${how}`, file, () => {}, { idempotencyKey: 'upload_0123456789abcdef' });
    expect(await handle.result).toEqual({ id, attempt: 2 });
    const entry = seen.get(id)!;
    expect(entry.keys).toEqual(['upload_0123456789abcdef', 'upload_0123456789abcdef']);
    expect(entry.bytes[1]).toBeGreaterThan(file.size);
  });

  test('without a key it is not sent again: the failure is the customer’s', async () => {
    const id = `u${++n}`;
    const handle = uploadFile(`${base}/upload/${id}/502`, file, () => {});
    await expect(handle.result).rejects.toMatchObject({ status: 502, message: 'failed with 502' });
    expect(seen.get(id)!.count).toBe(1);
  });

  test('twice at most, and never after an answer of the API itself (422)', async () => {
    const twice = `u${++n}`;
    await expect(uploadFile(`${base}/upload/${twice}/always-503`, file, () => {}, { idempotencyKey: 'upload_aaaaaaaaaaaaaaaa' }).result).rejects.toBeInstanceOf(UploadError);
    expect(seen.get(twice)!.count).toBe(2);
    const refused = `u${++n}`;
    await expect(uploadFile(`${base}/upload/${refused}/422`, file, () => {}, { idempotencyKey: 'upload_bbbbbbbbbbbbbbbb' }).result).rejects.toMatchObject({ status: 422 });
    expect(seen.get(refused)!.count).toBe(1);
  });

  test('a key of the form the server takes', async () => {
    const { newIdempotencyKey } = await import('#lib/api/retry');
    expect(newIdempotencyKey('upload')).toMatch(IDEMPOTENCY_KEY_PATTERN);
  });
});
