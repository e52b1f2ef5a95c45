import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FONT_FACE_NAME, fontFamily } from '#ui/tokens';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** The @font-face blocks of the CSS entry, with their source file and unicode range. */
function fontFaces(css: string) {
  return [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body]) => ({
    family: /font-family:\s*'([^']+)'/.exec(body!)?.[1],
    display: /font-display:\s*(\w+)/.exec(body!)?.[1],
    src: /src:\s*url\('([^']+)'\)/.exec(body!)?.[1],
    range: /unicode-range:\s*([^;]+);/.exec(body!)?.[1]?.replace(/\s+/g, ''),
  }));
}

describe('the designed font ships with the product', () => {
  const faces = fontFaces(read('ui/theme.css'));

  it('declares Inter from the package, with font-display: swap, in Latin and Latin Extended only', () => {
    expect(faces.map((f) => f.src)).toEqual([
      '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
      '@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2',
    ]);
    for (const face of faces) {
      expect(face.family).toBe(FONT_FACE_NAME);
      expect(face.display).toBe('swap');
      expect(existsSync(path.join(root, 'node_modules', face.src!))).toBe(true);
    }
  });

  it('covers what French needs in the subset the page preloads', () => {
    const latin = faces[0]!.range!.split(',').map((r) => r.replace('U+', '').split('-').map((h) => parseInt(h, 16)));
    const covered = (c: string) => latin.some(([a, b = a]) => c.codePointAt(0)! >= a! && c.codePointAt(0)! <= b!);
    for (const c of 'éèêëàâäçîïôöûùüÿœŒÉÈÀÇ«»€\u202f’…–—') expect(covered(c), `U+${c.codePointAt(0)!.toString(16)} ${c}`).toBe(true);
  });

  it('index.html preloads the same Latin file the CSS declares (one download, hashed by Vite)', () => {
    const html = read('index.html');
    const preload = /<link rel="preload" as="font" type="font\/woff2" crossorigin href="([^"]+)"/.exec(html)?.[1];
    expect(preload).toBe(`/node_modules/${faces[0]!.src}`);
  });

  it('puts the face first in the sans and mono families', () => {
    expect(fontFamily.sans[0]).toBe(`"${FONT_FACE_NAME}"`);
    expect(fontFamily.mono[0]).toBe(`"${FONT_FACE_NAME}"`);
  });
});
