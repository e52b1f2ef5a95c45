/**
 * What the server's PDF documents share (the quote document, ADR 043; the order's invoice, issue 15;
 * ADR 255): an A4 pdfkit document answered as one buffer, text in a font that can draw it, and the
 * tables' rows.
 *
 * pdfkit's built-in Helvetica encodes WinAnsi only: a customer's "Łódź", "Москва" or "支架.stl" came
 * out as "?ód?", "??????" and "??.stl". Text that Helvetica can draw still is (the documents look as
 * they did, and stay small); other text is drawn in Noto Sans (Latin, Greek, Cyrillic, Vietnamese),
 * else in Noto Sans SC (Chinese, Japanese kana, and Latin and Cyrillic beside them), both embedded
 * as subsets of the glyphs used. What no font here draws (Korean, Arabic, Hebrew, Thai…) is a "?".
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';

export const PDF_MARGIN = 50;

const require = createRequire(import.meta.url);

interface Face {
  /** The name the documents register the font by. */
  readonly name: string;
  readonly file: string;
}
const NOTO: Face = { name: 'NotoSans', file: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf' };
const NOTO_BOLD: Face = { name: 'NotoSans-Bold', file: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf' };
/** One weight only: 10.5 MB a weight, read only when a document needs it; bold text in it is drawn regular. */
const NOTO_SC: Face = { name: 'NotoSansSC', file: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf' };

/** Each font file read once, when a document first needs it (fontkit reads its tables lazily). */
const loaded = new Map<Face, { bytes: Buffer; font: fontkit.Font }>();
function load(face: Face) {
  let entry = loaded.get(face);
  if (!entry) {
    const bytes = readFileSync(require.resolve(face.file));
    entry = { bytes, font: fontkit.create(bytes) };
    loaded.set(face, entry);
  }
  return entry;
}

/** What Helvetica draws (WinAnsi), with the two characters it is given in their WinAnsi spelling. */
const HELVETICA_DRAWS = /^[\n\t\u0020-\u007e\u00a0-\u00ff€–—“”‘’•…×−]*$/;
const helvetica = (text: string) => text.replaceAll('−', '-').replaceAll('’', "'");

/** The characters of `text` a font has no glyph for (line breaks and tabs are layout, not glyphs). */
function missing(font: fontkit.Font, text: string): number {
  let count = 0;
  for (const char of text) if (char !== '\n' && char !== '\t' && !font.hasGlyphForCodePoint(char.codePointAt(0)!)) count++;
  return count;
}

/**
 * Sets the font that draws `text` (bold or not) on `pdf` and answers the text to draw: Helvetica for
 * what it can draw, else the first of Noto Sans and Noto Sans SC that draws it all, else the one
 * that draws most of it, with a "?" for each character it cannot.
 */
export function setFontFor(pdf: PDFKit.PDFDocument, text: string, bold = false): string {
  if (HELVETICA_DRAWS.test(text)) {
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    return helvetica(text);
  }
  const candidates = [bold ? NOTO_BOLD : NOTO, NOTO_SC].map((face) => ({ face, missing: missing(load(face).font, text) }));
  const best = candidates.find((c) => c.missing === 0) ?? candidates.reduce((a, b) => (b.missing < a.missing ? b : a));
  selectFace(pdf, best.face);
  if (best.missing === 0) return text;
  const { font } = load(best.face);
  return [...text].map((char) => (char === '\n' || char === '\t' || font.hasGlyphForCodePoint(char.codePointAt(0)!) ? char : '?')).join('');
}

/** Writes `text` in the font that draws it: at the cursor, or at (x, y) when given. */
export function write(pdf: PDFKit.PDFDocument, text: string, options: PDFKit.Mixins.TextOptions & { bold?: boolean; x?: number; y?: number } = {}): void {
  const { bold, x, y, ...textOptions } = options;
  const drawn = setFontFor(pdf, text, bold);
  if (x === undefined && y === undefined) pdf.text(drawn, textOptions);
  else pdf.text(drawn, x, y, textOptions);
}

/**
 * An A4 document with the documents' fonts registered, and its bytes once `pdf.end()` is called.
 * pdfkit's `info` strings may hold any character (it writes them as UTF-16 when they need it).
 */
export function createPdf(info: PDFKit.DocumentInfo): { pdf: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const pdf = new PDFDocument({ size: 'A4', margin: PDF_MARGIN, info: { Author: 'Manufacture', Producer: 'Manufacture', ...info }, lang: 'en-GB', displayTitle: true });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  return { pdf, done };
}

/** The faces each document has registered: a font file is registered (and embedded) only in a document that draws with it. */
const registered = new WeakMap<PDFKit.PDFDocument, Set<Face>>();
function selectFace(pdf: PDFKit.PDFDocument, face: Face): void {
  let faces = registered.get(pdf);
  if (!faces) registered.set(pdf, (faces = new Set()));
  if (!faces.has(face)) {
    pdf.registerFont(face.name, load(face).bytes);
    faces.add(face);
  }
  pdf.font(face.name);
}

export interface PdfColumn<K extends string> {
  readonly key: K;
  readonly width: number;
  readonly align: 'left' | 'right';
}

/**
 * One row of a table at the cursor, each cell in the font that draws it, on a new page when it does
 * not fit above `bottom`; a rule under it from the margin to `right`. The cursor moves below it.
 */
export function tableRow<K extends string>(
  pdf: PDFKit.PDFDocument,
  columns: readonly PdfColumn<K>[],
  cells: Readonly<Record<K, string>>,
  { bold, right, bottom }: { bold: boolean; right: number; bottom: number },
): void {
  pdf.fontSize(9);
  const height =
    Math.max(
      ...columns.map((column) => {
        const drawn = setFontFor(pdf, cells[column.key], bold);
        return pdf.heightOfString(drawn, { width: column.width - 6 });
      }),
    ) + 6;
  if (pdf.y + height > bottom) pdf.addPage();
  const top = pdf.y;
  let x = PDF_MARGIN;
  for (const column of columns) {
    write(pdf, cells[column.key], { bold, x, y: top + 3, width: column.width - 6, align: column.align });
    x += column.width;
  }
  pdf.moveTo(PDF_MARGIN, top + height).lineTo(right, top + height).lineWidth(0.5).strokeColor('#999999').stroke();
  pdf.x = PDF_MARGIN;
  pdf.y = top + height;
}

export function longDate(isoText: string): string {
  return new Date(isoText).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}
