import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The cache of server state is put in the tree by the pages that read it (ADR 259), so that TanStack
// Query is not in every page's first load: a page whose code reads server state must draw inside it,
// and nothing the entry loads at start may need it or import it.
const root = process.cwd();
const SPECIFIER = /(?:^|[\s;])(import|export)(\s+type)?\s[^'";]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s*['"]([^'"]+)['"]/gm;
/** A hook that needs a QueryClient above it. */
const HOOK = /\b(?:useQuery|useQueries|useQueryClient|useMutation|useInfiniteQuery|useSuspenseQuery|useIsFetching|useIsMutating)\b/;
const MARKER = "export { ServerState } from '../server-state.tsx';";

interface Import {
  file: string;
  dynamic: boolean;
}

function resolve(from: string, specifier: string): string | null {
  let base: string;
  const alias = /^#(\w+)\/(.*)$/.exec(specifier);
  if (alias) base = path.join(root, alias[1]!, alias[2]!);
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`]) if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  return null;
}

/** A module that draws the cache itself around what reads server state (lib/server-state.tsx), such as the quote's parts table. */
const drawsTheCache = (file: string) => /from '#lib\/server-state'/.test(fs.readFileSync(file, 'utf8'));

/** A module's value imports of the app's own modules, and whether it imports TanStack Query's hooks or any of its values. */
function read(file: string): { imports: Import[]; hooks: boolean; tanstack: boolean } {
  const source = fs.readFileSync(file, 'utf8');
  const imports: Import[] = [];
  let hooks = false;
  let tanstack = false;
  for (const match of source.matchAll(SPECIFIER)) {
    const typeOnly = Boolean(match[2]);
    const specifier = match[3] ?? match[4] ?? match[5]!;
    if (specifier === '@tanstack/react-query' && !typeOnly) {
      tanstack = true;
      if (HOOK.test(match[0])) hooks = true;
    }
    const target = typeOnly ? null : resolve(file, specifier);
    if (target) imports.push({ file: target, dynamic: match[4] !== undefined });
  }
  return { imports, hooks, tanstack };
}

/** The first module reached from `file` (static and dynamic imports, or static only) that `test` accepts, and the path to it. */
function reach(file: string, test: (m: ReturnType<typeof read>) => boolean, { dynamic, stop = () => false }: { dynamic: boolean; stop?: (f: string) => boolean }): string[] | null {
  const seen = new Set<string>();
  const walk = (current: string, trail: string[]): string[] | null => {
    if (seen.has(current)) return null;
    seen.add(current);
    const module = read(current);
    if (test(module)) return [...trail, current];
    for (const next of module.imports) {
      if ((next.dynamic && !dynamic) || stop(next.file)) continue;
      const found = walk(next.file, [...trail, current]);
      if (found) return found;
    }
    return null;
  };
  return walk(file, []);
}

const relative = (files: string[]) => files.map((f) => path.relative(root, f)).join(' → ');
const pagesDir = path.join(root, 'routes/pages');
const pages = fs.readdirSync(pagesDir).filter((f) => f.endsWith('-page.tsx') || f.endsWith('-pages.tsx'));

describe('the cache of server state goes with the pages that read it (ADR 259)', () => {
  it.each(pages)('%s draws inside it exactly when its code reads server state', (page) => {
    const file = path.join(pagesDir, page);
    const reads = reach(file, (m) => m.hooks, { dynamic: true, stop: drawsTheCache });
    const marked = fs.readFileSync(file, 'utf8').includes(MARKER);
    if (reads) expect(marked, `${page} reads server state (${relative(reads)}): add \`${MARKER}\``).toBe(true);
    else expect(marked, `${page} reads no server state: its re-export of ServerState only adds TanStack Query to its first load`).toBe(false);
  });

  const isPage = (f: string) => f.startsWith(pagesDir + path.sep) || f === path.join(root, 'routes/server-state.tsx');

  it('is not in what the entry loads at start: no module the entry imports statically imports TanStack Query', () => {
    const found = reach(path.join(root, 'routes/main.tsx'), (m) => m.tanstack, { dynamic: false, stop: isPage });
    expect(found && relative(found)).toBeNull();
  });

  it('is needed by nothing the app draws outside a page (its dialogs, notifications, banners)', () => {
    const found = reach(path.join(root, 'routes/main.tsx'), (m) => m.hooks, { dynamic: true, stop: (f) => isPage(f) || drawsTheCache(f) });
    expect(found && relative(found)).toBeNull();
  });

  it("finds what it looks for: the quote page reads server state (the parts' pictures) in its parts table and part details, which draw the cache themselves", () => {
    const trail = reach(path.join(pagesDir, 'quote-page.tsx'), (m) => m.hooks, { dynamic: true })?.map((f) => path.relative(root, f)) ?? [];
    expect(trail.at(-1)).toBe('features/quote/components/stored-picture.tsx');
    expect(trail.some((f) => f === 'features/quote/components/parts-table.tsx' || f === 'features/quote/components/part-details.tsx')).toBe(true);
    expect(reach(path.join(pagesDir, 'quote-page.tsx'), (m) => m.hooks, { dynamic: true, stop: drawsTheCache })).toBeNull();
  });
});
