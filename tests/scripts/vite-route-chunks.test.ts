import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ModuleGraph } from '../../scripts/vite-chunks.ts';
import {
  MERGE_PLAN_FILE,
  builtScore,
  compareScores,
  groupName,
  keptMerges,
  keptPlan,
  mergedChunk,
  planCandidates,
  planKey,
  planMerges,
  routeChunkName,
  routeSets,
  type ManifestChunk,
  type MergeLimits,
  type RouteFigures,
} from '../../scripts/vite-route-chunks.ts';

// The grouping by routes (ADR 245) on a small graph written the way Rolldown answers it.
type Info = NonNullable<ReturnType<ModuleGraph['getModuleInfo']>>;
function graph(modules: Record<string, Partial<Info>>): ModuleGraph {
  const full: Record<string, Info> = {};
  for (const [id, m] of Object.entries(modules)) {
    full[id] = { code: '', importers: [], dynamicImporters: [], importedIds: [], dynamicallyImportedIds: [], exports: [], isEntry: false, ...m };
  }
  for (const [id, m] of Object.entries(full)) {
    for (const target of m.importedIds) (full[target]!.importers as string[]).push(id);
    for (const target of m.dynamicallyImportedIds) (full[target]!.dynamicImporters as string[]).push(id);
  }
  return { getModuleInfo: (id) => full[id] ?? null };
}

describe('which routes fetch a module (routeSets)', () => {
  const routes = [
    { path: '/a', files: new Set(['assets/index.js', 'assets/a-page.js', 'assets/shared.js', 'assets/geometry-worker.js']) },
    { path: '/b', files: new Set(['assets/index.js', 'assets/b-page.js', 'assets/shared.js', 'assets/b-only.js']) },
    { path: undefined, files: new Set(['assets/other.js']) },
  ];
  const contents: Record<string, string[]> = {
    'assets/index.js': ['routes/main.tsx'],
    'assets/shared.js': ['ui/card.tsx', 'lib/format.ts'],
    'assets/b-only.js': ['ui/table.tsx'],
    // A worker's bundle holds its own copy of a module the page's chunks hold.
    'assets/geometry-worker.js': ['ui/table.tsx'],
  };
  const chunks = new Set(['assets/index.js', 'assets/a-page.js', 'assets/b-page.js', 'assets/shared.js', 'assets/b-only.js']);
  const sets = routeSets(routes, chunks, (file) => contents[file] ?? []);

  it('answers, for each module of the build’s chunks, the routes whose first load holds its chunk', () => {
    expect(sets['ui/card.tsx']).toEqual(['/a', '/b']);
    expect(sets['lib/format.ts']).toEqual(['/a', '/b']);
    expect(sets['routes/main.tsx']).toEqual(['/a', '/b']);
  });

  it("takes no route from a worker's copy of a module (the geometry worker on /a does not put the table on /a)", () => {
    expect(sets['ui/table.tsx']).toEqual(['/b']);
  });
});

