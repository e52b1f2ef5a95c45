import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CONSENT_COOKIE } from '#domain/rules/consent-cookie';
import { PRERENDERED_PAGES, PRERENDER_DIR } from '#domain/rules/prerendered-pages';
import { IMMUTABLE_CACHE, REVALIDATE_CACHE, mountWebApp } from '#server/http/web-app';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// The built app as the server sends it (issue 18 item 1, ADR 106): a small build written here the
// way Vite and its compression plugin write one (hashed assets, .br and .gz copies, the manifest).
const db = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
const SCRIPT = `console.log(${JSON.stringify('the app '.repeat(200))});\n`;
const INDEX = `<!doctype html><html lang="en"><head><title>Manufacture</title><script type="module" src="/manufacture/assets/index-Abc123.js"></script></head><body><div id="root"></div></body></html>`;

let dir: string;
let t: TestApp;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-app-'));
  const write = (file: string, content: string | Buffer, compressed = false) => {
    const full = path.join(dir, file);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, content);
    if (compressed) {
      fs.writeFileSync(`${full}.br`, zlib.brotliCompressSync(content));
      fs.writeFileSync(`${full}.gz`, zlib.gzipSync(content));
    }
  };
  write('index.html', INDEX, true);
  write('assets/index-Abc123.js', SCRIPT, true);
  write('assets/inter-Def456.woff2', Buffer.from([0x77, 0x4f, 0x46, 0x32, 1, 2, 3]));
  write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  write('.vite/manifest.json', '{}');
  // The checkout's pages also name the script that starts its calls (ADR 227), as the build writes them.
  for (const page of PRERENDERED_PAGES) {
    const html = prerendered(page.file);
    write(`${PRERENDER_DIR}/${page.file}`, page.page === 'checkout' ? html.replace('<head>', `<head>${EARLY_CALLS}`) : html);
  }
  t = await createTestApp({ staticDir: dir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The script the checkout's HTML names before the entry (ADR 227). */
const EARLY_CALLS = '<script type="module" async crossorigin src="/manufacture/assets/early-calls-Xyz789.js"></script>';

/** A prerendered page as the build writes it (ADR 141): index.html with its first screen in #root, named by its file. */
const prerendered = (file: string) => INDEX.replace('<div id="root"></div>', `<div id="root" data-prerendered inert><main>${file}</main></div>`);

const get = (url: string, headers: Record<string, string> = {}, method = 'GET') => t.app.request(url, { method, headers });
const BROWSER = { 'Accept-Encoding': 'gzip, deflate, br, zstd' };

describe(`the built app: compressed and cached (${db})`, () => {
  test('a hashed asset: brotli for a browser that takes it, one year immutable, Vary: Accept-Encoding', async () => {
    const res = await get('/manufacture/assets/index-Abc123.js', BROWSER);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Encoding')).toBe('br');
    expect(res.headers.get('Vary')).toBe('Accept-Encoding');
    expect(res.headers.get('Cache-Control')).toBe(IMMUTABLE_CACHE);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/javascript/);
    const body = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('Content-Length'))).toBe(body.length);
    expect(body.length).toBeLessThan(SCRIPT.length / 5);
    expect(zlib.brotliDecompressSync(body).toString()).toBe(SCRIPT);
  });

  test('the best coding the request accepts: weights, refusals and the wildcard count', async () => {
    const coding = async (acceptEncoding?: string) =>
      (await get('/manufacture/assets/index-Abc123.js', acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding })).headers.get('Content-Encoding');
    expect(await coding('gzip')).toBe('gzip');
    expect(await coding('br;q=0, gzip')).toBe('gzip');
    expect(await coding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(await coding('gzip, br')).toBe('br');
    expect(await coding('*')).toBe('br');
    expect(await coding('*, br;q=0')).toBe('gzip');
    expect(await coding('identity')).toBeNull();
    expect(await coding('deflate')).toBeNull();
    expect(await coding()).toBeNull();

    const gzip = await get('/manufacture/assets/index-Abc123.js', { 'Accept-Encoding': 'gzip' });
    expect(zlib.gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(SCRIPT);
    const plain = await get('/manufacture/assets/index-Abc123.js');
    expect(await plain.text()).toBe(SCRIPT);
    // The plain answer also varies: a shared cache must not hand it to a browser that takes brotli.
    expect(plain.headers.get('Vary')).toBe('Accept-Encoding');
  });

  test('a file without compressed copies (a font) goes out as it is, without Vary', async () => {
    const res = await get('/manufacture/assets/inter-Def456.woff2', BROWSER);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('font/woff2');
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(res.headers.get('Vary')).toBeNull();
    expect(res.headers.get('Cache-Control')).toBe(IMMUTABLE_CACHE);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array([0x77, 0x4f, 0x46, 0x32, 1, 2, 3]));
  });

  test('a missing asset is a real 404, never index.html and never cached for a year', async () => {
    for (const url of ['/manufacture/assets/x.js', '/manufacture/assets/index-Abc123.css', '/manufacture/assets/', '/manufacture/logo.png', '/manufacture/quote/main.js.map']) {
      const res = await get(url, BROWSER);
      expect(res.status, url).toBe(404);
      expect(res.headers.get('Cache-Control'), url).toBe(REVALIDATE_CACHE);
      expect(res.headers.get('Content-Type'), url).not.toMatch(/html/);
      expect(await res.text(), url).toBe('Not found');
    }
    // The compressed copies and the build's manifest are not files of the site.
    expect((await get('/manufacture/assets/index-Abc123.js.br')).status).toBe(404);
    expect((await get('/manufacture/.vite/manifest.json')).status).toBe(404);
  });

  test('a page of the app gets index.html, written for each answer with its style nonce: no-cache, never a 304', async () => {
    const nonces = new Set<string>();
    for (const url of ['/manufacture/contact-us', '/manufacture/quote/shared/T-1', '/manufacture/user/orders/ORD-1', '/manufacture/index.html', '/manufacture/no-such-page']) {
      const res = await get(url, { ...BROWSER, 'If-None-Match': '"anything"' });
      expect(res.status, url).toBe(200);
      expect(res.headers.get('Content-Type'), url).toMatch(/^text\/html/);
      expect(res.headers.get('Cache-Control'), url).toBe(REVALIDATE_CACHE);
      // A nonce is never reused, so the page has no validator a browser could send back.
      expect(res.headers.get('ETag'), url).toBeNull();
      const nonce = /'nonce-([\w+/=]+)'/.exec(res.headers.get('Content-Security-Policy') ?? '')?.[1] ?? '';
      expect(await res.text(), url).toBe(INDEX.replace('<head>', `<head><meta name="csp-nonce" nonce="${nonce}">`));
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(5);
  });

  test('the quote page and the app root get the prerendered first screen for their process and consent (ADR 141)', async () => {
    const page = async (url: string, headers: Record<string, string> = {}) => {
      const res = await get(url, { ...BROWSER, ...headers });
      expect(res.status, url).toBe(200);
      expect(res.headers.get('Content-Type'), url).toMatch(/^text\/html/);
      expect(res.headers.get('Cache-Control'), url).toBe(REVALIDATE_CACHE);
      expect(res.headers.get('Content-Encoding'), url).toBe('br');
      expect(res.headers.get('Vary'), url).toBe('Cookie, Accept-Encoding');
      expect(res.headers.get('ETag'), url).toBeNull();
      const html = zlib.brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString();
      const nonce = /'nonce-([\w+/=]+)'/.exec(res.headers.get('Content-Security-Policy') ?? '')?.[1] ?? '';
      expect(html, url).toContain(`<head><meta name="csp-nonce" nonce="${nonce}">`);
      return /<main>([^<]+)<\/main>/.exec(html)?.[1];
    };
    expect(await page('/manufacture/quote')).toBe('quote-3d-printing.html');
    expect(await page('/manufacture/quote?technology=cnc')).toBe('quote-cnc.html');
    expect(await page('/manufacture/quote?technology=vacuum-casting&cm=FRIEND1')).toBe('quote-vacuum-casting.html');
    // As the page does: a process it does not know opens 3D printing.
    expect(await page('/manufacture/quote?technology=laser')).toBe('quote-3d-printing.html');
    // The app's root redirects to 3D printing's quote page.
    expect(await page('/manufacture/')).toBe('quote-3d-printing.html');
    const consented = { Cookie: `other=1; ${CONSENT_COOKIE.name}=${CONSENT_COOKIE.value}` };
    expect(await page('/manufacture/quote?technology=cnc', consented)).toBe('quote-cnc-consented.html');
    expect(await page('/manufacture/quote', { Cookie: `${CONSENT_COOKIE.name}=0` })).toBe('quote-3d-printing.html');
    // The log-in page has its own (ADR 235), whatever its query; its neighbours do not.
    expect(await page('/manufacture/login')).toBe('login.html');
    expect(await page('/manufacture/login?redirect=%2Fcheckout', consented)).toBe('login-consented.html');
    expect(await page('/manufacture/login?activate=abc')).toBe('login.html');
    // So has the sign-up page, whatever its query (the app fills a referral code in).
    expect(await page('/manufacture/signup?referralCode=FRIEND1')).toBe('signup.html');
    expect(await page('/manufacture/signup', consented)).toBe('signup-consented.html');
    // The reset-password page has two (ADR 247): asking for the link, and a link's new password.
    expect(await page('/manufacture/reset-password')).toBe('reset-password.html');
    expect(await page('/manufacture/reset-password?key=abc123', consented)).toBe('reset-password-key-consented.html');
    expect(await page('/manufacture/reset-password?key=')).toBe('reset-password.html');
    // Every saved project's page has one opening screen (ADR 264), whatever the project and its query;
    // a shared quote's page, one segment further, has none.
    expect(await page('/manufacture/quote/6a1f4c2e-0b7d-4e59-9c1a-5d2e8f3b7a10?file=abc')).toBe('quote-project.html');
    expect(await page('/manufacture/quote/6a1f4c2e-0b7d-4e59-9c1a-5d2e8f3b7a10/', consented)).toBe('quote-project-consented.html');
    expect(await (await get('/manufacture/quote/shared/abc123')).text()).not.toContain('<main>');
    // Each account page at an address without a parameter has its frame (ADR 267), named after its
    // address; the balance's reload (its guard draws nothing before the account is read), an order's
    // and a project's files (one address per order or project) and the account's root do not.
    expect(await page('/manufacture/user/home')).toBe('user-home.html');
    expect(await page('/manufacture/user/account/referral?tab=friends', consented)).toBe('user-account-referral-consented.html');
    expect(await page('/manufacture/user/order/upload-history/')).toBe('user-order-upload-history.html');
    expect(await page('/manufacture/user/account/billingAddress')).toBe('user-account-billingAddress.html');
    for (const url of ['/manufacture/user', '/manufacture/user/account/balance/reload', '/manufacture/user/order/detail/SO123', '/manufacture/user/project/fileList/abc', '/manufacture/user/home/more']) {
      expect(await (await get(url)).text(), url).not.toContain('<main>');
    }

    const plain = await get('/manufacture/quote');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.text()).toContain('<main>quote-3d-printing.html</main>');
    const head = await get('/manufacture/quote', BROWSER, 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  test('the checkout gets its prerendered frame with the HTML that starts its calls (ADR 227, 243); its other pages and every other page do not', async () => {
    const consented = { Cookie: `${CONSENT_COOKIE.name}=${CONSENT_COOKIE.value}` };
    for (const [url, headers, file] of [
      ['/manufacture/checkout', BROWSER, 'checkout.html'],
      ['/manufacture/checkout/', BROWSER, 'checkout.html'],
      ['/manufacture/checkout?coupon=SAVE5', { ...BROWSER, ...consented }, 'checkout-consented.html'],
    ] as const) {
      const res = await get(url, headers);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('Cache-Control'), url).toBe(REVALIDATE_CACHE);
      // The same policy as every page: the script is this origin's, nothing inline.
      expect(res.headers.get('Content-Security-Policy'), url).toMatch(/script-src 'self' 'wasm-unsafe-eval'(;|$)/);
      const html = zlib.brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString();
      expect(html, url).toContain(EARLY_CALLS);
      expect(html, url).toContain(`<main>${file}</main>`);
    }
    for (const url of ['/manufacture/checkout/payment', '/manufacture/login', '/manufacture/user/home']) {
      const res = await get(url);
      expect(await res.text(), url).not.toContain('early-calls');
    }
  });

  test('HEAD answers the headers without a body; other files of the root revalidate', async () => {
    const head = await get('/manufacture/assets/index-Abc123.js', BROWSER, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('Content-Encoding')).toBe('br');
    expect(Number(head.headers.get('Content-Length'))).toBeGreaterThan(0);
    expect(await head.text()).toBe('');
    const icon = await get('/manufacture/favicon.svg');
    expect(icon.headers.get('Content-Type')).toMatch(/^image\/svg\+xml/);
    expect(icon.headers.get('Cache-Control')).toBe(REVALIDATE_CACHE);
  });

  test('the site root stays outside the app; /manufacture redirects into it; the API is not the app', async () => {
    const root = await get('/');
    expect(root.status).toBe(200);
    expect(await root.text()).toContain('Get an instant quote');
    const bare = await get('/manufacture');
    expect(bare.status).toBe(302);
    expect(bare.headers.get('Location')).toBe('/manufacture/');
    expect((await get('/api/manufacture/no-such-call')).status).toBe(404);
  });
});

describe('a build without prerendered pages', () => {
  test('answers the quote page with index.html', async () => {
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'web-app-bare-'));
    fs.writeFileSync(path.join(bare, 'index.html'), INDEX);
    const app = new Hono();
    mountWebApp(app, bare);
    const res = await app.request('/manufacture/quote');
    expect(await res.text()).toBe(INDEX);
    fs.rmSync(bare, { recursive: true, force: true });
  });
});

describe('a server without a build', () => {
  test('refuses to start with a clear message', () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'web-app-empty-'));
    expect(() => mountWebApp(new Hono(), empty)).toThrow(/No built web app at .* run `npm run build` first/);
    fs.rmSync(empty, { recursive: true, force: true });
  });
});
