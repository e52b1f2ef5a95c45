import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF made by pdfkit with its standard fonts: every content stream inflated, every
 * `TJ` array's hex strings decoded (WinAnsi ~ latin1), one line per text operation. Enough for a
 * test to see what a reader of the document would see.
 */
export function pdfText(pdf: Uint8Array): string {
  const raw = Buffer.from(pdf).toString('latin1');
  const lines: string[] = [];
  // pdfkit writes `stream\n<data>\nendstream`: the data is everything between, a final \r
  // included. (Reading `\r?\nendstream` dropped a compressed stream's last byte whenever it was
  // 0x0D, about one document in 256, and the whole page read as empty.)
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\nendstream/g)) {
    const data = Buffer.from(match[1] ?? '', 'latin1');
    let content: string;
    try {
      content = inflateSync(data).toString('latin1');
    } catch {
      content = match[1] ?? '';
    }
    for (const op of content.matchAll(/\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const hexes = op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1] ?? '') : [op[2] ?? ''];
      lines.push(hexes.map((h) => Buffer.from(h, 'hex').toString('latin1')).join(''));
    }
  }
  return lines.join('\n');
}
