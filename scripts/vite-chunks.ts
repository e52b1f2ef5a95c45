// How the app's code is grouped into chunks (issue 39 item 2, ADR 215).
//
// Left to itself, the bundler (Rolldown, Vite 8) splits what the entry loads into a dozen chunks
// (tailwind-merge with the focus ring, xstate, the API client, the i18n provider, React's JSX
// runtime, …): each is also used by lazily loaded chunks, and the bundler gives every set of users
// a chunk of its own. Every route fetched those before anything of its page. Here the modules the
// entry loads by static imports (the app's and the libraries' parts it uses), xstate, which the
// session runs at start on every route (ADR 139), and React DOM's client, which the entry imports a
// task later (ADR 252), go in one `core` chunk: the frame's code arrives
// in four requests (the entry, the bundler's runtime, `core`, the session) instead of thirteen, with
// slightly fewer bytes.
//
// The rest is grouped by the set of routes that fetch it before their first input
// (scripts/vite-route-chunks.ts, ADR 245), which adds no byte to any route's first load. Grouping a
// page's code with other pages' (tried: by area of the site, by set of pages, a "common" chunk
// beyond N pages; ADR 215) brought each route under 15 scripts only by adding 20–60 KB gzip of
// other pages' code to its first load; the groups are then merged pair by pair where a merge takes a
// request off routes over the budget for at most 4 KB added to any route (ADR 258).
// Code that must stay out of the customers' first loads (the 3D viewer's libraries, the staff
// console) never joins core; scripts/check-bundle-size.mjs checks where it ends up.

/** Never grouped with the customers' code: the 3D viewer's libraries, the STEP reader, the staff console. */
export const NEVER_GROUPED = /[\\/](?:node_modules[\\/](?:three|three-stdlib|@react-three|occt-import-js)[\\/]|features[\\/]ops[\\/]|routes[\\/]pages[\\/]ops-console-page\.tsx)/;
/** The app's own modules (and the catalogue's virtual modules): no barrel files, so their static imports are what they use. */
export const APP = /^(?!.*[\\/]node_modules[\\/])(?:[\\/]|\0virtual:catalogue)/;
/** The bundler's runtime helpers: with the entry's code. */
export const RUNTIME = /rolldown[\\/:]runtime|^\0vite\//;
/**
 * Libraries every route runs join the core: xstate (the session's machine, fetched at start, ADR
 * 139), and React DOM's client, which the entry imports in a task after its own (ADR 252).
 */
const CORE_LIBRARIES = /[\\/]node_modules[\\/](?:xstate|@xstate[\\/]react|react-dom|scheduler)[\\/]/;

/** The module graph, as the bundler's chunking context answers it. */
export interface ModuleGraph {
  getModuleInfo(id: string): {
    code: string | null;
    importers: readonly string[];
    dynamicImporters: readonly string[];
    importedIds: readonly string[];
    dynamicallyImportedIds: readonly string[];
    exports: readonly string[];
    isEntry: boolean;
  } | null;
}

/** What the entries load by static imports. */
interface Placement {
  /** Modules the entries load by static imports. */
  entry: Set<string>;
}

const IMPORT_OR_REEXPORT = /^\s*(?:import\s*(?:[\w$]+\s*,?\s*)?(?:\{[^}]*\}|\*\s*as\s+[\w$]+)?\s*(?:from\s*)?["'][^"']+["']|export\s*(?:\*(?:\s*as\s+[\w$]+)?|\{[^}]*\})\s*(?:from\s*["'][^"']+["'])?)\s*;?/;

/** A library's file that only re-exports others (react-aria-components' index): what it "imports" is not what its importer uses. */
export function isReexportFile(code: string | null): boolean {
  if (code === null) return false;
  let rest = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  for (let match = IMPORT_OR_REEXPORT.exec(rest); match; match = IMPORT_OR_REEXPORT.exec(rest)) rest = rest.slice(match[0].length);
  return rest.trim() === '';
}

