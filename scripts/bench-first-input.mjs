// What each route's page fetches before the visitor's first input, in a real browser (issue 39
// item 2). Figures, not a test; tests/e2e/first-input.spec.ts holds the same walk to the bundle
// check's prediction.
//   npx vite build && node scripts/bench-first-input.mjs [--routes=/login,/checkout] [--json=file]
// Starts the production server (NODE_ENV=production) on an empty embedded database with the demo
// customer (SEED_DEMO=1), signs the demo customer in through the form once and puts the 10 mm cube
// in the cart, then opens every route of the route table in a new browser context (an empty HTTP
// cache; signed in for the routes behind log-in) and records every JavaScript file the page
// fetches (scripts, module preloads, workers) until the network has been quiet for QUIET_MS, no
// input given. Each file is counted once by its gzip size (level 9, as the bundle check counts) and
// by the bytes the server sent (brotli). Prints one line per route beside the bundle check's
// prediction for it (scripts/check-bundle-size.mjs: `firstInputFiles`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, requireChromium } from './find-chromium.mjs';
import { checkBundle, routeTable } from './check-bundle-size.mjs';
import { signInAndFillCart, startProductionServer } from './measured-pages.mjs';

const args = process.argv.slice(2);
const option = (name) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const only = option('routes')?.split(',');
const jsonOut = option('json');
/** The network counts as quiet once no request has started or been pending for this long. */
export const QUIET_MS = 1500;

const BASE = '/manufacture';

const gzipCache = new Map();
/** gzip level 9 of a built file, by its URL path (as the bundle check counts it). */
function gzipOf(urlPath) {
  const file = path.join('dist', urlPath.replace(`${BASE}/`, ''));
  if (!gzipCache.has(file)) gzipCache.set(file, fs.existsSync(file) ? zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length : 0);
  return gzipCache.get(file);
}

/**
 * Opens `url` in `context`'s new page and records the JavaScript it fetches until the network is
 * quiet. Answers [{ path, gzip, transferred }] (each file once, in the order requested).
 */
export async function scriptsBeforeInput(context, url, quietMs = QUIET_MS) {
  const page = await context.newPage();
  const pending = new Set();
  let last = Date.now();
  const scripts = new Map();
  // Context events: a worker's script is requested by the worker, not the page.
  context.on('request', (request) => {
    pending.add(request);
    last = Date.now();
    const u = new URL(request.url());
    if (/\.m?js$/.test(u.pathname) && !scripts.has(u.pathname)) scripts.set(u.pathname, { path: u.pathname, gzip: gzipOf(u.pathname), transferred: 0, request });
  });
  const settle = (request) => {
    pending.delete(request);
    last = Date.now();
  };
  context.on('requestfinished', async (request) => {
    settle(request);
    const entry = scripts.get(new URL(request.url()).pathname);
    if (entry && entry.request === request) entry.transferred = (await request.sizes().catch(() => null))?.responseBodySize ?? 0;
  });
  context.on('requestfailed', settle);
  await page.goto(url, { waitUntil: 'load' });
  // A request that never ends (none today) would hold the wait: 20 s at most.
  const until = Date.now() + 20_000;
  while ((pending.size > 0 || Date.now() - last < quietMs) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  await page.close();
  return [...scripts.values()].map(({ request: _request, ...rest }) => rest);
}

/** A path of the route table with its parameters filled in. */
export function concrete(routePath, params) {
  return routePath.replace(/:(\w+)/g, (_, name) => params[name] ?? 'unknown');
}

/** Whether a route is opened signed in: behind log-in, or a project's own page (the demo customer's). */
export const openedSignedIn = (route) => route.access === 'login' || route.path.includes(':projectId');

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!fs.existsSync('dist/index.html')) {
    console.error('No production build: run `npx vite build` first.');
    process.exit(1);
  }
  const load = () => os.loadavg().map((n) => n.toFixed(2)).join(', ');
  const server = await startProductionServer();
  const { origin } = server;
  const browser = await chromium.launch({ executablePath: requireChromium(), args: CHROMIUM_ARGS });
  const loadBefore = load();
  const rows = [];
  try {
    // The demo customer signs in once, with the cube in the cart; the signed-in routes reuse the storage.
    const setup = await browser.newContext({ baseURL: origin });
    const projectId = await signInAndFillCart(await setup.newPage(), origin);
    const signedIn = await setup.storageState();
    const params = { projectId, id: projectId, channel: 'google', token: 'unknown', orderId: 'unknown' };
    await setup.close();

    const { routes } = checkBundle('dist', { table: await routeTable() });
    const predicted = new Map(routes.map((r) => [r.path, r]));
    for (const route of await routeTable()) {
      if (only && !only.includes(route.path)) continue;
      const signedInRoute = openedSignedIn(route);
      const context = await browser.newContext({ baseURL: origin, ...(signedInRoute ? { storageState: signedIn } : {}) });
      const scripts = await scriptsBeforeInput(context, `${origin}${BASE}${concrete(route.path, params)}`);
      await context.close();
      const gzip = scripts.reduce((s, f) => s + f.gzip, 0);
      const transferred = scripts.reduce((s, f) => s + f.transferred, 0);
      const p = predicted.get(route.path);
      const files = new Set([...(p?.files ?? [])].map((f) => `${BASE}/${f}`));
      const unpredicted = scripts.filter((s) => !files.has(s.path)).map((s) => s.path);
      rows.push({ route: route.path, requests: scripts.length, gzip, transferred, predictedRequests: p?.requests, predictedGzip: p?.gzip, unpredicted });
      const kb = (n) => `${(n / 1000).toFixed(1)} KB`;
      console.log(
        `${route.path.padEnd(32)} ${String(scripts.length).padStart(3)} scripts ${kb(gzip).padStart(9)} gzip ${kb(transferred).padStart(9)} sent   check: ${String(p?.requests ?? '?').padStart(3)} scripts ${kb(p?.gzip ?? 0).padStart(9)} gzip${unpredicted.length ? `   NOT PREDICTED: ${unpredicted.join(' ')}` : ''}`,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log(`\nload average before ${loadBefore}, after ${load()}; Chromium ${browser.version()}`);
  if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify(rows, null, 2));
}
