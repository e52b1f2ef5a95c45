import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { FORBIDDEN_CODE, QUOTE_PAGE, SESSION_CHUNK, checkBundle, initialFiles, pageModules, routePages, routeTable } from '../../scripts/check-bundle-size.mjs';

// The bundle check on small builds written here the way Vite writes one (a manifest, chunks and
// their compressed copies). Random bytes stand for code: they do not compress, so sizes are known.
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

interface Chunk {
  file: string;
  kb: number;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

function build(chunks: Record<string, Chunk>, { copies = true } = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-check-'));
  dirs.push(dir);
  fs.mkdirSync(path.join(dir, '.vite'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'assets'));
  const manifest: Record<string, unknown> = {};
  for (const [key, { kb, ...chunk }] of Object.entries(chunks)) {
    manifest[key] = { ...chunk, src: key };
    const file = path.join(dir, chunk.file);
    fs.writeFileSync(file, randomBytes(kb * 1000));
    if (copies) {
      fs.writeFileSync(`${file}.br`, 'x');
      fs.writeFileSync(`${file}.gz`, 'x');
    }
  }
  fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

const VIEWER = 'features/quote/components/part-viewer-canvas.tsx';
const split = {
  'index.html': { file: 'assets/index.js', kb: 60, isEntry: true, imports: ['_vendor.js'], dynamicImports: [QUOTE_PAGE, 'routes/pages/checkout-pages.tsx'] },
  '_vendor.js': { file: 'assets/vendor.js', kb: 40 },
  [QUOTE_PAGE]: { file: 'assets/quote-page.js', kb: 30, isDynamicEntry: true, imports: ['index.html', '_vendor.js', '_shared.js'], dynamicImports: [VIEWER] },
  '_shared.js': { file: 'assets/shared.js', kb: 10 },
  'routes/pages/checkout-pages.tsx': { file: 'assets/checkout-pages.js', kb: 50, isDynamicEntry: true, imports: ['index.html', '_shared.js'] },
  [VIEWER]: { file: 'assets/part-viewer-canvas.js', kb: 250, isDynamicEntry: true, imports: ['index.html'] },
};

describe('bundle check', () => {
  it('counts an entry, its static imports and a page chunk once each, never a dynamic import', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(build(split), '.vite', 'manifest.json'), 'utf8'));
    const quote = initialFiles(manifest, 'index.html');
    initialFiles(manifest, QUOTE_PAGE, quote);
    expect([...quote].sort()).toEqual(['assets/index.js', 'assets/quote-page.js', 'assets/shared.js', 'assets/vendor.js']);
  });

  it('passes a split build within budget and prints each route', () => {
    const { lines, failures } = checkBundle(build(split), { enforceRouteBudgets: true });
    expect(failures).toEqual([]);
    expect(lines.join('\n')).toMatch(/quote \(routes\/pages\/quote-page\.tsx\)\s+14\d\.\d KB gzip/);
    expect(lines.join('\n')).toMatch(/checkout-pages\.tsx\s+16\d\.\d KB gzip/);
    expect(lines.join('\n')).toContain('in no route’s first load');
  });

  it('fails a quote page over 150 KB and another route over 200 KB while the budgets are enforced', () => {
    const dir = build({
      ...split,
      '_shared.js': { file: 'assets/shared.js', kb: 30 },
      'routes/pages/checkout-pages.tsx': { ...split['routes/pages/checkout-pages.tsx'], kb: 90 },
    });
    const enforced = checkBundle(dir, { enforceRouteBudgets: true });
    expect(enforced.failures).toEqual([
      expect.stringMatching(/^over budget: quote \(routes\/pages\/quote-page\.tsx\): 16\d\.\d KB gzip, budget 150\.0 KB$/),
      expect.stringMatching(/^over budget: checkout-pages\.tsx: 2\d\d\.\d KB gzip, budget 200\.0 KB$/),
    ]);
    // With the budgets off (before the routes are split) the same figures print and pass.
    const off = checkBundle(dir, { enforceRouteBudgets: false, enforceQuoteBudget: false });
    expect(off.failures).toEqual([]);
    expect(off.lines.join('\n')).toMatch(/Route budgets: OFF .* 2 over budget/);
    // The quote page's budget alone (the other routes' still off).
    const quoteOnly = checkBundle(dir, { enforceRouteBudgets: false, enforceQuoteBudget: true });
    expect(quoteOnly.failures).toEqual([expect.stringMatching(/^over budget: quote \(routes\/pages\/quote-page\.tsx\): 16\d\.\d KB gzip, budget 150\.0 KB$/)]);
    expect(quoteOnly.lines.join('\n')).toMatch(/Quote page budget: enforced\. Route budgets: OFF .* 1 over budget/);
  });