describe('the chunk a module goes in (routeChunkName)', () => {
  const root = '/app';
  const modules = graph({
    '/app/index.html': { isEntry: true, importedIds: ['/app/routes/main.tsx'] },
    '/app/routes/main.tsx': { importedIds: ['/app/ui/card.tsx'], dynamicallyImportedIds: ['/app/routes/pages/a-page.tsx', '/app/routes/pages/b-page.tsx'] },
    '/app/routes/pages/a-page.tsx': { importedIds: ['/app/ui/card.tsx', '/app/lib/format.ts', '/app/domain/types.ts', '\0virtual:catalogue/a.title'] },
    '/app/routes/pages/b-page.tsx': { importedIds: ['/app/ui/card.tsx', '/app/lib/format.ts', '/app/ui/table.tsx', '\0virtual:catalogue/a.title'] },
    '/app/ui/card.tsx': {},
    '/app/lib/format.ts': {},
    '/app/ui/table.tsx': { importedIds: ['/app/node_modules/lib/index.mjs'], dynamicallyImportedIds: ['/app/ui/dialog.tsx'] },
    '/app/ui/dialog.tsx': {},
    // In no source map: a module that only declares types, a catalogue module, a library's index.
    '/app/domain/types.ts': {},
    '\0virtual:catalogue/a.title': {},
    '/app/node_modules/lib/index.mjs': {},
  });
  const sets = {
    'routes/main.tsx': ['/a', '/b'],
    'routes/pages/a-page.tsx': ['/a'],
    'routes/pages/b-page.tsx': ['/b'],
    'ui/card.tsx': ['/a', '/b'],
    'lib/format.ts': ['/a', '/b'],
    'ui/table.tsx': ['/b'],
  };
  const name = (id: string) => routeChunkName(id, modules, sets, root);

  it('puts modules fetched on the same routes in one chunk, named by those routes', () => {
    expect(name('/app/ui/card.tsx')).toBe(groupName(['/a', '/b']));
    expect(name('/app/lib/format.ts')).toBe(name('/app/ui/card.tsx'));
    expect(name('/app/ui/table.tsx')).toBe(groupName(['/b']));
    expect(groupName(['/a', '/b'])).not.toBe(groupName(['/b']));
    expect(groupName(['/a', '/b'])).toMatch(/^r2-[0-9a-f]{8}$/);
  });

  it('leaves the entries, the lazily loaded modules and what no route fetches before its first input to the bundler', () => {
    expect(name('/app/index.html')).toBeNull();
    expect(name('/app/routes/main.tsx')).toBeNull();
    expect(name('/app/routes/pages/a-page.tsx')).toBeNull();
    expect(name('/app/ui/dialog.tsx')).toBeNull();
  });

  it("gives a module in no source map the routes of its importers (the catalogue's messages, a module of types), but never a library's index", () => {
    expect(name('\0virtual:catalogue/a.title')).toBe(groupName(['/a', '/b']));
    expect(name('/app/domain/types.ts')).toBe(groupName(['/a']));
    expect(name('/app/node_modules/lib/index.mjs')).toBeNull();
  });
});

