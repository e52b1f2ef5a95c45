import zlib from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { COMPRESS_MIN_BYTES, compressJson } from '#server/http/compression';
import { CUBE_STL, createQuoteTestApp, db, readFixture, type QuoteTestApp } from '../quote/quote-test-app.ts';

// The API's JSON answers of 1 KB or more go out compressed (issue 18 item 1, ADR 106); files,
// uploads and answers already coded go out as they are.
let t: QuoteTestApp;
let token: string;
beforeAll(async () => {
  t = await createQuoteTestApp();
  token = (await t.registerUser()).token;
});
afterAll(() => t.close());

const BROWSER = 'gzip, deflate, br, zstd';
const decode = async (res: Response): Promise<string> => {
  const bytes = Buffer.from(await res.arrayBuffer());
  const coding = res.headers.get('Content-Encoding');
  if (coding === 'br') return zlib.brotliDecompressSync(bytes).toString();
  if (coding === 'gzip') return zlib.gunzipSync(bytes).toString();
  return bytes.toString();
};

describe(`API answers compressed (${db})`, () => {
  test('common/index (about 2 KB): brotli for a browser, gzip when only gzip, the same JSON as the plain answer', async () => {
    const plain = await t.api('common/index');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(plain.headers.get('Vary')).toMatch(/Accept-Encoding/);
    const json = await plain.text();
    expect(json.length).toBeGreaterThan(COMPRESS_MIN_BYTES);

    const br = await t.api('common/index', { headers: { 'Accept-Encoding': BROWSER } });
    expect(br.status).toBe(200);
    expect(br.headers.get('Content-Encoding')).toBe('br');
    expect(br.headers.get('Vary')).toMatch(/Accept-Encoding/);
    expect(br.headers.get('Content-Type')).toMatch(/^application\/json/);
    const brBytes = (await br.clone().arrayBuffer()).byteLength;
    expect(brBytes).toBeLessThan(json.length / 2);
    expect(JSON.parse(await decode(br))).toEqual(JSON.parse(json));

    const gzip = await t.api('common/index', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers.get('Content-Encoding')).toBe('gzip');
    expect(JSON.parse(await decode(gzip))).toEqual(JSON.parse(json));
  });

  test('the OpenAPI document is compressed too', async () => {
    const doc = await t.api('openapi.json', { headers: { 'Accept-Encoding': BROWSER } });
    expect(doc.headers.get('Content-Encoding')).toBe('br');
    expect(JSON.parse(await decode(doc))).toMatchObject({ openapi: expect.any(String) });
  });

  test('an answer under 1 KB goes out as it is (but still varies)', async () => {
    const me = await t.api('account/me', { headers: { 'Accept-Encoding': BROWSER, authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(me.headers.get('Content-Encoding')).toBeNull();
    expect(me.headers.get('Vary')).toMatch(/Accept-Encoding/);
    const text = await me.text();
    expect(text.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(JSON.parse(text)).toMatchObject({ email: expect.stringContaining('@') });
    const refused = await t.api('account/me', { headers: { 'Accept-Encoding': BROWSER } });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ message: 'Please log in to continue.' });
  });

  test('an upload (a streamed multipart request) and a stored file come back uncompressed', async () => {
    const temp = await t.temporaryToken();
    const project = await t.project(temp);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await readFixture(CUBE_STL))]), 'cube.stl');
    const upload = await t.fetch(`/msapi/manufacture/project/${project.id}/files`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${temp}`, 'Accept-Encoding': BROWSER },
    });
    expect(upload.status).toBe(201);
    expect(upload.headers.get('Content-Encoding')).toBeNull();
    const stored = (await upload.json()) as { id: string };
    const content = await t.fetch(`/msapi/manufacture/project/${project.id}/files/${stored.id}/content`, {
      headers: { authorization: `Bearer ${temp}`, 'Accept-Encoding': BROWSER },
    });
    expect(content.status).toBe(200);
    expect(content.headers.get('Content-Encoding')).toBeNull();
    expect(new Uint8Array(await content.arrayBuffer())).toEqual(await readFixture(CUBE_STL));
  });
});

describe('the JSON compression middleware', () => {
  const big = { text: 'x'.repeat(4000) };
  const app = new Hono();
  app.use(compressJson());
  app.get('/coded', (c) => c.body(zlib.gzipSync(JSON.stringify(big)), 200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }));
  app.get('/no-transform', (c) => c.json(big, 200, { 'Cache-Control': 'no-transform' }));
  app.get('/problem', (c) => c.json(big, 422, { 'Content-Type': 'application/problem+json', ETag: '"v1"' }));
  app.get('/text', (c) => c.text('y'.repeat(4000)));

  test('never compresses twice, nor an answer marked no-transform, nor text that is not JSON', async () => {
    const coded = await app.request('/coded', { headers: { 'Accept-Encoding': BROWSER } });
    expect(coded.headers.get('Content-Encoding')).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(Buffer.from(await coded.arrayBuffer())).toString())).toEqual(big);
    const kept = await app.request('/no-transform', { headers: { 'Accept-Encoding': BROWSER } });
    expect(kept.headers.get('Content-Encoding')).toBeNull();
    expect(await kept.json()).toEqual(big);
    const text = await app.request('/text', { headers: { 'Accept-Encoding': BROWSER } });
    expect(text.headers.get('Content-Encoding')).toBeNull();
  });

  test('keeps the status, a +json type, and weakens a strong ETag; HEAD is left alone', async () => {
    const res = await app.request('/problem', { headers: { 'Accept-Encoding': 'br' } });
    expect(res.status).toBe(422);
    expect(res.headers.get('Content-Type')).toBe('application/problem+json');
    expect(res.headers.get('Content-Encoding')).toBe('br');
    expect(res.headers.get('ETag')).toBe('W/"v1"');
    expect(JSON.parse(zlib.brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString())).toEqual(big);
    const head = await app.request('/problem', { method: 'HEAD', headers: { 'Accept-Encoding': 'br' } });
    expect(head.headers.get('Content-Encoding')).toBeNull();
  });
});