  it("counts the session's chunk, fetched at start, in every route's first load but the quote page's", () => {
    const withSession = {
      ...split,
      'index.html': { ...split['index.html'], dynamicImports: [...split['index.html'].dynamicImports, SESSION_CHUNK] },
      [SESSION_CHUNK]: { file: 'assets/session.js', kb: 15, isDynamicEntry: true, imports: ['index.html'] },
    };
    const { lines, failures } = checkBundle(build(withSession), { enforceRouteBudgets: true });
    const text = lines.join('\n');
    expect(failures).toEqual([]);
    // The quote page: entry 60 + vendor 40 + page 30 + shared 10; the checkout adds the session's 15.
    expect(text).toMatch(/quote \(routes\/pages\/quote-page\.tsx\)\s+14\d\.\d KB gzip/);
    expect(text).toMatch(/checkout-pages\.tsx\s+17\d\.\d KB gzip/);
    expect(text).toMatch(/the session's chunk \(xstate, the session machine\), fetched at start: 15\.\d KB gzip/);
  });

  it('fails when the 3D viewer is in the first load or not a chunk of its own', () => {
    const eager = { ...split, [QUOTE_PAGE]: { ...split[QUOTE_PAGE], imports: ['index.html', VIEWER], dynamicImports: [] } };
    expect(checkBundle(build(eager), { enforceRouteBudgets: false, enforceQuoteBudget: false }).failures).toEqual([
      expect.stringContaining('the 3D viewer (three.js, @react-three/fiber) is in the first load of: quote'),
    ]);
    const { [VIEWER]: _viewer, ...inlined } = split;
    expect(checkBundle(build(inlined), { enforceRouteBudgets: false }).failures).toEqual([expect.stringContaining('must be loaded with import()')]);
  });

  it('fails when the ICU message parser is in a first load (the build ships compiled messages)', () => {
    const dir = build(split);
    fs.appendFileSync(path.join(dir, 'assets/vendor.js'), `var e={${FORBIDDEN_CODE[0]!.marker}:1}`);
    expect(checkBundle(dir, { enforceRouteBudgets: false }).failures).toEqual([
      expect.stringMatching(/^the ICU message parser .* is in a route's first load: assets\/vendor\.js$/),
    ]);
    // The marker is the parser's own: found in it, not in the parser-less build the app aliases.
    const parser = fs.readFileSync(path.join('node_modules/@formatjs/icu-messageformat-parser/index.js'), 'utf8');
    const noParser = fs.readFileSync(path.join('node_modules/@formatjs/icu-messageformat-parser/no-parser.js'), 'utf8');
    expect(parser).toContain(FORBIDDEN_CODE[0]!.marker);
    expect(noParser).not.toContain(FORBIDDEN_CODE[0]!.marker);
  });

  it('fails when a file has no brotli or gzip copy, and without a manifest', () => {
    expect(checkBundle(build(split, { copies: false }), { enforceRouteBudgets: false }).failures).toEqual([
      expect.stringMatching(/^no brotli or gzip copy of: .*assets\/index\.js/),
    ]);
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-check-'));
    dirs.push(empty);
    expect(checkBundle(empty).failures).toEqual([expect.stringContaining('run `vite build` first')]);
  });

  it('measures each route of the route table with its own page chunk, the quote budget on /quote only', () => {
    const table = [
      { path: '/quote', page: QUOTE_PAGE },
      { path: '/quote/:projectId', page: QUOTE_PAGE },
      { path: '/checkout/payment', page: 'routes/pages/checkout-pages.tsx' },
    ];
    const dir = build({ ...split, '_shared.js': { file: 'assets/shared.js', kb: 55 } });
    const { lines, failures } = checkBundle(dir, { enforceRouteBudgets: true, table });
    const text = lines.join('\n');
    // Entry 60 + vendor 40 + quote page 30 + shared 55 = 185: over 150 on /quote, within 200 on /quote/:projectId.
    expect(text).toMatch(/\/quote \(quote-page\.tsx\)\s+18\d\.\d KB gzip .* budget 150\.0 KB {2}OVER/);
    expect(text).toMatch(/\/quote\/:projectId \(quote-page\.tsx\)\s+18\d\.\d KB gzip .* budget 200\.0 KB {2}ok/);
    // Entry 60 + vendor 40 + checkout 50 + shared 55 = 205.
    expect(text).toMatch(/\/checkout\/payment \(checkout-pages\.tsx\)\s+20\d\.\d KB gzip .* OVER/);
    expect(failures).toEqual([
      expect.stringMatching(/^over budget: \/quote \(quote-page\.tsx\): 18\d\.\d KB gzip, budget 150\.0 KB$/),
      expect.stringMatching(/^over budget: \/checkout\/payment \(checkout-pages\.tsx\): 20\d\.\d KB gzip, budget 200\.0 KB$/),
    ]);
  });

  it('finds page chunks through the entry’s dynamic imports, and fails a route whose page is not one', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(build(split), '.vite', 'manifest.json'), 'utf8'));
    expect(routePages(manifest)).toEqual([QUOTE_PAGE, 'routes/pages/checkout-pages.tsx']);
    const table = [
      { path: '/quote', page: QUOTE_PAGE },
      { path: '/terms-of-use', page: 'routes/pages/terms-page.tsx' },
    ];
    const { lines, failures } = checkBundle(build(split), { enforceRouteBudgets: false, table });
    expect(lines.join('\n')).toContain('/terms-of-use (terms-page.tsx, in the entry)');
    expect(failures).toEqual([expect.stringContaining('not lazily loaded (a static import puts them in every first load): routes/pages/terms-page.tsx')]);
  });

  it('reads the page map of routes/app.tsx: shared loaders, shared page components and inline imports', () => {
    const source = `
      const authPages = () => import('./pages/auth-pages.tsx');
      const quotePage = lazyPage(() => import('./pages/quote-page.tsx'), 'QuotePage');
      const PAGES = {
        login: lazyPage(authPages, 'LoginPage'),
        'reset-password': lazyPage(authPages, 'ResetPasswordPage'),
        quote: quotePage,
        'quote-project': quotePage,
        'not-found': lazyPage(() => import('./pages/not-found-page.tsx'), 'NotFoundPage'),
      };`;
    expect(Object.fromEntries(pageModules(source))).toEqual({
      login: 'routes/pages/auth-pages.tsx',
      'reset-password': 'routes/pages/auth-pages.tsx',
      quote: 'routes/pages/quote-page.tsx',
      'quote-project': 'routes/pages/quote-page.tsx',
      'not-found': 'routes/pages/not-found-page.tsx',
    });
  });

  it('maps every route of the app to its page module', async () => {
    const table = await routeTable();
    expect(table.length).toBeGreaterThan(30);
    expect(table).toContainEqual({ path: '/quote', page: QUOTE_PAGE });
    expect(table).toContainEqual({ path: '/user/home', page: 'routes/pages/account-home-page.tsx' });
    expect(table).toContainEqual({ path: '/login', page: 'routes/pages/login-page.tsx' });
    for (const { page } of table) expect(fs.existsSync(page), page).toBe(true);
  });
});