describe('which groups share a chunk (planMerges, ADR 258)', () => {
  // Four groups (each 1 KB gzip) and the core (100 KB); every route loads the entry and the core.
  const group = (name: string, imports: string[] = [], extra: Partial<ManifestChunk> = {}): ManifestChunk => ({ file: `assets/${name}.js`, name, imports: ['_core.js', ...imports], ...extra });
  const [g1, g2, g3, g4] = ['r2-00000001', 'r2-00000002', 'r1-00000003', 'r1-00000004'];
  const manifest: Record<string, ManifestChunk> = {
    'index.html': { file: 'assets/index.js', imports: ['_core.js'] },
    '_core.js': { file: 'assets/core.js' },
    [`_${g1}.js`]: group(g1!),
    [`_${g2}.js`]: group(g2!),
    [`_${g3}.js`]: group(g3!),
    [`_${g4}.js`]: group(g4!),
  };
  const sizes: Record<string, number> = { 'assets/index.js': 1_000, 'assets/core.js': 100_000 };
  const sizeOf = (file: string) => sizes[file] ?? 1_000;
  /** Files one after the other compress like their parts (no saving), unless told. */
  const gzipOf = (files: readonly string[]) => files.reduce((sum, f) => sum + sizeOf(f), 0);
  const route = (path: string, groups: string[]): RouteFigures => {
    const files = new Set(['assets/index.js', 'assets/core.js', ...groups.map((g) => `assets/${g}.js`)]);
    return { path, files, gzip: gzipOf([...files]), requests: files.size };
  };
  const limits: MergeLimits = { budget: { gzip: 150_000, requests: 4 }, perRoute: 1_500, margin: 2_000 };
  const never = () => false;

  it('merges two groups a route over the request budget fetches, and names the merged chunk after them', () => {
    const plan = planMerges(manifest, [route('/a', [g1!, g2!, g3!])], gzipOf, never, limits);
    expect(plan.size).toBe(2);
    const merged = new Set(plan.values());
    expect(merged.size).toBe(1);
    expect([...merged][0]).toMatch(/^m2-[0-9a-f]{8}$/);
    // Within the budget after one merge (5 requests → 4): nothing more.
    expect([...plan.keys()].every((name) => [g1, g2, g3].includes(name))).toBe(true);
  });

  it('merges nothing when every route is within the request budget', () => {
    expect(planMerges(manifest, [route('/a', [g1!, g2!])], gzipOf, never, limits).size).toBe(0);
  });

  it('prefers the merge that adds no byte: two groups fetched on the same routes', () => {
    // g1 and g2 are both on /a and /b; g3 only on /a: merging g1 with g3 would add 1 KB to /b.
    const plan = planMerges(manifest, [route('/a', [g1!, g2!, g3!]), route('/b', [g1!, g2!])], gzipOf, never, limits);
    expect(plan.get(g1!)).toBeDefined();
    expect(plan.get(g1!)).toBe(plan.get(g2!));
    expect(plan.has(g3!)).toBe(false);
  });

  it('adds no more than its limit to any route: a route fetching one of the pair would gain too much', () => {
    // /a (4 requests, budget 3) fetches g3 and g4; /b fetches g4 only and would gain g3's 1 KB.
    const many = (perRoute: number) => planMerges(manifest, [route('/a', [g3!, g4!]), route('/b', [g4!])], gzipOf, never, { ...limits, budget: { ...limits.budget, requests: 3 }, perRoute });
    expect(many(500).size).toBe(0);
    expect(many(1_500).size).toBe(2);
  });

  it('chooses, among the per-route limits it is given, the plan that brings the most routes within both budgets', () => {
    const routes = [route('/a', [g3!, g4!]), route('/b', [g4!])];
    const tight = { ...limits, budget: { ...limits.budget, requests: 3 } };
    const chosen = planCandidates(manifest, routes, gzipOf, never, [500, 1_500], tight)[0]!;
    expect(chosen.perRoute).toBe(1_500);
    expect(chosen.renamed.size).toBe(2);
    // With no limit that allows a merge, nothing is merged.
    expect(planCandidates(manifest, routes, gzipOf, never, [200, 500], tight).map((c) => c.renamed.size)).toEqual([0]);
  });

  it('counts what a merged chunk saves: a merge within the limit only because the two compress better together', () => {
    // /b fetches g4 only and would gain g3's 1 KB, over a limit of 800 bytes, unless the pair saves 300.
    const routes = [route('/a', [g3!, g4!]), route('/b', [g4!])];
    const tight = { ...limits, budget: { ...limits.budget, requests: 3 }, perRoute: 800 };
    expect(planMerges(manifest, routes, gzipOf, never, tight).size).toBe(0);
    const saving = (files: readonly string[]) => gzipOf(files) - 300 * (files.length - 1);
    expect(planMerges(manifest, routes, saving, never, tight).size).toBe(2);
  });

  it('keeps a route within the byte budget below it by the margin', () => {
    const heavy: Record<string, number> = { ...sizes, 'assets/core.js': 147_500 };
    const plan = planMerges(manifest, [route('/a', [g3!, g4!, g1!]), { ...route('/b', [g4!]), gzip: 147_500 + 2_000 }], (files) => files.reduce((sum, f) => sum + (heavy[f] ?? 1_000), 0), never, limits);
    // Merging g3 or g1 with g4 would put /b (149.5 KB) at 150.5 KB: only g1 with g3 (neither on /b).
    expect(plan.has(g4!)).toBe(false);
    expect(plan.get(g1!)).toBe(plan.get(g3!));
  });

  it('makes no cycle: a group that imports another through a third is not merged with it', () => {
    const chained: Record<string, ManifestChunk> = {
      ...manifest,
      [`_${g1}.js`]: group(g1!, ['_lib.js']),
      '_lib.js': { file: 'assets/lib.js', imports: [`_${g2}.js`] },
    };
    const files = (groups: string[]) => [...groups.map((g) => `assets/${g}.js`), 'assets/lib.js'];
    const a: RouteFigures = { path: '/a', files: new Set(['assets/index.js', 'assets/core.js', ...files([g1!, g2!])]), gzip: 104_000, requests: 5 };
    expect(planMerges(chained, [a], gzipOf, never, limits).size).toBe(0);
  });

  it('never takes a group that starts its own imports to a route that does not fetch it', () => {
    const eager = (key: string) => key === `_${g3}.js`;
    const loose = { ...limits, budget: { ...limits.budget, requests: 3 }, perRoute: 5_000 };
    // g3 (eager) with g4 on /a; /b fetches g4 alone: g3 would start its imports there.
    expect(planMerges(manifest, [route('/a', [g3!, g4!]), route('/b', [g4!])], gzipOf, eager, loose).size).toBe(0);
    // The other way round (every route of g4 fetches g3) is allowed.
    expect(planMerges(manifest, [route('/a', [g3!, g4!]), route('/b', [g3!])], gzipOf, eager, loose).get(g3!)).toMatch(/^m2-/);
  });
});

