// The main thread while the app starts, in a real browser at a phone's CPU (issue 39 item 1).
// Figures, not a test.
//   npx vite build && node scripts/bench-app-start.mjs [runs=5] [--pages=login,quote,checkout,account] [--builds=dist,/tmp/dist-before]
// Lighthouse simulates its blocking time from a trace; this measures what the browser itself
// reports, to compare builds in the same minutes: one production server per build
// (`STATIC_DIR`, NODE_ENV=production, an empty embedded database with the demo customer), and per
// run, the builds taking turns, a new browser context (empty HTTP cache) with Chromium's CPU slowed
// 4× (Lighthouse's mobile setting) and a phone's viewport. The signed-in pages (checkout, account)
// keep the storage of one sign-in through the form per server, with the 10 mm cube in the cart.
// Per run, from the page itself:
//   - first contentful paint and the largest contentful paint;
//   - blocking after the first paint: the sum of the `blockingDuration` of the long animation frames
//     (the Long Animation Frames API) that end after the first paint, the browser's own counterpart
//     of Lighthouse's total blocking time (each long task's time beyond 50 ms);
//   - the longest such frame, and the script that took most of it.
// Prints one row per page and build (medians, and each run's blocking), and each build's median
// blocking as a ratio to the first build's measured in the same run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, requireChromium } from './find-chromium.mjs';
import { PAGES, pageAddress, signInAndFillCart, startProductionServer } from './measured-pages.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3).split(',') ?? fallback;
const runs = Number(args.find((a) => /^\d+$/.test(a)) ?? 5);
const pages = option('pages', ['login', 'quote', 'checkout', 'account']);
const builds = option('builds', ['dist']).map((dir) => path.resolve(dir));
/** How long the page is watched after its `load` event: the app's start and its first data. */
const WATCH_MS = 3500;

for (const name of pages) if (!PAGES[name]) throw new Error(`unknown page ${name} (one of ${Object.keys(PAGES).join(', ')})`);
for (const dir of builds) if (!fs.existsSync(path.join(dir, 'index.html'))) throw new Error(`no production build in ${dir}: run \`npx vite build\` first`);

/** One sign-in through the form per server, the cube in the cart: the signed-in pages start from its storage (the token). */
async function signIn(browser, server) {
  const context = await browser.newContext();
  server.projectId = await signInAndFillCart(await context.newPage(), server.origin);
  const state = await context.storageState();
  await context.close();
  return state;
}

/** Watches the page's first contentful paint, largest contentful paint and long animation frames from its first script on. */
function observe() {
  const w = /** @type {any} */ (window);
  w.__appStart = { frames: [], lcp: 0 };
  new PerformanceObserver((list) => {
    for (const e of /** @type {any[]} */ (list.getEntries())) {
      const top = [...e.scripts].sort((a, b) => b.duration - a.duration)[0];
      w.__appStart.frames.push({ start: e.startTime, duration: e.duration, blocking: e.blockingDuration, script: top ? `${top.invokerType} ${top.sourceURL.split('/').pop()}` : 'rendering' });
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__appStart.lcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

async function measure(browser, server, name) {
  const { signedIn } = PAGES[name];
  if (signedIn && !server.signedIn) server.signedIn = await signIn(browser, server);
  const pagePath = pageAddress(name, server.projectId);
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, ...(signedIn ? { storageState: server.signedIn } : {}) });
  try {
    const page = await context.newPage();
    await page.addInitScript(observe);
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${server.origin}${pagePath}`, { waitUntil: 'load' });
    await page.waitForTimeout(WATCH_MS);
    const finalPath = new URL(page.url()).pathname;
    if (finalPath !== new URL(pagePath, server.origin).pathname) throw new Error(`${name}: ended on ${finalPath}`);
    return await page.evaluate(() => {
      const w = /** @type {any} */ (window);
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
      const after = w.__appStart.frames.filter((/** @type {any} */ f) => f.start + f.duration > fcp);
      const longest = after.sort((/** @type {any} */ a, /** @type {any} */ b) => b.duration - a.duration)[0];
      return {
        fcp,
        lcp: w.__appStart.lcp,
        blocking: after.reduce((/** @type {number} */ sum, /** @type {any} */ f) => sum + f.blocking, 0),
        longest: longest?.duration ?? 0,
        longestScript: longest?.script ?? '',
      };
    });
  } finally {
    await context.close();
  }
}

const load = () => os.loadavg().map((n) => n.toFixed(2)).join(', ');
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const loadBefore = load();
const servers = [];
const browser = await chromium.launch({ executablePath: requireChromium(), args: CHROMIUM_ARGS });
const results = new Map();
try {
  for (const dir of builds) servers.push({ staticDir: dir, signedIn: undefined, ...(await startProductionServer({ STATIC_DIR: dir })) });
  for (const name of pages) {
    for (let run = 0; run < runs; run++) {
      for (const server of servers) {
        const key = `${name} ${server.staticDir}`;
        const result = await measure(browser, server, name);
        results.set(key, [...(results.get(key) ?? []), result]);
        console.error(`${name} ${server.staticDir} run ${run + 1}: FCP ${Math.round(result.fcp)} ms, blocking after it ${Math.round(result.blocking)} ms (load ${load()})`);
      }
    }
  }
} finally {
  await browser.close();
  for (const server of servers) await server.stop();
}

const ms = (n) => `${Math.round(n)} ms`;
console.log(`\nApp start at 4× CPU, ${runs} run(s) per page and build, builds taking turns; Chromium ${browser.version()}; load average before ${loadBefore}, after ${load()}\n`);
console.log('| page | build | FCP | LCP | blocking after the first paint | × the first build | longest frame (its main script) | each run\'s blocking |');
console.log('| --- | --- | ---: | ---: | ---: | ---: | --- | --- |');
for (const name of pages) {
  const first = median(results.get(`${name} ${builds[0]}`).map((r) => r.blocking));
  for (const dir of builds) {
    const rows = results.get(`${name} ${dir}`);
    const blocking = median(rows.map((r) => r.blocking));
    const longest = rows.find((r) => r.longest === median(rows.map((x) => x.longest)));
    console.log(
      `| ${name} | ${path.basename(dir)} | ${ms(median(rows.map((r) => r.fcp)))} | ${ms(median(rows.map((r) => r.lcp)))} | **${ms(blocking)}** | ${first > 0 ? (blocking / first).toFixed(2) : '–'} | ${ms(longest?.longest ?? 0)} (${longest?.longestScript ?? ''}) | ${rows.map((r) => Math.round(r.blocking)).join(', ')} |`,
    );
  }
}
