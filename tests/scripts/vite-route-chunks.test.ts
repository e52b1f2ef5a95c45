import { describe, expect, it } from 'vitest';
import type { ModuleGraph } from '../../scripts/vite-chunks.ts';
import { groupName, routeChunkName, routeSets } from '../../scripts/vite-route-chunks.ts';

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