describe('the chunk a merged group goes in', () => {
  it('is the merged name for every module of the group', () => {
    const modules = graph({ '/app/ui/card.tsx': {} });
    const merges = new Map([[groupName(['/a']), 'm2-12345678']]);
    expect(routeChunkName('/app/ui/card.tsx', modules, { 'ui/card.tsx': ['/a'] }, '/app', new Map(), merges)).toBe('m2-12345678');
    expect(routeChunkName('/app/ui/card.tsx', modules, { 'ui/card.tsx': ['/b'] }, '/app', new Map(), merges)).toBe(groupName(['/b']));
  });
});

describe('the plan the build keeps (ADR 266)', () => {
  const group = (name: string, imports: string[] = []): ManifestChunk => ({ file: `assets/${name}-hash.js`, name, imports: ['_core.js', ...imports] });
  const manifest: Record<string, ManifestChunk> = {
    'index.html': { file: 'assets/index.js', imports: ['_core.js'] },
    '_core.js': { file: 'assets/core.js' },
    '_r2-00000001.js': group('r2-00000001'),
    '_r2-00000002.js': group('r2-00000002'),
    '_r1-00000003.js': group('r1-00000003', ['_lib.js']),
    '_lib.js': { file: 'assets/lib.js', imports: ['_r1-00000004.js'] },
    '_r1-00000004.js': group('r1-00000004'),
  };

  it('is written as lists of groups, and read back as the same merges', () => {
    const renamed = new Map([
      ['r2-00000002', 'm2-aaaaaaaa'],
      ['r2-00000001', 'm2-aaaaaaaa'],
    ]);
    const kept = keptPlan(renamed);
    expect(kept).toEqual({ merged: [['r2-00000001', 'r2-00000002']] });
    const read = keptMerges(manifest, kept);
    expect(read.get('r2-00000001')).toMatch(/^m2-[0-9a-f]{8}$/);
    expect(read.get('r2-00000002')).toBe(read.get('r2-00000001'));
    // The same plan made by the planner is the same plan (the merged chunk is named after its groups).
    expect(planKey(keptMerges(manifest, keptPlan(read)))).toBe(planKey(read));
  });

  it('leaves out groups the build no longer has, and a list left with one group merges nothing', () => {
    const read = keptMerges(manifest, { merged: [['r2-00000001', 'r9-gone0000'], ['r2-00000002', 'r1-00000004', 'r5-gone0000']] });
    expect(read.has('r2-00000001')).toBe(false);
    expect(read.get('r2-00000002')).toBe(read.get('r1-00000004'));
    expect(read.size).toBe(2);
  });

  it('keeps a group apart when its merge would make chunks import each other', () => {
    // r1-00000003 imports lib, which imports r1-00000004: merged, the chunk and lib would import each other.
    const read = keptMerges(manifest, { merged: [['r1-00000003', 'r1-00000004', 'r2-00000001']] });
    expect(read.has('r1-00000004')).toBe(false);
    expect(read.get('r1-00000003')).toBe(read.get('r2-00000001'));
  });
});

