// The first load of each route, from the production build (issue 18 item 2; ADR 107).
//   node scripts/check-bundle-size.mjs [dist]       (after `vite build`; part of `npm test`)
// Reads Vite's manifest (dist/.vite/manifest.json) and the route table (routes/route-table.ts with
// routes/app.tsx's page map, ADR 128). A route's initial JavaScript is the app's entry plus its
// static imports, plus the route's lazily loaded page chunk (one of the entry's dynamicImports) and
// its static imports, plus the session's chunk where the page reads the session (ADR 139); each
// file is counted once, by its gzip size (level 9) with the brotli copy the server sends beside it. Prints the figures every run; fails when
//   - the quote page's initial JavaScript exceeds 150 KB gzip (ENFORCE_QUOTE_BUDGET), or any
//     route's exceeds 200 KB (ENFORCE_ROUTE_BUDGETS),
//   - the 3D viewer (three.js, @react-three/fiber), the STEP reader or the ICU message parser is in a
//     route's first load,
//   - a route's page is not a lazily loaded chunk (once the routes are split),
//   - a text asset or the WASM has no brotli or gzip copy (ADR 106).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

/**
 * The quote page's budget is enforced: the quote page's first render is its drop zone (ADR 137), the
 * class-merge config is pruned (ADR 138) and the session loads beside the page (ADR 139): `/quote`
 * is about 141 KB gzip.
 */
export const ENFORCE_QUOTE_BUDGET = true;

/**
 * The other routes' budget (200 KB) is enforced: every route is within it since ADR 140 (a form's
 * rules, the list tables and page controls, the dialogs, the combo boxes and selects are fetched
 * beside the page's data or at their first use, not in its first load). The largest is the coupons
 * page, 196.8 KB gzip (docs/benchmarks.md).
 */
export const ENFORCE_ROUTE_BUDGETS = true;

export const KB = 1000;
/** The quote page: the product's landing page. */
export const QUOTE_BUDGET_GZIP = 150 * KB;
/** Any other route. */
export const ROUTE_BUDGET_GZIP = 200 * KB;

/** The entry chunk of the app (Vite keys it by its HTML file). */
const ENTRY = 'index.html';
/** Route pages are the modules under routes/pages/; the quote route's page is this one. */
const PAGES_DIR = 'routes/pages/';
const APP_ROUTES_DIR = 'routes';
/** The quote route: the product's landing page, with the tighter budget. */
export const QUOTE_PATH = '/quote';
export const QUOTE_PAGE = 'routes/pages/quote-page.tsx';
/**
 * The session (xstate and the session machine): a chunk of its own that the entry fetches at start,
 * beside the page's (routes/main.tsx, ADR 139). A page that reads the session waits for it, so it is
 * counted in every route's first load except those of the pages below, whose first render does not
 * read the session (the quote page's first render is its drop zone; ADR 137 and 139, proved by
 * tests/e2e/quote.spec.ts holding the session's chunk).
 */
export const SESSION_CHUNK = 'routes/session.ts';
export const SESSION_FREE_PAGES = [QUOTE_PAGE];
/** Modules that must load only when needed: never in a route's first load. */
export const LAZY_ONLY = [
  { src: 'features/quote/components/part-viewer-canvas.tsx', what: 'the 3D viewer (three.js, @react-three/fiber)' },
];
/** File names that must not be in a route's first load (the STEP reader lives in the geometry worker). */
const LAZY_ONLY_FILES = [{ pattern: /occt-import-js/, what: 'the STEP reader (occt-import-js and its WASM)' }];
/**
 * Code that must be in no route's first load, found by a string only it contains: the ICU message
 * parser, since the build compiles the catalogue's messages (scripts/vite-catalogue.ts, ADR 133).
 */
export const FORBIDDEN_CODE = [{ marker: 'EXPECT_ARGUMENT_CLOSING_BRACE', what: 'the ICU message parser (@formatjs/icu-messageformat-parser; messages are compiled at build time)' }];
/** What the build compresses (vite.config.ts): every such file above the threshold has both copies. */
const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|wasm|txt|webmanifest)$/;
const COMPRESS_THRESHOLD = 512;

/** The files a manifest key loads before it runs: its own chunk and its static imports, recursively. */
export function initialFiles(manifest, key, into = new Set()) {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) initialFiles(manifest, imported, into);
  return into;
}

/**
 * The page chunks of the build: the entry's dynamic imports (Vite manifest `dynamicImports`) that are
 * modules under routes/pages/, each a lazily loaded chunk (routes/app.tsx, ADR 128).
 */
export function routePages(manifest) {
  return (manifest[ENTRY]?.dynamicImports ?? []).filter((key) => key.startsWith(PAGES_DIR) && manifest[key]?.isDynamicEntry);
}

/**
 * Which page module each route of the route table renders: `ROUTES` (routes/route-table.ts: path →
 * page id) joined with the page map of routes/app.tsx (page id → `import('./pages/<module>')`).
 * Answers [{ path, page: 'routes/pages/<module>.tsx' }]; throws when a route's page cannot be found,
 * so that a change to the page map's shape fails the check instead of measuring the wrong chunk.
 */