/** The names a module imports by name (`import { a, b as c }`), or undefined when it takes a whole namespace. */
export function importedNames(code: string | null): Set<string> | undefined {
  if (code === null) return new Set();
  if (/import\s*\*\s*as\s/.test(code) || /export\s*\*/.test(code)) return undefined;
  const names = new Set<string>();
  if (/import\s+[\w$]+\s*(?:,|from)/.test(code)) names.add('default');
  for (const [, list] of code.matchAll(/(?:import|export)\s*(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from/g)) {
    for (const part of (list ?? '').split(',')) {
      const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]?.trim();
      if (name) names.add(name);
    }
  }
  return names;
}

/**
 * The names a re-export file's sources export for the names `wanted` of it: `wanted` and, for each
 * name it exports under another (`import {A as $a} from "x"; export {$a as B}`, `export {A as B} from
 * "x"`), the source's name.
 */
export function originalNames(code: string | null, wanted: Set<string>): Set<string> {
  const names = new Set(wanted);
  if (code === null) return names;
  const pairs = (list: string | undefined) =>
    (list ?? '').split(',').map((part) => part.trim().replace(/^type\s+/, '').split(/\s+as\s+/).map((n) => n.trim()) as [string, string?]).filter(([n]) => n);
  /** Local name → the source's name, from the file's imports. */
  const imported = new Map<string, string>();
  for (const [, list] of code.matchAll(/import\s*\{([^}]*)\}\s*from/g)) for (const [source, local] of pairs(list)) imported.set(local ?? source, source);
  for (const [, list, from] of code.matchAll(/export\s*\{([^}]*)\}(\s*from)?/g)) {
    for (const [local, exported] of pairs(list)) {
      if (!wanted.has(exported ?? local)) continue;
      names.add(local);
      if (!from) names.add(imported.get(local) ?? local);
    }
  }
  return names;
}

/** The names an ES module exports (none for CommonJS). */
export function exportedNames(code: string | null): string[] {
  if (code === null) return [];
  const names: string[] = [];
  for (const [, list] of code.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const part of (list ?? '').split(',')) {
      const name = part.trim().split(/\s+as\s+/).pop()?.trim();
      if (name) names.push(name);
    }
  }
  for (const [, name] of code.matchAll(/export\s+(?:async\s+)?(?:function\*?|const|let|var|class)\s+([\w$]+)/g)) if (name) names.push(name);
  if (/export\s+default\b/.test(code)) names.push('default');
  return names;
}

/**
 * A forward walk over static imports from the entries. Through a library's
 * re-export file the walk follows only the files that export a name the importer imports, as the
 * bundler's tree shaking does: the entry's `Button` from react-aria-components does not make its
 * `Table` part of the entry.
 */
export function placement(graph: ModuleGraph, entries: readonly string[]): Placement {
  const info = (id: string) => graph.getModuleInfo(id);
  const reexport = new Map<string, boolean>();
  const isReexport = (id: string) => {
    let known = reexport.get(id);
    if (known === undefined) reexport.set(id, (known = !APP.test(id) && isReexportFile(info(id)?.code ?? null)));
    return known;
  };
  const exportCache = new Map<string, string[]>();
  const exportsOf = (id: string) => {
    let known = exportCache.get(id);
    if (!known) exportCache.set(id, (known = exportedNames(info(id)?.code ?? null)));
    return known;
  };
  /**
   * Whether module `from`, importing names `names` (undefined: a whole namespace), uses library
   * file `target`: a library's ES module is used for the names it exports (its CommonJS modules and
   * files without exports, always).
   */
  const usesFile = (names: Set<string> | undefined, target: string) => {
    if (!names || APP.test(target) || isReexport(target)) return true;
    const exported = exportsOf(target);
    return exported.length === 0 || exported.some((name) => names.has(name));
  };
  /** The files module `id` uses, looking through re-export files for the names it imports. */
  const uses = (id: string): string[] => {
    const names = importedNames(info(id)?.code ?? null);
    const out: string[] = [];
    const seen = new Set<string>();
    // A file the module imports directly is taken whatever the names: it runs when the module runs,
    // and a file left out of core would import core while core imports it (a cycle between chunks,
    // which ran a chunk before the core's code it needs: ADR 229). Names choose only among the files
    // behind a re-export file.
    const through = (target: string, wanted: Set<string> | undefined, behindReexport: boolean) => {
      if (seen.has(target) || (behindReexport && !usesFile(wanted, target))) return;
      seen.add(target);
      out.push(target);
      if (!isReexport(target)) return;
      // Through a re-export file the names are the ones it imports under the names asked for
      // (react-aria-components' `UNSTABLE_ToastQueue` is react-stately's `ToastQueue`).
      const next = wanted && originalNames(info(target)?.code ?? null, wanted);
      for (const dependency of info(target)?.importedIds ?? []) through(dependency, next, true);
    };
    for (const target of info(id)?.importedIds ?? []) through(target, names, false);
    return out;
  };
  const walk = (from: string): Set<string> => {
    const reached = new Set<string>();
    const stack = [from];
    while (stack.length) {
      const id = stack.pop() as string;
      if (reached.has(id)) continue;
      reached.add(id);
      // A re-export file's own imports are not followed: its importers' names were (uses()).
      if (isReexport(id)) continue;
      stack.push(...uses(id));
    }
    return reached;
  };
  const entry = new Set<string>();
  for (const root of entries) for (const id of walk(root)) entry.add(id);
  return { entry };
}

