import fs from 'node:fs/promises';
import { TYPE, parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { messagesEn } from '#lib/i18n/messages-en';
import { catalogue, compileMessage, indexHtmlTexts, keysIn } from '../../scripts/vite-catalogue.ts';

// The catalogue split by use (ADR 133): which keys a module names, and the compiled messages the
// production build ships, which must format exactly as their ICU sources do.

/** Values for every argument of a message: numbers (plural, number, plain), and a function per tag. */
function valuesFor(tree: MessageFormatElement[], values: Record<string, unknown> = {}): Record<string, unknown> {
  for (const el of tree) {
    if (el.type === TYPE.tag) {
      values[el.value] = (chunks: unknown[]) => `<${el.value}>${chunks.join('')}</${el.value}>`;
      valuesFor(el.children, values);
    } else if (el.type === TYPE.plural || el.type === TYPE.select) {
      values[el.value] ??= 2;
      for (const option of Object.values(el.options)) valuesFor(option.value, values);
    } else if (el.type === TYPE.argument || el.type === TYPE.number) {
      values[el.value] ??= 2;
    } else if (el.type === TYPE.date || el.type === TYPE.time) {
      values[el.value] ??= new Date(Date.UTC(2026, 10, 27));
    }
  }
  return values;
}

const asText = (out: unknown) => (Array.isArray(out) ? out.join('') : String(out));

describe('keysIn', () => {
  it('finds the catalogue keys a module names, in any quotes, once each', () => {
    const code = `t('quote.page.heading'); const title = "account.home.title"; x(\`quote.page.heading\`);`;
    expect(keysIn(code)).toEqual(['account.home.title', 'quote.page.heading']);
  });

  it('ignores strings that only look like keys, and file names', () => {
    expect(keysIn(`import x from './quote-page.tsx'; t('quote.no.such.key'); const host = 'example.com';`)).toEqual([]);
  });
});

describe('compileMessage', () => {
  it('ships a message with nothing to fill in as its text', () => {
    expect(compileMessage('Unknown network error')).toBe('Unknown network error');
    // ICU quoting is undone at build time: the browser gets the text as shown.
    expect(compileMessage("Use '{'braces'}' here")).toBe('Use {braces} here');
  });

  it('ships a message with arguments as its syntax tree, without source locations', () => {
    const tree = compileMessage('Page {page} of {pageCount}');
    expect(Array.isArray(tree)).toBe(true);
    expect(JSON.stringify(tree)).not.toContain('location');
  });

  it('formats every message of the catalogue exactly as its ICU source does', () => {
    for (const [key, source] of Object.entries(messagesEn)) {
      const values = valuesFor(parse(source));
      const fromSource = asText(new IntlMessageFormat(source, 'en-US').format(values as never));
      const compiled = compileMessage(source);
      const fromBuild = typeof compiled === 'string' ? compiled : asText(new IntlMessageFormat(compiled as MessageFormatElement[], 'en-US').format(values as never));
      expect(fromBuild, key).toBe(fromSource);
    }
  });
});

describe('the plugin', () => {
  const plugin = catalogue({ root: '/app' });
  const transform = (code: string, id: string) => (plugin.transform as (code: string, id: string) => { code: string } | undefined).call({}, code, id);

  it('adds to a module of the app an import of the messages it names', () => {
    const out = transform(`export const title = t('quote.page.heading');`, '/app/features/quote/x.tsx');
    expect(out?.code).toContain(`import "virtual:catalogue/quote.page.heading";`);
    // Appended: the module's own lines stay where they were, so its source map holds.
    expect(out?.code.startsWith(`export const title = t('quote.page.heading');`)).toBe(true);
  });

  it('leaves alone the catalogue itself, the server, dependencies and modules that name no key', () => {
    expect(transform(`'quote.page.heading'`, '/app/lib/i18n/en/quote.ts')).toBeUndefined();
    expect(transform(`'quote.page.heading'`, '/app/server/http/x.ts')).toBeUndefined();
    expect(transform(`'quote.page.heading'`, '/app/node_modules/x/index.js')).toBeUndefined();
    expect(transform(`const a = 1;`, '/app/features/quote/x.tsx')).toBeUndefined();
  });
});

describe('indexHtmlTexts', () => {
  it("fills index.html's title and description from the catalogue and adds its message for a browser without JavaScript", async () => {
    const html = indexHtmlTexts(await fs.readFile(new URL('../../index.html', import.meta.url), 'utf8'));
    expect(html).toContain(`<title>${messagesEn['app.defaultTitle']}</title>`);
    expect(html).toContain(`<meta name="description" content="${messagesEn['app.defaultDescription']}"`);
    expect(html).toMatch(new RegExp(`<noscript><p class="no-script">${messagesEn['app.noScript'].replace(/\./g, '\\.')}</p></noscript>\\s*<div id="root"></div>`));
  });
});