export async function routeTable(root = process.cwd()) {
  const { tsImport } = await import('tsx/esm/api');
  const { ROUTES } = await tsImport(pathToFileURL(path.join(root, APP_ROUTES_DIR, 'route-table.ts')).href, import.meta.url);
  const modules = pageModules(fs.readFileSync(path.join(root, APP_ROUTES_DIR, 'app.tsx'), 'utf8'));
  return ROUTES.map((route) => {
    const page = modules.get(route.page);
    if (!page) throw new Error(`routes/app.tsx: no lazily loaded module found for page "${route.page}" (route ${route.path})`);
    return { path: route.path, page };
  });
}

/** Page id → page module, read from routes/app.tsx's page map: `id: lazyPage(loader | () => import('./pages/x.tsx'), 'Name')`. */
export function pageModules(source) {
  const loaders = new Map();
  for (const [, name, file] of source.matchAll(/const (\w+) = \(\) => import\('\.\/pages\/([\w.-]+)'\)/g)) loaders.set(name, file);
  // A page component shared by several page ids (one screen for two routes): `const x = lazyPage(() => import('./pages/…'), …)`.
  const shared = new Map();
  for (const [, name, file] of source.matchAll(/const (\w+) = lazyPage\(\(\) => import\('\.\/pages\/([\w.-]+)'\)/g)) shared.set(name, file);
  const pages = new Map();
  for (const [, id, loader, file] of source.matchAll(/'?([\w-]+)'?: lazyPage\((?:(\w+)|\(\) => import\('\.\/pages\/([\w.-]+)'\))\s*,/g)) {
    const module = file ?? loaders.get(loader);
    if (module) pages.set(id, `${PAGES_DIR}${module}`);
  }
  for (const [, id, name] of source.matchAll(/'?([\w-]+)'?: (\w+),/g)) {
    if (shared.has(name)) pages.set(id, `${PAGES_DIR}${shared.get(name)}`);
  }
  return pages;
}

function sizes(dir, file, cache) {
  let entry = cache.get(file);
  if (!entry) {
    const bytes = fs.readFileSync(path.join(dir, file));
    const br = path.join(dir, `${file}.br`);
    entry = {
      raw: bytes.length,
      gzip: zlib.gzipSync(bytes, { level: 9 }).length,
      brotli: fs.existsSync(br) ? fs.statSync(br).size : undefined,
    };
    cache.set(file, entry);
  }
  return entry;
}

const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

/**
 * Checks a build folder; answers the lines to print and the failures (empty when it passes).
 * @param {string} dir
 * @param {{ enforceRouteBudgets?: boolean, enforceQuoteBudget?: boolean, table?: { path: string, page: string }[] }} [options] `table`: the routes (routeTable())
 */
export function checkBundle(dir, { enforceRouteBudgets = ENFORCE_ROUTE_BUDGETS, enforceQuoteBudget = ENFORCE_QUOTE_BUDGET, table } = {}) {
  const manifestFile = path.join(dir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) {
    return { lines: [], failures: [`no ${manifestFile}: run \`vite build\` first (build.manifest is on in vite.config.ts)`] };
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  if (!manifest[ENTRY]) return { lines: [], failures: [`the manifest has no entry "${ENTRY}"`] };
  const cache = new Map();
  const lines = [];
  const failures = [];
  const total = (files) =>
    [...files].filter((f) => f.endsWith('.js')).reduce(
      (sum, file) => {
        const s = sizes(dir, file, cache);
        return { raw: sum.raw + s.raw, gzip: sum.gzip + s.gzip, brotli: sum.brotli + (s.brotli ?? s.gzip) };
      },
      { raw: 0, gzip: 0, brotli: 0 },
    );

  const pages = routePages(manifest);
  // One line per route of the route table, measured with its page's lazy chunk; without the table
  // (a build checked on its own), one line per page chunk.
  const routes = table
    ? table.map(({ path: route, page }) => ({
        name: `${route} (${page.slice(PAGES_DIR.length)}${pages.includes(page) ? '' : ', in the entry'})`,
        page: pages.includes(page) ? page : undefined,
        session: !SESSION_FREE_PAGES.includes(page),
        budget: route === QUOTE_PATH ? QUOTE_BUDGET_GZIP : ROUTE_BUDGET_GZIP,
      }))
    : [
        { name: `quote (${QUOTE_PAGE})`, page: pages.includes(QUOTE_PAGE) ? QUOTE_PAGE : undefined, session: false, budget: QUOTE_BUDGET_GZIP },
        ...pages.filter((p) => p !== QUOTE_PAGE).map((p) => ({ name: p.slice(PAGES_DIR.length), page: p, session: true, budget: ROUTE_BUDGET_GZIP })),
      ];
  if (pages.length === 0) routes.push({ name: 'every other route (no lazily loaded pages: the whole app)', page: undefined, session: true, budget: ROUTE_BUDGET_GZIP });
  const unsplit = table ? table.filter(({ page }) => !pages.includes(page)) : [];
  if (table && pages.length && unsplit.length) {
    failures.push(`not lazily loaded (a static import puts them in every first load): ${[...new Set(unsplit.map((r) => r.page))].join(', ')}`);
  }

  lines.push(
    "Initial JavaScript per route (entry + static imports + the route's page chunk and its static imports + the session's chunk where the page reads the session; gzip level 9, brotli as served):",
  );
  const overBudget = [];
  for (const route of routes) {
    const files = initialFiles(manifest, ENTRY);
    if (route.page) initialFiles(manifest, route.page, files);
    if (route.session) initialFiles(manifest, SESSION_CHUNK, files);
    route.files = files;
    const size = total(files);
    const over = size.gzip > route.budget;
    lines.push(
      `  ${route.name.padEnd(64)} ${kb(size.gzip).padStart(10)} gzip ${kb(size.brotli).padStart(10)} br ${kb(size.raw).padStart(11)} raw   budget ${kb(route.budget)}${over ? '  OVER' : '  ok'}`,
    );
    if (over && route.budget === QUOTE_BUDGET_GZIP && enforceQuoteBudget) failures.push(`over budget: ${route.name}: ${kb(size.gzip)} gzip, budget ${kb(route.budget)}`);
    else if (over) overBudget.push(`${route.name}: ${kb(size.gzip)} gzip, budget ${kb(route.budget)}`);
  }
  if (manifest[SESSION_CHUNK]) {
    const entryFiles = initialFiles(manifest, ENTRY);
    const session = total([...initialFiles(manifest, SESSION_CHUNK, new Set())].filter((f) => !entryFiles.has(f)));
    lines.push(`  the session's chunk (xstate, the session machine), fetched at start: ${kb(session.gzip)} gzip; not in the first render of ${SESSION_FREE_PAGES.join(', ')}`);
  }
  if (overBudget.length && enforceRouteBudgets) failures.push(...overBudget.map((o) => `over budget: ${o}`));
  lines.push(
    `Quote page budget: ${enforceQuoteBudget ? 'enforced' : 'OFF'}. ` +
      (enforceRouteBudgets
        ? 'Route budgets: enforced.'
        : `Route budgets: OFF (ENFORCE_ROUTE_BUDGETS in scripts/check-bundle-size.mjs)${overBudget.length ? `; ${overBudget.length} over budget` : ''}.`),
  );

  // Loaded only when needed: the 3D viewer and the STEP reader are never in a route's first load.
  for (const lazy of LAZY_ONLY) {
    const chunk = manifest[lazy.src];
    if (!chunk) {
      failures.push(`${lazy.src} is not a chunk of its own: ${lazy.what} must be loaded with import()`);
      continue;
    }
    // What it adds when it loads: its chunk and its own imports, less what the entry has already loaded.
    const entryFiles = initialFiles(manifest, ENTRY);
    const size = total([...initialFiles(manifest, lazy.src, new Set())].filter((f) => !entryFiles.has(f)));
    const inFirstLoad = routes.filter((r) => r.files.has(chunk.file)).map((r) => r.name);
    lines.push(`Lazy: ${lazy.what}: ${kb(size.gzip)} gzip when it loads, ${inFirstLoad.length ? 'IN A FIRST LOAD' : 'in no route’s first load'}`);
    if (!chunk.isDynamicEntry || inFirstLoad.length) failures.push(`${lazy.what} is in the first load of: ${inFirstLoad.join(', ') || 'the entry'}`);
  }
  for (const lazy of LAZY_ONLY_FILES) {
    const found = routes.flatMap((r) => [...r.files].filter((f) => lazy.pattern.test(f)));
    if (found.length) failures.push(`${lazy.what} is in a route's first load: ${[...new Set(found)].join(', ')}`);
  }

  const firstLoad = [...new Set(routes.flatMap((r) => [...r.files]))].filter((f) => f.endsWith('.js'));
  for (const forbidden of FORBIDDEN_CODE) {
    const found = firstLoad.filter((f) => fs.readFileSync(path.join(dir, f), 'latin1').includes(forbidden.marker));
    if (found.length) failures.push(`${forbidden.what} is in a route's first load: ${found.join(', ')}`);
  }

  // Every compressible file of the build has its brotli and gzip copies (ADR 106).
  const assets = [];
  const walk = (d) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (COMPRESSIBLE.test(entry.name) && fs.statSync(full).size > COMPRESS_THRESHOLD) assets.push(full);
    }
  };
  walk(dir);
  const missing = assets.filter((f) => !fs.existsSync(`${f}.br`) || !fs.existsSync(`${f}.gz`)).map((f) => path.relative(dir, f));
  lines.push(`Compressed copies: ${assets.length - missing.length} of ${assets.length} text and WASM files have .br and .gz`);
  if (missing.length) failures.push(`no brotli or gzip copy of: ${missing.join(', ')}`);
  return { lines, failures };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = path.resolve(process.argv[2] ?? 'dist');
  const { lines, failures } = checkBundle(dir, { table: await routeTable() });
  for (const line of lines) console.log(line);
  for (const failure of failures) console.error(`bundle check: ${failure}`);
  console.log(failures.length ? `bundle check: FAILED (${failures.length})` : 'bundle check: passed');
  process.exit(failures.length ? 1 : 0);
}
