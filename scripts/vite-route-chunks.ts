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
import zlib from 'node:zlib';
import { checkBundle, chunkModules, onInput, routePages, routeTable, workerOnInput } from './check-bundle-size.mjs';
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
export function routeChunkName(
  id: string,
  graph: ModuleGraph,
  sets: RouteSets,
  root: string,
  memo = new Map<string, string[] | null>(),
  merges: ReadonlyMap<string, string> = new Map(),
): string | null {
  if (RUNTIME.test(id)) return null;
  const info = graph.getModuleInfo(id);
  if (!info || info.isEntry || info.importers.some((importer) => importer.endsWith('.html'))) return null;
  if (info.dynamicImporters.length > 0) return null;
  const routes = routesOf(id, graph, sets, root, memo);
  if (!routes || !routes.length) return null;
  const name = groupName(routes);
  return merges.get(name) ?? name;
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

/**
 * Rolldown's `codeSplitting` group for the modules of `sets` (below `core`'s), with the groups of
 * `merges` (planMerges) renamed to their merged chunk's name.
 */
export function routeGroup(sets: RouteSets, root: string, merges: ReadonlyMap<string, string> = new Map()): Group {
  const memo = new Map<string, string[] | null>();
  return {
    debugName: 'by routes (scripts/vite-route-chunks.ts)',
    name: (id, ctx) => routeChunkName(id, ctx, sets, root, memo, merges),
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

// ---------------------------------------------------------------------------------------------
// Fewer requests for a few more bytes (ADR 258).
//
// One chunk per set of routes adds no byte to any route's first load, but a page meets many sets:
// the account pages fetched 20–40 scripts before their first input, the checkout's 32–35. Each
// request over HTTP/1.1 waits for one of six connections; on a phone's round trip a request costs far
// more than a kilobyte. So a third build merges groups: the pair whose merge takes a request off the
// most routes over the budget for the fewest bytes added to the routes that fetch only one of them,
// again and again, within limits (`MergeLimits`): no route gains more than `perRoute` bytes, a route
// within the byte budget stays within it by `margin`, no route within the request budget goes over it,
// and no merge makes chunks import each other (a cycle, ADR 215).

/** A chunk of a Vite manifest, as the merge plan reads it. */
export interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
  dynamicImports?: string[];
  assets?: string[];
}

/** A route's first load in the build the plan reads: its files, gzip bytes and script requests. */
export interface RouteFigures {
  path: string;
  files: ReadonlySet<string>;
  gzip: number;
  requests: number;
}

export interface MergeLimits {
  /** The budgets (scripts/check-bundle-size.mjs): gzip bytes and script requests before the first input. */
  budget: { gzip: number; requests: number };
  /** At most this many gzip bytes added to any route's first load by all merges together. */
  perRoute: number;
  /** A route within the byte budget stays this far below it. */
  margin: number;
}

export const MERGE_LIMITS: MergeLimits = { budget: { gzip: 150_000, requests: 15 }, perRoute: 4_000, margin: 2_000 };
/** The per-route limits the plans are made with (planCandidates): at most 6 KB more on any route. */
export const PER_ROUTE_LIMITS = [2_000, 3_000, 4_000, 5_000, 6_000];

/** A group's chunk name (`groupName`). */
const GROUP = /^r\d+-[0-9a-f]{8}$/;

/**
 * Which groups of a build (`manifest`: chunks named by `groupName`) go in one chunk, by the greedy
 * rule above: answers each merged group's name → the merged chunk's name (`m<groups>-<digest>`).
 * `gzipOf`: the gzip bytes of files' contents one after the other (of one file: its own), so that a
 * merge is counted with what it saves (one file's headers and imports less; a little more in the
 * merged chunk itself). `eager`: whether a chunk (manifest key) starts, on some route, a dynamic import
 * or a worker with no input given (such a group only takes groups fetched on routes that fetch it:
 * elsewhere it would start its imports too).
 */
export function planMerges(
  manifest: Readonly<Record<string, ManifestChunk>>,
  routes: readonly RouteFigures[],
  gzipOf: (files: readonly string[]) => number,
  eager: (key: string) => boolean,
  limits: MergeLimits = MERGE_LIMITS,
): Map<string, string> {
  return plan(manifest, routes, gzipOf, eager, limits).renamed;
}

/** A plan: the merges, and each route's figures as the plan expects them after. */
interface Plan {
  renamed: Map<string, string>;
  figures: { path: string; gzip: number; requests: number }[];
}

/** The merges of a plan (group's name → merged chunk's name), the per-route limit it was made with, and each route's figures as it expects them. */
export interface PlanCandidate {
  renamed: Map<string, string>;
  perRoute: number;
  figures: Plan['figures'];
}

/** A plan's merges as one string, to tell plans apart. */
export const planKey = (renamed: ReadonlyMap<string, string>) =>
  [...renamed]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([group, merged]) => `${group}>${merged}`)
    .join(' ');

/** Lexicographic order of two scores (lower first). */
export const compareScores = (x: readonly number[], y: readonly number[]) => {
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return 0;
};

/**
 * The plans made with each per-route limit of `perRoute` (the greedy rule takes a merge for good;
 * another limit can end better), each distinct plan once, best first by the figures they expect:
 * the most routes within both budgets, then the fewest requests over the request budget, then the
 * fewest bytes. Expected figures are estimates (a merged chunk's weight, `mergedChunk`; the core's
 * list of files shrinks with each merge): the build measures the candidates (`builtScore`).
 */
export function planCandidates(
  manifest: Readonly<Record<string, ManifestChunk>>,
  routes: readonly RouteFigures[],
  gzipOf: (files: readonly string[]) => number,
  eager: (key: string) => boolean,
  perRoute: readonly number[],
  limits: MergeLimits = MERGE_LIMITS,
): PlanCandidate[] {
  const score = ({ figures }: Plan) => {
    // Within by a kilobyte at least: a route just under the byte budget would leave it with the next change.
    const within = figures.filter((f) => f.gzip <= limits.budget.gzip - 1_000 && f.requests <= limits.budget.requests).length;
    const over = figures.reduce((sum, f) => sum + Math.max(0, f.requests - limits.budget.requests), 0);
    const bytes = figures.reduce((sum, f) => sum + f.gzip, 0);
    return [-within, over, bytes];
  };
  const candidates: (PlanCandidate & { score: number[]; key: string })[] = [];
  for (const cap of perRoute) {
    const made = plan(manifest, routes, gzipOf, eager, { ...limits, perRoute: cap });
    const key = planKey(made.renamed);
    if (candidates.some((c) => c.key === key)) continue;
    candidates.push({ ...made, perRoute: cap, score: score(made), key });
  }
  return candidates.sort((a, b) => compareScores(a.score, b.score)).map(({ renamed, perRoute: cap, figures }) => ({ renamed, perRoute: cap, figures }));
}

/** A route's recorded figures (scripts/check-bundle-size.mjs KNOWN_OVER): whole KB gzip, script requests. */
export type Recorded = Readonly<Record<string, { gzip: number; requests: number }>>;

/**
 * How a build made with a plan fares in the bundle check, lower is better: its failures that are not
 * about budgets (a cycle, the 3D viewer before the first input), the routes that break the budgets
 * or their recorded figures (`recorded`, allowing `noise` bytes: the check's own rule), then the
 * most routes within both budgets, the fewest requests over the request budget, the fewest bytes.
 * Re-planning keeps the candidate that scores lowest: a plan the check accepts when one of them is.
 */
export function builtScore(
  routes: readonly { path?: string; gzip: number; requests: number }[],
  failures: readonly string[],
  recorded: Recorded,
  noise: number,
  budget: MergeLimits['budget'] = MERGE_LIMITS.budget,
): number[] {
  let breaches = 0;
  let within = 0;
  let over = 0;
  let bytes = 0;
  for (const route of routes) {
    if (route.path === undefined) continue;
    const known = recorded[route.path];
    const inside = route.gzip <= budget.gzip && route.requests <= budget.requests;
    if (known ? route.gzip > known.gzip * 1_000 + noise || route.requests > Math.max(known.requests, budget.requests) : !inside) breaches++;
    if (inside) within++;
    over += Math.max(0, route.requests - budget.requests);
    bytes += route.gzip;
  }
  const other = failures.filter((failure) => !failure.startsWith('over budget:')).length;
  return [other, breaches, -within, over, bytes];
}

function plan(
  manifest: Readonly<Record<string, ManifestChunk>>,
  routes: readonly RouteFigures[],
  gzipOf: (files: readonly string[]) => number,
  eager: (key: string) => boolean,
  limits: MergeLimits,
): Plan {
  const keys = Object.keys(manifest).sort();
  const parent = new Map(keys.map((key) => [key, key]));
  const find = (key: string): string => {
    let root = key;
    while (parent.get(root) !== root) root = parent.get(root)!;
    return root;
  };
  const members = new Map(keys.map((key) => [key, [key]]));
  const isGroup = (key: string) => GROUP.test(manifest[key]?.name ?? '');
  const filesOf = (rep: string) => members.get(rep)!.map((key) => manifest[key]!.file);
  const bytesOf = new Map(keys.map((key) => [key, gzipOf([manifest[key]!.file])]));
  const together = new Map<string, number>();
  /** The gzip bytes of a and b merged (measured once per pair of member lists). */
  const pairBytes = (a: string, b: string) => {
    const files = [...filesOf(a), ...filesOf(b)];
    const key = files.join(' ');
    let bytes = together.get(key);
    if (bytes === undefined) together.set(key, (bytes = gzipOf(files)));
    return bytes;
  };
  const flagged = new Map(keys.map((key) => [key, isGroup(key) && eager(key)]));
  const byFile = new Map(keys.map((key) => [manifest[key]!.file, key]));
  // Each route's loaded chunks (representatives), bytes, requests and bytes added so far.
  type RouteState = { route: RouteFigures; loaded: Set<string>; gzip: number; requests: number; added: number };
  const state: RouteState[] = routes.map((route) => ({
    route,
    loaded: new Set([...route.files].map((file) => byFile.get(file)).filter((key): key is string => key !== undefined)),
    gzip: route.gzip,
    requests: route.requests,
    added: 0,
  }));
  /** Each chunk's static imports and everything they reach, by representatives (the graph as merged so far). */
  const graph = () => {
    const reps = [...new Set(keys.map(find))];
    const successors = new Map<string, Set<string>>(reps.map((rep) => [rep, new Set()]));
    for (const key of keys) {
      for (const target of manifest[key]!.imports ?? []) if (manifest[target] && find(target) !== find(key)) successors.get(find(key))!.add(find(target));
    }
    const reach = new Map<string, Set<string>>();
    const visit = (rep: string): Set<string> => {
      let seen = reach.get(rep);
      if (seen) return seen;
      reach.set(rep, (seen = new Set([rep])));
      for (const next of successors.get(rep)!) for (const r of visit(next)) seen.add(r);
      return seen;
    };
    for (const rep of reps) visit(rep);
    return { successors, reach };
  };
  /** What merging a and b does to a route that fetches one or both: its bytes, its requests, and the chunks it newly fetches. */
  const change = (s: RouteState, a: string, b: string, closure: Map<string, Set<string>>) => {
    const hasA = s.loaded.has(a);
    const hasB = s.loaded.has(b);
    const merged = pairBytes(a, b);
    if (hasA && hasB) return { bytes: merged - bytesOf.get(a)! - bytesOf.get(b)!, requests: -1, fresh: [] as string[] };
    const [own, other] = hasA ? [a, b] : [b, a];
    const fresh = [...closure.get(other)!].filter((rep) => !s.loaded.has(rep));
    const bytes = merged - bytesOf.get(own)! + fresh.reduce((sum, rep) => sum + (rep === other ? 0 : bytesOf.get(rep)!), 0);
    return { bytes, requests: fresh.length - 1, fresh };
  };
  const renamed = new Map<string, string>();
  for (;;) {
    const reps = [...new Set(keys.filter(isGroup).map(find))].sort();
    const { successors, reach: closure } = graph();
    const routesOf = new Map(reps.map((rep) => [rep, state.filter((s) => s.loaded.has(rep))]));
    let best: { a: string; b: string; score: number } | undefined;
    for (let i = 0; i < reps.length; i++) {
      for (let j = i + 1; j < reps.length; j++) {
        const a = reps[i]!;
        const b = reps[j]!;
        const onA = routesOf.get(a)!;
        const onB = routesOf.get(b)!;
        // A request taken off a route within the byte budget may bring it within both: it counts ten.
        const benefit = onA.reduce((sum, s) => sum + (s.loaded.has(b) && s.requests > limits.budget.requests ? (s.gzip <= limits.budget.gzip ? 10 : 1) : 0), 0);
        if (benefit === 0) continue;
        if ((flagged.get(a) && onB.some((s) => !s.loaded.has(a))) || (flagged.get(b) && onA.some((s) => !s.loaded.has(b)))) continue;
        // A path a → c → … → b (or back) would become a cycle through the merged chunk.
        if ([...successors.get(a)!].some((c) => c !== b && closure.get(c)!.has(b))) continue;
        if ([...successors.get(b)!].some((c) => c !== a && closure.get(c)!.has(a))) continue;
        let cost = 0;
        let allowed = true;
        for (const s of new Set([...onA, ...onB])) {
          const { bytes, requests } = change(s, a, b, closure);
          if (bytes > 0 && s.added + bytes > limits.perRoute) allowed = false;
          if (bytes > 0 && s.gzip <= limits.budget.gzip && s.gzip + bytes > limits.budget.gzip - limits.margin) allowed = false;
          if (requests > 0 && s.requests <= limits.budget.requests && s.requests + requests > limits.budget.requests) allowed = false;
          cost += bytes;
        }
        if (!allowed) continue;
        const score = cost / benefit;
        if (!best || score < best.score) best = { a, b, score };
      }
    }
    if (!best) break;
    const { a, b } = best;
    for (const s of new Set([...routesOf.get(a)!, ...routesOf.get(b)!])) {
      const { bytes, requests, fresh } = change(s, a, b, closure);
      s.gzip += bytes;
      s.added += bytes;
      s.requests += requests;
      for (const rep of fresh) s.loaded.add(rep);
      s.loaded.delete(b);
      s.loaded.add(a);
    }
    const merged = pairBytes(a, b);
    parent.set(b, a);
    members.set(a, [...members.get(a)!, ...members.get(b)!]);
    bytesOf.set(a, merged);
    flagged.set(a, flagged.get(a)! || flagged.get(b)!);
  }
  for (const rep of new Set(keys.filter(isGroup).map(find))) {
    const names = members.get(rep)!.map((key) => manifest[key]!.name!).sort();
    if (names.length < 2) continue;
    for (const name of names) renamed.set(name, mergedName(names));
  }
  return { renamed, figures: state.map((s) => ({ path: s.route.path, gzip: s.gzip, requests: s.requests })) };
}

/** The chunk name of groups merged (sorted names): how many, and a digest of which. */
const mergedName = (names: readonly string[]) => `m${names.length}-${createHash('sha1').update(names.join(' ')).digest('hex').slice(0, 8)}`;

/**
 * The merge plan the build keeps (ADR 266), from the project's root: which groups (`groupName`, a
 * digest of the routes that fetch them) share a chunk. A plan made afresh on every build moved with
 * any change (a few hundred bytes in a lazily loaded chunk reorder the greedy rule's merges, and every
 * route's figures move by kilobytes); kept, it moves only when the groups do. Made again, built and
 * measured, with `MANUFACTURE_REPLAN=1 npm run build`.
 */
export const MERGE_PLAN_FILE = 'scripts/merge-plan.json';

/** The kept plan: lists of group names, each list one chunk. */
export interface KeptPlan {
  merged: string[][];
}

/** A plan's merges (group → merged chunk) as the file keeps them. */
export function keptPlan(renamed: ReadonlyMap<string, string>): KeptPlan {
  const chunks = new Map<string, string[]>();
  for (const [group, merged] of renamed) chunks.set(merged, [...(chunks.get(merged) ?? []), group]);
  return { merged: [...chunks.values()].map((names) => names.sort()).sort((a, b) => a[0]!.localeCompare(b[0]!)) };
}

/**
 * The kept plan's merges on a build grouped by routes (`manifest`): each list's groups the build
 * still has share a chunk, but a group whose merge would make chunks import each other (a cycle,
 * ADR 215), which keeps a chunk of its own. Groups the plan does not name (new sets of routes) keep
 * theirs too: the bundle check counts the requests they add.
 */
export function keptMerges(manifest: Readonly<Record<string, ManifestChunk>>, kept: KeptPlan): Map<string, string> {
  const keyOf = new Map(Object.entries(manifest).flatMap(([key, chunk]) => (chunk.name && GROUP.test(chunk.name) ? [[chunk.name, key] as const] : [])));
  const parent = new Map(Object.keys(manifest).map((key) => [key, key]));
  const find = (key: string): string => (parent.get(key) === key ? key : find(parent.get(key)!));
  /** Whether `to` is reached from `from` by static imports, between chunks as merged so far, not through `skip`'s direct edge. */
  const reaches = (from: string, to: string, skip: string) => {
    const successors = (rep: string) => Object.keys(manifest).filter((key) => find(key) === rep).flatMap((key) => (manifest[key]!.imports ?? []).filter((target) => manifest[target]).map(find));
    const seen = new Set<string>();
    const stack = successors(from).filter((next) => next !== skip && next !== from);
    while (stack.length) {
      const rep = stack.pop()!;
      if (rep === to) return true;
      if (seen.has(rep)) continue;
      seen.add(rep);
      stack.push(...successors(rep).filter((next) => next !== from));
    }
    return false;
  };
  const renamed = new Map<string, string>();
  for (const list of kept.merged) {
    const keys = list.flatMap((name) => keyOf.get(name) ?? []);
    const members = keys.slice(0, 1);
    for (const key of keys.slice(1)) {
      const a = find(members[0]!);
      const b = find(key);
      // a → c → … → b (or back) would become a cycle through the merged chunk.
      if (reaches(a, b, b) || reaches(b, a, a)) continue;
      parent.set(b, a);
      members.push(key);
    }
    const names = members.map((key) => manifest[key]!.name!).sort();
    if (names.length > 1) for (const name of names) renamed.set(name, mergedName(names));
  }
  return renamed;
}

/** A chunk's leading imports (`import{a as b,…}from"./x.js";` or `import"./x.js";`), one at a time. */
const IMPORT_STATEMENT = /^import(?:\{([^}]*)\}from)?"([^"]+)";/;
/** Its trailing exports and source map comment. */
const EXPORT_STATEMENT = /export\{([^}]*)\};?\s*(?:\/\/# sourceMappingURL=\S*\s*)?$/;

/**
 * The code of chunks merged, as the bundler would write them, near enough to weigh the merge: their
 * bodies one after the other under one list of imports (each outside file once, each name it gives
 * once; the chunks' imports of each other gone) and one list of exports. Concatenated as they were,
 * the chunks weighed their merge 4–15 % over the chunk the build then wrote (3.7 KB over 18 merged
 * chunks on 2026-12-06), so the plan took routes within the byte budget for routes over it.
 */
export function mergedChunk(chunks: readonly { file: string; code: string }[]): string {
  const own = new Set(chunks.map(({ file }) => `./${path.posix.basename(file)}`));
  const imports = new Map<string, Set<string>>();
  const exports: string[] = [];
  const bodies = chunks.map(({ code }) => {
    let rest = code;
    for (let match = IMPORT_STATEMENT.exec(rest); match; match = IMPORT_STATEMENT.exec(rest)) {
      rest = rest.slice(match[0].length);
      if (own.has(match[2]!)) continue;
      const names = imports.get(match[2]!) ?? new Set<string>();
      for (const specifier of (match[1] ?? '').split(',')) if (specifier) names.add(specifier.split(' as ')[0]!);
      imports.set(match[2]!, names);
    }
    const tail = EXPORT_STATEMENT.exec(rest);
    if (tail) {
      exports.push(...tail[1]!.split(',').filter(Boolean));
      rest = rest.slice(0, tail.index);
    }
    return rest;
  });
  let alias = 0;
  const head = [...imports].map(([target, names]) => (names.size ? `import{${[...names].map((name) => `${name} as i${alias++}`).join(',')}}from"${target}";` : `import"${target}";`));
  return head.join('') + bodies.join('') + (exports.length ? `export{${exports.join(',')}};` : '');
}

/**
 * Reads a build grouped by routes (`dir`) the bundle check's way and plans its merges
 * (planCandidates): each route's files and figures, each file's gzip bytes (level 9, as the check
 * counts them; merged chunks as `mergedChunk` writes them), and which chunks start a dynamic import or
 * a worker with no input on some route. Answers the distinct plans, best expected first; writes what
 * each expects of every route beside `dir` (`manufacture-merge-plans.json`), to compare with a build.
 */
export async function mergeCandidates(dir: string, root: string, limits: MergeLimits = MERGE_LIMITS): Promise<Map<string, string>[]> {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const { routes, failures } = checkBundle(dir, { table: await routeTable(root), known: {}, enforce: false, root, copies: false });
  if (failures.length) throw new Error(`the grouped build's bundle check failed: ${failures.join('; ')}`);
  const pages: string[] = routePages(manifest);
  const paths = routes.flatMap((route) => (route.path === undefined ? [] : [route.path]));
  const eager = (key: string) => {
    const chunk = manifest[key]!;
    if ((chunk.assets ?? []).some((asset) => /\.m?js$/.test(asset) && paths.some((route) => !workerOnInput(asset, route)))) return true;
    return (chunk.dynamicImports ?? []).some((target) => {
      if (pages.includes(target)) return false;
      const modules = target.startsWith('_') ? chunkModules(dir, manifest[target]?.file ?? '', root) : [];
      return paths.some((route) => !onInput(target, route, modules));
    });
  };
  const texts = new Map<string, string>();
  const text = (file: string) => {
    let code = texts.get(file);
    if (code === undefined) texts.set(file, (code = fs.readFileSync(path.join(dir, file), 'utf8')));
    return code;
  };
  /** Files' gzip bytes (memoised), their code put together by `join` when there are several. */
  const weigher = (join: (files: readonly string[]) => string) => {
    const measured = new Map<string, number>();
    return (files: readonly string[]) => {
      const key = files.join(' ');
      let bytes = measured.get(key);
      if (bytes === undefined) measured.set(key, (bytes = zlib.gzipSync(files.length === 1 ? text(files[0]!) : join(files), { level: 9 }).length));
      return bytes;
    };
  };
  const figures = routes.flatMap((route) => (route.path === undefined ? [] : [{ path: route.path, files: route.files, gzip: route.gzip, requests: route.requests }]));
  // Two ways of weighing a merge make different plans: merged as the bundler would write it, and the
  // chunks one after the other (heavier; the plans before ADR 266), so the build has more to choose from.
  const candidates: PlanCandidate[] = [];
  for (const join of [(files: readonly string[]) => mergedChunk(files.map((file) => ({ file, code: text(file) }))), (files: readonly string[]) => files.map(text).join('')]) {
    for (const candidate of planCandidates(manifest, figures, weigher(join), eager, PER_ROUTE_LIMITS, limits)) {
      if (!candidates.some((other) => planKey(other.renamed) === planKey(candidate.renamed))) candidates.push(candidate);
    }
  }
  fs.writeFileSync(path.join(path.dirname(dir), 'manufacture-merge-plans.json'), JSON.stringify(candidates.map(({ perRoute, figures: expected }) => ({ perRoute, figures: expected })), null, 1));
  return candidates.map((candidate) => candidate.renamed);
}
