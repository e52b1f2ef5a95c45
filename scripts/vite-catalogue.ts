// The message catalogue, split by use (ADR 133): every module of the app that names a catalogue key
// (as a string literal: `t('quote.upload.heading')`, `title: 'account.home.title'`) gets an import of
// a virtual module that adds those keys' messages to the app's loaded messages
// (lib/i18n/catalogue.ts). The bundler then puts each message in the chunk of the code that uses it:
// the entry carries the frame's words, the quote page its own, a dialog loaded later its own.
//
// The production build ships the messages compiled: FormatJS's parser runs here, at build time, and
// the browser gets the final text (a message with nothing to fill in) or the syntax tree, formatted
// by intl-messageformat without its parser (the `no-parser` build, aliased in vite.config.ts).
// Development, tests and Storybook get the ICU sources, parsed when first used.
//
// The catalogue's one source stays lib/i18n/en/<area>.ts.
import path from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';
import { areasEn } from '../lib/i18n/messages-en.ts';

const VIRTUAL = 'virtual:catalogue/';
const RESOLVED = `\0${VIRTUAL}`;
/** Folders whose modules may name keys (the browser's code, its stories and its tests). */
const SCANNED = /^(?:domain|lib|ui|machines|features|routes|stories|tests|\.storybook)\//;
/** Not scanned: the catalogue itself, the server and its tests, and the build scripts. */
const NOT_SCANNED = /^(?:lib\/i18n\/(?:en|fr)\/|lib\/i18n\/messages-|tests\/server\/|server\/|scripts\/)/;
const CODE = /\.(?:ts|tsx|js|jsx|mjs)$/;
/** A string literal that looks like a key: `area.word(.word)*`. */
const LITERAL = /(['"`])([a-z][\w-]*(?:\.[\w-]+)+)\1/g;

/** Each key's area (its file under lib/i18n/en/) and source. */
const AREA_OF = new Map<string, string>();
const SOURCE_OF = new Map<string, string>();
for (const [area, messages] of Object.entries(areasEn)) {
  for (const [key, source] of Object.entries(messages)) {
    AREA_OF.set(key, area);
    SOURCE_OF.set(key, source);
  }
}

/** The catalogue keys a module's source names, sorted, each once. */
export function keysIn(code: string): string[] {
  const keys = new Set<string>();
  for (const [, , literal] of code.matchAll(LITERAL)) if (literal && SOURCE_OF.has(literal)) keys.add(literal);
  return [...keys].sort();
}

/** A message as the build ships it: the text itself when there is nothing to fill in, else its ICU syntax tree. */
export function compileMessage(source: string, locale = 'en-US'): unknown {
  const tree = parse(source, { locale: new Intl.Locale(locale) });
  if (tree.length === 0) return '';
  if (tree.length === 1 && tree[0]?.type === 0) return tree[0].value;
  return stripLocations(tree);
}

/** The parser's trees carry source locations the formatter never reads. */
function stripLocations(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripLocations);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([k]) => k !== 'location').map(([k, v]) => [k, stripLocations(v)]));
  }
  return value;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An HTML page with its `<title>` and description set (escaped): index.html's, or a prerendered page's (ADR 141). */
export function withHeadTexts(html: string, { title, description }: { title: string; description: string }): string {
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    .replace(/<meta name="description" content="[^"]*"/, () => `<meta name="description" content="${escapeHtml(description)}"`);
}

/**
 * index.html's words from the catalogue: the default title and description, and a `<noscript>`
 * message before `#root` for a browser without JavaScript (the prerendered quote page, ADR 141,
 * is drawn but cannot be used without it).
 */
export function indexHtmlTexts(html: string): string {
  // Only the app's index.html (Storybook's iframe.html goes through the same plugins).
  if (!html.includes('<div id="root"></div>')) return html;
  const text = (key: string) => SOURCE_OF.get(key) ?? '';
  return withHeadTexts(html, { title: text('app.defaultTitle'), description: text('app.defaultDescription') }).replace(
    '<div id="root"></div>',
    () => `<noscript><p class="no-script">${escapeHtml(text('app.noScript'))}</p></noscript>\n    <div id="root"></div>`,
  );
}

export function catalogue({ root = process.cwd() }: { root?: string } = {}): Plugin {
  let compiled = false;
  const catalogueModule = path.join(root, 'lib/i18n/catalogue.ts');
  return {
    name: 'manufacture:catalogue',
    enforce: 'pre',
    configResolved(config) {
      compiled = config.command === 'build';
    },
    transformIndexHtml: indexHtmlTexts,
    resolveId(id) {
      return id.startsWith(VIRTUAL) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const keys = id.slice(RESOLVED.length).split(',');
      if (compiled) {
        const messages = Object.fromEntries(keys.map((key) => [key, compileMessage(SOURCE_OF.get(key) ?? key)]));
        return `import { addCompiledMessages } from ${JSON.stringify(catalogueModule)};\naddCompiledMessages(${JSON.stringify(messages)});\n`;
      }
      // Sources by area, imported from the catalogue's files, so an edit there is seen at once.
      const areas = [...new Set(keys.map((key) => AREA_OF.get(key)))].filter((a): a is string => Boolean(a));
      return [
        `import { addMessages } from ${JSON.stringify(catalogueModule)};`,
        // An area's file is its name in kebab case (`opsQueues` in lib/i18n/en/ops-queues.ts).
        ...areas.map((area) => `import { ${area} } from ${JSON.stringify(path.join(root, `lib/i18n/en/${area.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.ts`))};`),
        ...areas.map((area) => `addMessages(${area});`),
      ].join('\n');
    },
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!CODE.test(file) || file.includes('/node_modules/')) return undefined;
      const relative = path.relative(root, file).split(path.sep).join('/');
      if (relative.startsWith('..') || !SCANNED.test(relative) || NOT_SCANNED.test(relative)) return undefined;
      const keys = keysIn(code);
      if (keys.length === 0) return undefined;
      // Appended, not prepended: imports are hoisted anyway, and the module's lines keep their source map.
      return { code: `${code}\nimport ${JSON.stringify(`${VIRTUAL}${keys.join(',')}`)};\n`, map: null };
    },
  };
}
