import { describe, expect, it } from 'vitest';
import { chunkName, exportedNames, importedNames, isReexportFile, originalNames, type ModuleGraph } from '../../scripts/vite-chunks.ts';

// The core chunk's walk (ADR 215) on a small graph written the way Rolldown answers it.
type Info = NonNullable<ReturnType<ModuleGraph['getModuleInfo']>>;
function graph(modules: Record<string, Partial<Info> & { code: string }>): ModuleGraph {
  const full: Record<string, Info> = {};
  for (const [id, m] of Object.entries(modules)) {
    full[id] = { importers: [], dynamicImporters: [], importedIds: [], dynamicallyImportedIds: [], exports: [], isEntry: false, ...m };
  }
  for (const [id, m] of Object.entries(full)) {
    for (const target of m.importedIds) (full[target]!.importers as string[]).push(id);
    for (const target of m.dynamicallyImportedIds) (full[target]!.dynamicImporters as string[]).push(id);
  }
  return { getModuleInfo: (id) => full[id] ?? null };
}

const NM = '/app/node_modules/react-aria-components/dist';
const modules = graph({
  '/app/index.html': { code: 'import "./routes/main.tsx";', isEntry: true, importedIds: ['/app/routes/main.tsx'] },
  '/app/routes/main.tsx': { code: 'import { App } from "./app.tsx";', importedIds: ['/app/routes/app.tsx'] },
  '/app/routes/app.tsx': {
    code: 'import { Button } from "react-aria-components";\nconst page = () => import("./pages/table-page.tsx");\nexport function App() {}',
    importedIds: [`${NM}/exports/index.mjs`],
    dynamicallyImportedIds: ['/app/routes/pages/table-page.tsx'],
  },
  '/app/routes/pages/table-page.tsx': { code: 'import { Table } from "react-aria-components";\nexport const TablePage = 1;', importedIds: [`${NM}/exports/index.mjs`] },
  [`${NM}/exports/index.mjs`]: {
    code: 'import {Button as $a} from "../private/Button.mjs";\nimport {Table as $b} from "../private/Table.mjs";\n\nexport {$a as Button, $b as Table};\n//# sourceMappingURL=index.mjs.map',
    importedIds: [`${NM}/private/Button.mjs`, `${NM}/private/Table.mjs`],
  },
  [`${NM}/private/Button.mjs`]: { code: 'import {useId} from "./utils.mjs";\nfunction B() {}\nexport {B as Button};', importedIds: [`${NM}/private/utils.mjs`] },
  [`${NM}/private/Table.mjs`]: { code: 'function T() {}\nexport {T as Table};' },
  [`${NM}/private/utils.mjs`]: { code: 'export function useId() {}' },
});

describe('the core chunk (scripts/vite-chunks.ts)', () => {
  it('reads re-export files, imported names and exported names', () => {
    expect(isReexportFile(modules.getModuleInfo(`${NM}/exports/index.mjs`)!.code)).toBe(true);
    expect(isReexportFile(modules.getModuleInfo(`${NM}/private/Button.mjs`)!.code)).toBe(false);
    expect(importedNames('import X, { a, b as c, type D } from "x";')).toEqual(new Set(['default', 'a', 'b', 'D']));
    expect(importedNames('import * as all from "x";')).toBeUndefined();
    expect(exportedNames('export {B as Button, C};\nexport const d = 1;\nexport default 2;')).toEqual(['Button', 'C', 'd', 'default']);
  });

  it("puts what the entry uses in core, through a library's index only for the names it imports", () => {
    const state = { entries: new Set<string>(), decided: new Map<string, boolean>() };
    const name = (id: string) => chunkName(id, modules, state);
    expect(name('/app/routes/app.tsx')).toBe('core');
    expect(name(`${NM}/private/Button.mjs`)).toBe('core');
    expect(name(`${NM}/private/utils.mjs`)).toBe('core');
    // Only the lazily loaded page uses the table: it stays out of core.
    expect(name(`${NM}/private/Table.mjs`)).toBeNull();
    // The entry's own module stays in the chunk the HTML names; a lazily loaded page keeps its own.
    expect(name('/app/routes/main.tsx')).toBeNull();
    expect(name('/app/routes/pages/table-page.tsx')).toBeNull();
  });

  it("follows a name a re-export file renames to its source's name (react-aria-components' UNSTABLE_ToastQueue is react-stately's ToastQueue)", () => {
    const index = 'import {ToastQueue as $q} from "react-stately/useToastState";\nimport {Button as $b} from "./Button.mjs";\nexport {$q as UNSTABLE_ToastQueue, $b as Button};\nexport {Table as T2} from "./Table.mjs";';
    expect(originalNames(index, new Set(['UNSTABLE_ToastQueue']))).toEqual(new Set(['UNSTABLE_ToastQueue', '$q', 'ToastQueue']));
    expect(originalNames(index, new Set(['T2']))).toEqual(new Set(['T2', 'Table']));
    expect(originalNames(index, new Set(['Other']))).toEqual(new Set(['Other']));
  });

  it('puts in core what its modules import directly and what only its modules import, so no chunk and core import each other', () => {
    const LIB = '/app/node_modules/lib/dist';
    const cyclic = graph({
      '/app/index.html': { code: 'import "./routes/main.tsx";', isEntry: true, importedIds: ['/app/routes/main.tsx'] },
      '/app/routes/main.tsx': { code: 'import { App } from "./app.tsx";', importedIds: ['/app/routes/app.tsx'] },
      '/app/routes/app.tsx': { code: 'import { Queue } from "lib";\nexport function App() {}', importedIds: [`${LIB}/index.mjs`] },
      [`${LIB}/index.mjs`]: { code: 'import {Queue as $q} from "./queue.mjs";\nimport {Grid as $g} from "./grid.mjs";\nexport {$q as Queue, $g as Grid};', importedIds: [`${LIB}/queue.mjs`, `${LIB}/grid.mjs`] },
      // queue.mjs imports a helper for a name it does not export under that name.
      [`${LIB}/queue.mjs`]: { code: 'import {useLayout as $u} from "./layout.mjs";\nfunction Q() {}\nexport {Q as Queue};', importedIds: [`${LIB}/layout.mjs`] },
      [`${LIB}/layout.mjs`]: { code: 'import {helper} from "./helper.mjs";\nexport const useLayoutEffect = helper;', importedIds: [`${LIB}/helper.mjs`] },
      [`${LIB}/helper.mjs`]: { code: 'export const helper = 1;' },
      [`${LIB}/grid.mjs`]: { code: 'function G() {}\nexport {G as Grid};' },
    });
    const state = { entries: new Set<string>(), decided: new Map<string, boolean>() };
    const name = (id: string) => chunkName(id, cyclic, state);
    expect(name(`${LIB}/queue.mjs`)).toBe('core');
    expect(name(`${LIB}/layout.mjs`)).toBe('core');
    expect(name(`${LIB}/helper.mjs`)).toBe('core');
    // Only the library's index imports the grid: not a reason to put it in core.
    expect(name(`${LIB}/grid.mjs`)).toBeNull();
  });
});
