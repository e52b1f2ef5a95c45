import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { areasEn, messagesEn, type MessageKey } from '#lib/i18n/messages-en';
import { areasFr, messagesFr } from '#lib/i18n/messages-fr';

type Element = ReturnType<IntlMessageFormat['getAst']>[number];

/** Every argument (`{name}`, `{n, plural, …}`, `{k, select, …}`) and tag (`<link>`) a message uses, nested ones included. */
function signature(message: string, locale: string): string[] {
  const found = new Set<string>();
  const walk = (elements: readonly Element[]) => {
    for (const el of elements) {
      // Literal (0) and pound (7) carry no name.
      if (el.type === 0 || el.type === 7) continue;
      if (el.type === 8) {
        found.add(`<${el.value}>`);
        walk(el.children);
        continue;
      }
      found.add(`{${el.value}}`);
      if (el.type === 5 || el.type === 6) for (const option of Object.values(el.options)) walk(option.value);
    }
  };
  walk(new IntlMessageFormat(message, locale).getAst());
  return [...found].sort();
}

describe('message catalogues', () => {
  it('French has exactly the English keys', () => {
    expect(Object.keys(messagesFr).sort()).toEqual(Object.keys(messagesEn).sort());
  });

  it('every message is valid ICU MessageFormat, in both languages', () => {
    for (const [key, en] of Object.entries(messagesEn)) {
      expect(() => signature(en, 'en-US'), key).not.toThrow();
      expect(() => signature(messagesFr[key as MessageKey], 'fr-FR'), key).not.toThrow();
    }
  });

  it('every translation uses the same arguments and tags as the English text', () => {
    for (const [key, en] of Object.entries(messagesEn)) {
      expect(signature(messagesFr[key as MessageKey], 'fr-FR'), key).toEqual(signature(en, 'en-US'));
    }
  });

  it('no message is empty', () => {
    for (const [key, value] of [...Object.entries(messagesEn), ...Object.entries(messagesFr)]) expect(String(value).trim(), key).not.toBe('');
  });

  it('each key lives in one area, named by its prefix, in both languages', () => {
    for (const areas of [areasEn, areasFr]) {
      const keys = Object.values(areas).flatMap((area) => Object.keys(area));
      expect(new Set(keys).size).toBe(keys.length);
      expect(Object.keys(areas).sort()).toEqual(Object.keys(areasEn).sort());
    }
    for (const [name, area] of Object.entries(areasEn)) expect(Object.keys(area).sort(), name).toEqual(Object.keys(areasFr[name as keyof typeof areasFr]).sort());
  });

  it('no message points at something by its colour alone ("marked in red"; WCAG 1.4.1): it names it', () => {
    // Words that describe a picture (the 3D preview's highlight, named with its problem) are not instructions.
    const describesPicture = new Set<string>(['quote.viewer.modelHighlighted']);
    const byColour = /\b(marked|shown|outlined) in (red|green|orange|yellow|blue)\b|\bthe (red|green) ones\b|\b(marqu|indiqu)é(e)?s? en (rouge|vert)\b/i;
    const offenders = [...Object.entries(messagesEn), ...Object.entries(messagesFr)].filter(([key, value]) => !describesPicture.has(key) && byColour.test(String(value)));
    expect(offenders).toEqual([]);
  });

  it('holds the spec section 8 messages word for word', () => {
    const values = Object.values(messagesEn);
    for (const message of [
      'System is busy, please try again later',
      'Unknown network error',
      'Unexpected error, please contact customer service.',
      'Unknown error, please reload the page.',
      'Unable to copy, please copy it manually.',
      'Order id not found.',
      'Can not found an order.',
      'Failed to fetch quotation data.',
      'Unable to create new project.',
      'Service is being upgraded, please come back later.',
      'The email is already registered; activate it via email.',
      'Sign In successfully.',
    ]) {
      expect(values).toContain(message);
    }
  });
});

/** The client's source files (where keys are used), not the catalogue itself. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return path.endsWith(join('lib', 'i18n')) ? [] : sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('every key is used', () => {
  it('each key but the spec’s error catalogue appears, quoted, in features/, routes/, lib/, machines/ or the build (index.html’s words)', () => {
    const code = [...['features', 'routes', 'lib', 'machines'].flatMap((dir) => sources(dir)), join('scripts', 'vite-catalogue.ts')].map((file) => readFileSync(file, 'utf8')).join('\n');
    const unused = Object.keys(messagesEn).filter((key) => !/^(error|success)\./.test(key) && !code.includes(`'${key}'`) && !code.includes(`"${key}"`));
    expect(unused).toEqual([]);
  });
});