describe('plans to choose from, and how a built one scores', () => {
  it('weighs chunks merged as one list of imports and one of exports, the chunks\' imports of each other gone', () => {
    const a = { file: 'assets/a-1.js', code: 'import{x as e,y as t}from"./core-1.js";import{q as n}from"./b-2.js";var A=e(n);export{A as a};' };
    const b = { file: 'assets/b-2.js', code: 'import{x as e}from"./core-1.js";import"./c-3.js";var q=e();export{q as q};\n//# sourceMappingURL=b-2.js.map\n' };
    const merged = mergedChunk([a, b]);
    expect(merged).toBe('import{x as i0,y as i1}from"./core-1.js";import"./c-3.js";var A=e(n);var q=e();export{A as a,q as q};');
  });

  it('offers each distinct plan once, the best expected first', () => {
    const group = (name: string): ManifestChunk => ({ file: `assets/${name}.js`, name, imports: ['_core.js'] });
    const manifest: Record<string, ManifestChunk> = { '_core.js': { file: 'assets/core.js' }, '_r1-00000003.js': group('r1-00000003'), '_r1-00000004.js': group('r1-00000004') };
    const files = (...names: string[]) => new Set(['assets/core.js', ...names.map((n) => `assets/${n}.js`)]);
    const routes: RouteFigures[] = [
      { path: '/a', files: files('r1-00000003', 'r1-00000004'), gzip: 102_000, requests: 3 },
      { path: '/b', files: files('r1-00000004'), gzip: 101_000, requests: 2 },
    ];
    const gzipOf = (list: readonly string[]) => list.reduce((sum, f) => sum + (f === 'assets/core.js' ? 100_000 : 1_000), 0);
    const limits: MergeLimits = { budget: { gzip: 150_000, requests: 2 }, perRoute: 0, margin: 2_000 };
    const candidates = planCandidates(manifest, routes, gzipOf, () => false, [500, 800, 1_500, 2_000], limits);
    // Two plans: no merge (limits under the 1 KB /b would gain), the merge (the others); the merge brings /a within.
    expect(candidates).toHaveLength(2);
    expect(candidates[0]!.renamed.size).toBe(2);
    expect(candidates[0]!.perRoute).toBe(1_500);
    expect(candidates[1]!.renamed.size).toBe(0);
  });

  it('ranks a build that breaks a recorded figure or a budget below any that does not, then by routes within, requests and bytes', () => {
    const recorded = { '/heavy': { gzip: 170, requests: 20 } };
    const routes = (heavy: number, light: number, requests = 12) => [
      { path: '/heavy', gzip: heavy, requests: 20 },
      { path: '/light', gzip: light, requests },
      { gzip: 1, requests: 1 },
    ];
    const noise = 300;
    const keeps = builtScore(routes(170_200, 149_000), [], recorded, noise);
    const heavier = builtScore(routes(170_400, 140_000), [], recorded, noise);
    const overBudget = builtScore(routes(160_000, 150_100), [], recorded, noise);
    const moreRequests = builtScore(routes(170_000, 149_000, 14), [], recorded, noise);
    expect(keeps).toEqual([0, 0, -1, 5, 319_200]);
    expect(heavier[1]).toBe(1);
    expect(overBudget[1]).toBe(1);
    expect(compareScores(keeps, heavier)).toBeLessThan(0);
    expect(compareScores(keeps, overBudget)).toBeLessThan(0);
    expect(compareScores(moreRequests, keeps)).toBeLessThan(0);
    // A failure that is not about budgets (a cycle) outranks everything; the budget's own failures are the score's to count.
    expect(builtScore(routes(170_000, 149_000), ['chunks that import each other: a <-> b', 'over budget: /x'], recorded, noise)[0]).toBe(1);
  });
});

describe('the kept plan file (scripts/merge-plan.json)', () => {
  it('names each group once, by its digest, in lists of two or more', () => {
    const kept = JSON.parse(readFileSync(new URL(`../../${MERGE_PLAN_FILE}`, import.meta.url), 'utf8')) as { merged: string[][] };
    const names = kept.merged.flat();
    expect(kept.merged.every((list) => list.length >= 2)).toBe(true);
    expect(names.every((name) => /^r\d+-[0-9a-f]{8}$/.test(name))).toBe(true);
    expect(new Set(names).size).toBe(names.length);
  });
});
