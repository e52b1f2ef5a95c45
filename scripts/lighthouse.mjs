// Lighthouse on the production build (issue 18 item 3). Figures, not a test.
//   npx vite build && node scripts/lighthouse.mjs [runs=3] [--pages=quote,login,signup,reset,checkout,account,orders,project] [--form=mobile,desktop] [--save=.tmp/lighthouse]
// Starts the production server (server/main.ts, NODE_ENV=production) on an empty embedded database
// in a temporary folder, with the demo customer seeded. Debian's Chromium (scripts/find-chromium.mjs)
// is driven by Playwright for what a person does first and by Lighthouse 13 for the audits, through
// one remote-debugging port:
//   quote    /manufacture/quote?technology=3d-printing   a first visit (storage cleared)
//   login    /manufacture/login                          a first visit (storage cleared)
//   signup   /manufacture/signup                         a first visit (storage cleared; not in the default list)
//   reset    /manufacture/reset-password?key=…           an emailed reset link opened (storage cleared; not in the default list)
//   then the demo customer logs in through the form, quotes the 10 mm cube and adds it to the cart,
//   checkout /manufacture/checkout                       signed in, one part in the cart
//   account  /manufacture/user/home                      signed in: the account home (issue 39 item 1; until
//            stop 48 this row measured the order history, now `orders`)
//   orders   /manufacture/user/order/history             signed in (not in the default list)
// Every run starts with an empty HTTP cache (the signed-in ones keep their storage: the token).
// Each page runs `runs` times per form factor (mobile: Lighthouse's default Moto G Power, slow 4G,
// 4× CPU slowdown, simulated; desktop: its desktop config); the table shows the median run's
// scores by performance. Prints a markdown table for docs/benchmarks.md ("Lighthouse"), with the
// load average before and after: on a busy machine the simulated figures still move.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM_ARGS, requireChromium } from './find-chromium.mjs';
import { PAGES, freePort, pageAddress, signInAndFillCart, startProductionServer } from './measured-pages.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3).split(',') ?? fallback;
const runs = Number(args.find((a) => /^\d+$/.test(a)) ?? 3);
const pages = option('pages', ['quote', 'login', 'checkout', 'account']);
const forms = option('form', ['mobile', 'desktop']);
/** --save=<folder>: each run's full report (JSON) goes there, to read what an audit found. */
const saveDir = option('save', [])[0];

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

if (!fs.existsSync('dist/index.html')) {
  console.error('No production build: run `npx vite build` first.');
  process.exit(1);
}

const load = () => os.loadavg().map((n) => n.toFixed(2)).join(', ');
const server = await startProductionServer();
const { origin, dataDir } = server;

const debuggingPort = await freePort();
// A persistent context is the browser's default one, the one Lighthouse's tabs open in: what the
// script signs in there, Lighthouse sees.
const context = await chromium.launchPersistentContext(path.join(dataDir, 'browser'), {
  executablePath: requireChromium(),
  args: [...CHROMIUM_ARGS, `--remote-debugging-port=${debuggingPort}`],
});
const chromiumVersion = context.browser()?.version() ?? (await context.newCDPSession(context.pages()[0] ?? (await context.newPage())).then((s) => s.send('Browser.getVersion'))).product;
const page = context.pages()[0] ?? (await context.newPage());

async function audit(name, form) {
  const { signedIn } = PAGES[name];
  const pagePath = pageAddress(name, projectId);
  // Signed in, storage must stay (the token); the HTTP cache is emptied as Lighthouse does for the
  // others, so every row is a visit with a cold cache.
  if (signedIn) await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
  const flags = { port: debuggingPort, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, disableStorageReset: signedIn };
  const result = await lighthouse(`${origin}${pagePath}`, flags, form === 'desktop' ? desktopConfig : undefined);
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`lighthouse gave no result for ${name}`);
  if (saveDir) {
    fs.mkdirSync(saveDir, { recursive: true });
    fs.writeFileSync(path.join(saveDir, `${name}-${form}-${Date.now()}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`${name}: ${lhr.runtimeError.message}`);
  const finalUrl = new URL(lhr.finalDisplayedUrl);
  if (finalUrl.pathname !== new URL(pagePath, origin).pathname) throw new Error(`${name}: ended on ${finalUrl.pathname}, not ${pagePath}`);
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const audits = lhr.audits;
  const scriptBytes = (audits['network-requests']?.details?.items ?? [])
    .filter((r) => r.resourceType === 'Script')
    .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcp: audits['first-contentful-paint']?.numericValue ?? NaN,
    lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbt: audits['total-blocking-time']?.numericValue ?? NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
    scriptKb: scriptBytes / 1024,
    failing: Object.values(audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual' && a.scoreDisplayMode !== 'notApplicable')
      .map((a) => a.id),
  };
}

/** Lighthouse's own trace failures (NO_NAVSTART, NO_FCP under load) say nothing of the page: the run is repeated, at most twice, and counted. */
let repeated = 0;
async function auditRetrying(name, form) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await audit(name, form);
    } catch (error) {
      if (attempt >= 2 || !/recording the trace|NO_NAVSTART|NO_FCP/.test(String(error))) throw error;
      repeated++;
      console.error(`${name} ${form}: ${String(error).split('\n')[0]}; repeated`);
    }
  }
}

const rows = [];
const loadBefore = load();
/** The cube's project, once signed in (the `project` page). */
let projectId;
try {
  let signedIn = false;
  for (const name of pages.filter((p) => !PAGES[p].signedIn).concat(pages.filter((p) => PAGES[p].signedIn))) {
    if (!PAGES[name]) throw new Error(`unknown page ${name}`);
    if (PAGES[name].signedIn && !signedIn) {
      projectId = await signInAndFillCart(page, origin);
      signedIn = true;
    }
    for (const form of forms) {
      const results = [];
      for (let i = 0; i < runs; i++) {
        results.push(await auditRetrying(name, form));
        console.error(`${name} ${form} run ${i + 1}: performance ${results.at(-1).performance}, LCP ${Math.round(results.at(-1).lcp)} ms (load ${load()})`);
      }
      results.sort((a, b) => a.performance - b.performance);
      rows.push({ name, form, median: results[Math.floor(results.length / 2)], all: results.map((r) => r.performance) });
    }
  }
} finally {
  await context.close();
  await server.stop();
}

const ms = (n) => `${(n / 1000).toFixed(2)} s`;
console.log(`\nLighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, ${runs} run(s) per row (median by performance), Chromium ${chromiumVersion}, load average before ${loadBefore}, after ${load()}${repeated ? `; ${repeated} run(s) repeated after Lighthouse's own trace failure` : ''}\n`);
console.log('| page | form factor | performance (each run) | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | JS transferred |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const { name, form, median: m, all } of rows) {
  console.log(
    `| ${name} | ${form} | **${m.performance}** (${all.join(', ')}) | ${m.accessibility} | ${m.bestPractices} | ${m.seo} | ${ms(m.fcp)} | ${ms(m.lcp)} | ${Math.round(m.tbt)} ms | ${m.cls.toFixed(3)} | ${Math.round(m.scriptKb)} KiB |`,
  );
}
console.log('\nAudits under 0.9 in the median runs:');
for (const { name, form, median } of rows) console.log(`- ${name} ${form}: ${median.failing.join(', ') || 'none'}`);
