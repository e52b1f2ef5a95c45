import { inflateSync } from 'node:zlib';

/** Each object's dictionary and, for a stream, its data inflated (as latin1 text), by object number. */
function objects(raw: string): Map<number, { dict: string; data: string | null }> {
  const found = new Map<number, { dict: string; data: string | null }>();
  // pdfkit writes `stream\n<data>\nendstream`: the data is everything between, a final \r
  // included. (Reading `\r?\nendstream` dropped a compressed stream's last byte whenever it was
  // 0x0D, about one document in 256, and the whole page read as empty.)
  for (const match of raw.matchAll(/(\d+) 0 obj\s*([\s\S]*?)(?:stream\r?\n([\s\S]*?)\nendstream\s*)?endobj/g)) {
    let data: string | null = null;
    if (match[3] !== undefined) {
      try {
        data = inflateSync(Buffer.from(match[3], 'latin1')).toString('latin1');
      } catch {
        data = match[3];
      }
    }
    found.set(Number(match[1]), { dict: match[2] ?? '', data });
  }
  return found;
}

/** A ToUnicode CMap's codes (two bytes each, Identity-H) and the text each stands for. */
function toUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  // A target may hold several UTF-16 units, spaced: pdfkit writes a ligature's as <0066 0069> ("fi").
  const utf16 = (hex: string) => Buffer.from(hex.replace(/\s+/g, ''), 'hex').swap16().toString('utf16le');
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const range of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F\s]+>)/g)) {
      const from = parseInt(range[1]!, 16);
      const to = parseInt(range[2]!, 16);
      const target = range[3]!;
      if (target.startsWith('[')) [...target.matchAll(/<([0-9a-fA-F\s]+)>/g)].forEach((m, i) => map.set(from + i, utf16(m[1]!)));
      else {
        const first = parseInt(target.slice(1, -1), 16);
        for (let code = from; code <= to; code++) map.set(code, String.fromCodePoint(first + code - from));
      }
    }
  }
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const pair of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]+)>/g)) map.set(parseInt(pair[1]!, 16), utf16(pair[2]!));
  }
  return map;
}

/**
 * The text of a PDF made by pdfkit: every content stream inflated, every `TJ` array's and `Tj`'s hex
 * strings decoded in the font the stream last chose (`Tf`): a standard font's bytes as WinAnsi
 * (~ latin1), an embedded font's two-byte glyph codes through its ToUnicode map; one line per text
 * operation. Enough for a test to see what a reader of the document would see.
 */
export function pdfText(pdf: Uint8Array): string {
  const all = objects(Buffer.from(pdf).toString('latin1'));
  // The fonts' resource names (/F1, /F2…: pdfkit names them once per document) and their maps.
  const maps = new Map<string, Map<number, string>>();
  for (const { dict } of all.values()) {
    for (const fonts of dict.matchAll(/\/Font\s*<<([^>]*)>>/g)) {
      for (const entry of (fonts[1] ?? '').matchAll(/\/(\S+)\s+(\d+) 0 R/g)) {
        const unicode = all.get(Number(entry[2]))?.dict.match(/\/ToUnicode (\d+) 0 R/);
        const cmap = unicode ? all.get(Number(unicode[1]))?.data : null;
        if (cmap) maps.set(entry[1]!, toUnicode(cmap));
      }
    }
  }
  const lines: string[] = [];
  const decode = (hex: string, map: Map<number, string> | undefined) => {
    if (!map) return Buffer.from(hex, 'hex').toString('latin1');
    let text = '';
    for (let i = 0; i + 4 <= hex.length; i += 4) text += map.get(parseInt(hex.slice(i, i + 4), 16)) ?? '\ufffd';
    return text;
  };
  // Objects in file order: a bare stream (no object around it) is read too.
  const streams = [...all.values()].map((o) => o.data).filter((d): d is string => d !== null);
  if (streams.length === 0) {
    for (const match of Buffer.from(pdf).toString('latin1').matchAll(/stream\r?\n([\s\S]*?)\nendstream/g)) {
      try {
        streams.push(inflateSync(Buffer.from(match[1] ?? '', 'latin1')).toString('latin1'));
      } catch {
        streams.push(match[1] ?? '');
      }
    }
  }
  for (const content of streams) {
    let font: Map<number, string> | undefined;
    for (const op of content.matchAll(/\/(\S+)\s+[\d.]+\s+Tf|\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      if (op[1] !== undefined) {
        font = maps.get(op[1]);
        continue;
      }
      const hexes = op[2] !== undefined ? [...op[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1] ?? '') : [op[3] ?? ''];
      lines.push(hexes.map((h) => decode(h, font)).join(''));
    }
  }
  return lines.join('\n');
}