/** The entries above module `id` (walking up its importers). */
function entriesOf(graph: ModuleGraph, id: string): string[] {
  const seen = new Set<string>();
  const found: string[] = [];
  const stack = [id];
  while (stack.length) {
    const current = stack.pop() as string;
    if (seen.has(current)) continue;
    seen.add(current);
    const info = graph.getModuleInfo(current);
    if (!info) continue;
    if (info.isEntry) found.push(current);
    stack.push(...info.importers, ...info.dynamicImporters);
  }
  return found;
}

interface State {
  placement?: Placement;
  entries: Set<string>;
  /** Each module's answer, once given. */
  decided: Map<string, boolean>;
}

/** The chunk name of module `id`, or null to leave it to the bundler. */
export function chunkName(id: string, graph: ModuleGraph, state: State): string | null {
  return inCore(id, graph, state) ? 'core' : null;
}

function inCore(id: string, graph: ModuleGraph, state: State): boolean {
  const known = state.decided.get(id);
  if (known !== undefined) return known;
  // Until decided, a module met again through a cycle of imports counts as outside.
  state.decided.set(id, false);
  const decision = decide(id, graph, state);
  state.decided.set(id, decision);
  return decision;
}

function decide(id: string, graph: ModuleGraph, state: State): boolean {
  if (RUNTIME.test(id)) return true;
  if (NEVER_GROUPED.test(id) || id.includes('early-files-script')) return false;
  const info = graph.getModuleInfo(id);
  // The entry's own module (routes/main.tsx) stays in the entry's chunk, which the HTML names.
  if (!info || info.isEntry || info.importers.some((importer) => importer.endsWith('.html'))) return false;
  if (CORE_LIBRARIES.test(id)) return true;
  // A lazily loaded module keeps its own chunk: the page, dialog or control it is.
  if (info.dynamicImporters.length > 0 && info.importers.length === 0) return false;
  if (!state.placement) {
    for (const entry of entriesOf(graph, id)) state.entries.add(entry);
    state.placement = placement(graph, [...state.entries]);
  }
  if (state.placement.entry.has(id)) return true;
  // A module only core's modules import goes with them (use-isomorphic-layout-effect, which
  // @xstate/react imports), but through a library's index: left to the bundler, its chunk and core would import each other.
  // Not through a re-export file: a library's index imports every part of it.
  return (
    info.dynamicImporters.length === 0 &&
    info.importers.length > 0 &&
    info.importers.every((importer) => !isReexportFile(graph.getModuleInfo(importer)?.code ?? null) && inCore(importer, graph, state))
  );
}

export type Group = { debugName: string; name: (id: string, ctx: ModuleGraph) => string | null; priority: number; includeDependenciesRecursively: false };

/**
 * Rolldown's `output.codeSplitting` for the app's build. The group does not take its modules'
 * dependencies with it (`includeDependenciesRecursively: false`): through a library's index that
 * would be the whole library.
 */
export function firstLoadChunks(...more: Group[]): { groups: Group[] } {
  const state: State = { entries: new Set(), decided: new Map() };
  return {
    groups: [
      { debugName: 'core (scripts/vite-chunks.ts)', name: (id, ctx) => chunkName(id, ctx, state), priority: 1, includeDependenciesRecursively: false },
      ...more,
    ],
  };
}
