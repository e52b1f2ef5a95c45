// The app's code beyond `core` grouped by the routes that fetch it before their first input
// (issue 39 item 2, ADR 245).
//
// Left to itself, the bundler gives every set of importers a chunk of its own: a route's page came
// in 20–75 small scripts, many of them fetched on exactly the same routes. Two modules fetched
// before the first input on the same routes can share a chunk without adding a byte to any route's
// first load. Which routes fetch a module is known only after a build (the route table, the
// dynamic imports that wait for an input, the scripts a prerendered page names: what
// scripts/check-bundle-size.mjs measures), so the app's build runs twice: a first build as the
// bundler splits it, measured by the bundle check's own walk, then the build that ships, with one
// chunk per set of routes.
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { checkBundle, chunkModules, routeTable } from './check-bundle-size.mjs';
import { APP, RUNTIME, type Group, type ModuleGraph } from './vite-chunks.ts';

/** Module (path from the project's root, `node_modules/…` for libraries) → the routes that fetch it before their first input, sorted. */
export type RouteSets = Record<string, string[]>;

interface RouteLoad {
  path: string | undefined;
  files: Set<string>;
}

/**
 * Which routes fetch each module before their first input, from a build measured by the bundle
 * check (`routes`: each route's files) and the modules each chunk holds (`modulesOf`: from its
 * source map). Only the build's own chunks (`chunkFiles`, the manifest's): a worker's files are
 * bundled apart and hold copies of modules the page's chunks hold too.
 */
export function routeSets(routes: readonly RouteLoad[], chunkFiles: ReadonlySet<string>, modulesOf: (file: string) => string[]): RouteSets {
  const routesOf = new Map<string, Set<string>>();
  for (const route of routes) {
    if (route.path === undefined) continue;
    for (const file of route.files) {
      if (!chunkFiles.has(file)) continue;
      let set = routesOf.get(file);
      if (!set) routesOf.set(file, (set = new Set()));
      set.add(route.path);
    }
  }
  const sets: Record<string, Set<string>> = {};
  for (const [file, paths] of routesOf) {
    for (const module of modulesOf(file)) {
      const set = (sets[module] ??= new Set());
      for (const p of paths) set.add(p);
    }
  }
  return Object.fromEntries(Object.entries(sets).map(([module, set]) => [module, [...set].sort()]));
}

/** The chunk name of a set of routes: how many, and a digest of which (stable from build to build). */
export function groupName(routes: readonly string[]): string {
  return `r${routes.length}-${createHash('sha1').update(routes.join(' ')).digest('hex').slice(0, 8)}`;
}

/**
 * The chunk of module `id` by the routes that fetch it (`sets`), or null to leave it to the
 * bundler: a module no route fetches before its first input, the entries and the scripts an HTML
 * names, a module loaded by `import()` (a page, a lazily drawn control: its chunk is what the
 * import fetches and what the bundle check knows it by: the 3D viewer's is one, with three.js).
 */
export function routeChunkName(id: string, graph: ModuleGraph, sets: RouteSets, root: string, memo = new Map<string, string[] | null>()): string | null {
  if (RUNTIME.test(id)) return null;
  const info = graph.getModuleInfo(id);
  if (!info || info.isEntry || info.importers.some((importer) => importer.endsWith('.html'))) return null;
  if (info.dynamicImporters.length > 0) return null;
  const routes = routesOf(id, graph, sets, root, memo);
  return routes && routes.length ? groupName(routes) : null;
}

/** A module's path from the project's root, as the source maps name it. */
const fromRoot = (id: string, root: string) => path.relative(root, id).split(path.sep).join('/');

/**
 * The routes that fetch module `id`: from `sets`, or for a module in no source map (a catalogue
 * module, an app module that only declares types), every route that fetches one of its importers.
 * Never for a library's file: its index imports the whole library, which would follow it.
 */
function routesOf(id: string, graph: ModuleGraph, sets: RouteSets, root: string, memo: Map<string, string[] | null>): string[] | null {
  if (memo.has(id)) return memo.get(id) ?? null;
  memo.set(id, null);
  let routes: string[] | null = sets[fromRoot(id, root)] ?? null;
  const info = graph.getModuleInfo(id);
  if (!routes && APP.test(id) && info && info.dynamicImporters.length === 0 && info.importers.length > 0) {
    const union = new Set<string>();
    for (const importer of info.importers) {
      // An importer no route fetches before its input fetches them after it, with their chunk.
      for (const route of routesOf(importer, graph, sets, root, memo) ?? []) union.add(route);
    }
    routes = union.size ? [...union].sort() : null;
  }
  memo.set(id, routes);
  return routes;
}

/** Rolldown's `codeSplitting` group for the modules of `sets` (below `core`'s). */
export function routeGroup(sets: RouteSets, root: string): Group {
  const memo = new Map<string, string[] | null>();
  return {
    debugName: 'by routes (scripts/vite-route-chunks.ts)',
    name: (id, ctx) => routeChunkName(id, ctx, sets, root, memo),
    priority: 0,
    includeDependenciesRecursively: false,
  };
}

/** Reads a first build (`dir`) the bundle check's way: which routes fetch each module before their first input. */
export async function measureRouteSets(dir: string, root: string): Promise<RouteSets> {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string; isEntry?: boolean; isDynamicEntry?: boolean }>;
  const { routes, failures } = checkBundle(dir, { table: await routeTable(root), known: {}, enforce: false, root, copies: false });
  if (failures.length) throw new Error(`the first build's bundle check failed: ${failures.join('; ')}`);
  // Only the chunks the bundler shares between importers: an entry's or a lazily loaded module's own
  // chunk already holds what only it uses, in the one request its import makes.
  const shared = Object.values(manifest).filter((chunk) => !chunk.isEntry && !chunk.isDynamicEntry);
  return routeSets(routes, new Set(shared.map((chunk) => chunk.file)), (file): string[] => chunkModules(dir, file, root));
}
