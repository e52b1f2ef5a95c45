import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** Issue 12 item 6: every answer carries the security headers; the policy allows no inline script. */
let t: TestApp;
let staticDir: string;
beforeAll(async () => {
  staticDir = await fs.mkdtemp(path.join(os.tmpdir(), 'static-'));
  await fs.writeFile(path.join(staticDir, 'index.html'), '<!doctype html><html><head><title>app</title><script type="module" src="/manufacture/assets/main.js"></script></head></html>');
  await fs.mkdir(path.join(staticDir, 'assets'));
  await fs.writeFile(path.join(staticDir, 'assets', 'geometry-worker-Ab12_x.js'), 'self.onmessage = () => {};');
  await fs.writeFile(path.join(staticDir, 'assets', 'main.js'), 'console.log(1);');
  t = await createTestApp({ staticDir });
});
afterAll(async () => {
  await t.close();
  await fs.rm(staticDir, { recursive: true, force: true });
});

/** The policy's directives: `script-src` → [`'self'`, …]. */
function directives(csp: string | null): Record<string, string[]> {
  return Object.fromEntries((csp ?? '').split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name = '', ...values]) => [name, values]));
}

describe('security headers', () => {
  test('the API, its errors, the app’s pages and the site root all carry them', async () => {
    for (const [label, res] of [
      ['API', await t.api('common/index')],
      ['API error', await t.api('account/me')],
      ['unknown API path', await t.api('no/such/call')],
      ['app page', await t.fetch('/manufacture/quote')],
      ['site root', await t.fetch('/')],
    ] as const) {
      expect(res.headers.get('x-content-type-options'), label).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), label).toBe('DENY');
      expect(res.headers.get('referrer-policy'), label).toBe('strict-origin-when-cross-origin');
      expect(directives(res.headers.get('content-security-policy'))['frame-ancestors'], label).toEqual(["'none'"]);
      expect(res.headers.get('strict-transport-security'), label).toBeNull(); // PUBLIC_URL is http here
    }
  });

  test('the policy: this origin only, no inline or evaluated script, WebAssembly and blob: workers allowed', async () => {
    const csp = directives((await t.fetch('/manufacture/')).headers.get('content-security-policy'));
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(csp['worker-src']).toEqual(["'self'", 'blob:']);
    expect(csp['connect-src']).toEqual(["'self'", 'blob:']);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['style-src']?.[0]).toBe("'self'");
    expect(csp['style-src']?.[1]).toMatch(/^'nonce-[\w+/=]{24}'$/);
    expect(csp['style-src']).toHaveLength(2);
    expect(csp['style-src-attr']).toEqual(["'unsafe-inline'"]);
    expect(csp['report-uri']).toBeUndefined();
    expect(Object.values(csp).flat()).not.toContain("'unsafe-eval'");
    expect(Object.values(csp).flat().some((source) => source.includes('*'))).toBe(false);
  });

  test('each page gets a new style nonce, in its header and in the meta tag react-aria reads', async () => {
    const nonces = new Set<string>();
    for (const pathname of ['/manufacture/', '/manufacture/index.html', '/manufacture/quote', '/manufacture/user/order/history']) {
      const res = await t.fetch(pathname);
      const nonce = /'nonce-([\w+/=]+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1] ?? '';
      expect(await res.text(), pathname).toContain(`<head><meta name="csp-nonce" nonce="${nonce}">`);
      expect(res.headers.get('cache-control'), pathname).toBe('no-cache');
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(4);
  });

  test('only the geometry worker’s script may evaluate code (the STEP reader’s glue needs it); the app’s own scripts may not', async () => {
    const worker = directives((await t.fetch('/manufacture/assets/geometry-worker-Ab12_x.js')).headers.get('content-security-policy'));
    expect(worker['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'", "'unsafe-eval'"]);
    expect(worker['frame-ancestors']).toEqual(["'none'"]);
    const main = directives((await t.fetch('/manufacture/assets/main.js')).headers.get('content-security-policy'));
    expect(main['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  });

  test('the site root has no inline style or script element (the policy would block them)', async () => {
    const html = await (await t.fetch('/')).text();
    expect(html).not.toMatch(/<style|<script/);
  });

  test('over https: HSTS and upgrade-insecure-requests; a report URI when configured', async () => {
    const secure = await createTestApp({ publicUrl: 'https://shop.example.com', cspReportUri: 'https://reports.example.com/csp' });
    try {
      const res = await secure.api('common/index');
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      const csp = directives(res.headers.get('content-security-policy'));
      expect(csp['upgrade-insecure-requests']).toEqual([]);
      expect(csp['report-uri']).toEqual(['https://reports.example.com/csp']);
    } finally {
      await secure.close();
    }
  });
});
