// The class-merge config of the browser's code (ADR 138): tailwind-merge's own default config with our
// tokens, pruned to the class groups the code uses.
//   node --import tsx scripts/tw-merge-config.ts          writes ui/tw-merge-config.ts
// Run it when tests/ui/tw-merge-config.test.ts says a class group is missing. The default config
// knows every Tailwind utility (about 10 KB gzip in each page's first load); the pruned one knows
// the hundred or so groups our classes belong to, with the same definitions, conflicts and theme.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getDefaultConfig, mergeConfigs, validators, type Config as MergeConfig } from 'tailwind-merge';
// tailwind-merge's class-group lookup, published as its "unstable" entry (not in its exports map).
// @ts-expect-error -- the entry's types are in dist/unstable-types.d.ts, which the exports map hides
import { createClassGroupUtils, createParseClassName } from '../node_modules/tailwind-merge/dist/unstable-mjs.mjs';
import { borderRadius, boxShadow, fontSize, spacing } from '../ui/tokens.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Where the browser's class names are written. */
const SOURCE_DIRS = ['ui', 'features', 'routes', 'lib'];
export const OUTPUT = 'ui/tw-merge-config.ts';

type Config = MergeConfig<string, string>;

/** tailwind-merge must know our tokens, or it merges them wrongly (`text-body` is a size, not a colour). */
export function fullConfig(): Config {
  return mergeConfigs(getDefaultConfig(), {
    extend: {
      theme: {
        text: Object.keys(fontSize),
        radius: Object.keys(borderRadius),
        shadow: Object.keys(boxShadow),
        spacing: Object.keys(spacing),
      },
    },
  });
}

function sourceFiles(dir: string, into: string[] = []): string[] {
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(rel, into);
    else if (/\.(?:ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts') && rel !== OUTPUT) into.push(rel);
  }
  return into;
}

/** Every word of every string literal in the browser's code: the class names are among them. */
export function usedWords(): string[] {
  const words = new Set<string>();
  for (const dir of SOURCE_DIRS) {
    for (const file of sourceFiles(dir)) {
      const source = fs.readFileSync(path.join(ROOT, file), 'utf8');
      for (const literal of source.matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)) {
        for (const word of literal[2]!.split(/[\s${}]+/)) if (word) words.add(word);
      }
    }
  }
  return [...words].sort();
}

/** The words that are Tailwind classes, each with its class group (by the full config). */
export function usedClasses(config: Config = fullConfig()): Map<string, string> {
  const groups = createClassGroupUtils(config) as { getClassGroupId: (className: string) => string | undefined };
  const parse = createParseClassName(config) as (className: string) => { isExternal?: boolean; baseClassName: string };
  const classes = new Map<string, string>();
  for (const word of usedWords()) {
    const parsed = parse(word);
    if (parsed.isExternal) continue;
    const group = groups.getClassGroupId(parsed.baseClassName);
    if (group) classes.set(word, group);
  }
  return classes;
}

type Definition = unknown;

/** Source text of a class definition: strings, validators, theme getters and nested prefixes. */
function emit(definition: Definition, themeKeys: Set<string>): string {
  if (typeof definition === 'string') return JSON.stringify(definition);
  if (typeof definition === 'function') {
    if ((definition as { isThemeGetter?: boolean }).isThemeGetter) {
      // A theme getter reads theme[key]: a theme that answers its key names the key.
      const [key] = (definition as (theme: unknown) => string[])(new Proxy({}, { get: (_, k) => [String(k)] }));
      themeKeys.add(key!);
      return `fromTheme(${JSON.stringify(key)})`;
    }
    const name = Object.entries(validators).find(([, fn]) => fn === definition)?.[0];
    if (!name) throw new Error(`A class definition is a function tailwind-merge does not export: ${String(definition)}`);
    return `validators.${name}`;
  }
  if (Array.isArray(definition)) return `[${definition.map((d) => emit(d, themeKeys)).join(', ')}]`;
  if (definition && typeof definition === 'object') {
    return `{ ${Object.entries(definition)
      .map(([key, value]) => `${JSON.stringify(key)}: ${emit(value, themeKeys)}`)
      .join(', ')} }`;
  }
  throw new Error(`Unexpected class definition ${String(definition)}`);
}

/** The source of ui/tw-merge-config.ts: the full config pruned to the groups in use. */
export function prunedConfigSource(config: Config = fullConfig()): string {
  const used = new Set(usedClasses(config).values());
  const groupIds = Object.keys(config.classGroups).filter((id) => used.has(id));
  const themeKeys = new Set<string>();
  const groups = groupIds.map((id) => `    ${JSON.stringify(id)}: ${emit((config.classGroups as Record<string, Definition>)[id], themeKeys)},`);
  const conflicts = (table: Record<string, readonly string[] | undefined>) =>
    groupIds
      .filter((id) => table[id]?.some((other) => used.has(other)))
      .map((id) => `    ${JSON.stringify(id)}: ${JSON.stringify(table[id]!.filter((other) => used.has(other)))},`);
  // Theme values may name other theme keys: follow them until nothing new is named.
  const theme = new Map<string, string>();
  for (let added = true; added; ) {
    added = false;
    for (const key of [...themeKeys]) {
      if (theme.has(key)) continue;
      theme.set(key, emit((config.theme as Record<string, Definition>)[key] ?? [], themeKeys));
      added = true;
    }
  }
  return `// Written by scripts/tw-merge-config.ts (ADR 138); do not edit: run the script.
// tailwind-merge's default config with our tokens (ui/tokens.ts), pruned to the class groups the
// browser's code uses. tests/ui/tw-merge-config.test.ts checks that it merges every pair of the
// classes in use as the full config does, and that no group in use is missing.
import { fromTheme, validators, type Config } from 'tailwind-merge';

export const TW_MERGE_CONFIG: Config<string, string> = {
  cacheSize: ${config.cacheSize},
  theme: {
${[...theme]
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([key, value]) => `    ${JSON.stringify(key)}: ${value},`)
  .join('\n')}
  },
  classGroups: {
${groups.join('\n')}
  },
  conflictingClassGroups: {
${conflicts(config.conflictingClassGroups as Record<string, readonly string[]>).join('\n')}
  },
  conflictingClassGroupModifiers: {
${conflicts(config.conflictingClassGroupModifiers as Record<string, readonly string[]>).join('\n')}
  },
  orderSensitiveModifiers: ${JSON.stringify(config.orderSensitiveModifiers)},
};
`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(path.join(ROOT, OUTPUT), prunedConfigSource());
  console.log(`wrote ${OUTPUT}`);
}
