/**
 * Recognise a CAD file by its content, not its name: used by the upload checks on the client and
 * the server, and by `importCad` to pick the parser.
 */
import { MAX_TRIANGLES } from '#domain/catalogue/limits';
import type { CadFormat } from './mesh';
import { isZip, listZipEntryNames } from './zip';

const TEXT_SAMPLE_BYTES = 1024;
/** How many bytes of a file's head `detectCadFormat` needs, with the file's size, for every format but a ZIP package. */
export const FORMAT_HEAD_BYTES = 4096;

/**
 * The file's format, from its bytes, or from its first `FORMAT_HEAD_BYTES` and its `size` (the same
 * answer but for a ZIP package: see `needsWholeFile`).
 */
export function detectCadFormat(bytes: Uint8Array, size = bytes.length): CadFormat | null {
  if (size === 0 || bytes.length === 0) return null;
  if (isExactBinaryStl(bytes, size)) return 'stl-binary';
  // A ZIP package's entries are listed at its end: its head alone cannot tell (`needsWholeFile`).
  if (isZip(bytes)) return size === bytes.length && isThreeMfPackage(bytes) ? '3mf' : null;
  // Its head only (the text formats are told by their first lines): a whole file is decoded once,
  // by importCad, not again here. A longer file's last line may be cut (`size` past it says so).
  const head = bytes.subarray(0, 2 + 2 * FORMAT_HEAD_BYTES);
  const wide = utf16AsUtf8(head);
  if (wide) return textFormat(wide, size > head.length ? Number.POSITIVE_INFINITY : wide.length);
  if (looksLikeText(bytes)) return textFormat(bytes, size);
  return looksLikeMisSizedBinaryStl(bytes, size) ? 'stl-binary' : null;
}

function textFormat(bytes: Uint8Array, size: number): CadFormat | null {
  const start = skipWhitespace(bytes, 0);
  if (matchesWord(bytes, start, 'ISO-10303-21')) return 'step';
  if (matchesWord(bytes, start, 'solid')) return 'stl-ascii';
  if (looksLikeObj(bytes, size)) return 'obj';
  return null;
}

/**
 * A text file written as UTF-16 (its byte-order mark first), as UTF-8; null for any other file.
 * Windows writes text so when asked for "Unicode" (Notepad) or by PowerShell 5's redirection: a
 * text STL or OBJ a script wrote. Read as bytes, it was taken for a binary STL cut short.
 */
export function utf16AsUtf8(bytes: Uint8Array): Uint8Array | null {
  const little = bytes[0] === 0xff && bytes[1] === 0xfe;
  if (!little && !(bytes[0] === 0xfe && bytes[1] === 0xff)) return null;
  return new TextEncoder().encode(new TextDecoder(little ? 'utf-16le' : 'utf-16be').decode(bytes.subarray(2)));
}

/**
 * Whether the format of a file of `size` bytes whose first bytes are `head` can only be told from
 * the whole file: a ZIP package (3MF) longer than its head. Every other format is told by
 * `detectCadFormat(head, size)` as by the whole file, without reading (on a phone's main thread,
 * or from the server's spool) a file of up to 100 MB.
 */
export function needsWholeFile(head: Uint8Array, size: number): boolean {
  return size > head.length && isZip(head);
}

/** The size rule: a binary STL is exactly 84 + 50 × (the triangle count in its header) bytes. */
export function isExactBinaryStl(bytes: Uint8Array, size = bytes.length): boolean {
  if (bytes.length < 84) return false;
  return size === 84 + 50 * binaryStlDeclaredCount(bytes);
}

export function binaryStlDeclaredCount(bytes: Uint8Array): number {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(80, true);
}

/**
 * A binary STL whose size disagrees with its count (cut short, trailing bytes, a wrong count):
 * accepted when the count is plausible or the data is a whole number of triangles, so that the
 * importer can say what is wrong instead of "unsupported format".
 */
function looksLikeMisSizedBinaryStl(bytes: Uint8Array, size: number): boolean {
  if (bytes.length < 84) return false;
  const declared = binaryStlDeclaredCount(bytes);
  const wholeTriangles = size > 84 && (size - 84) % 50 === 0;
  return (declared > 0 && declared <= MAX_TRIANGLES) || wholeTriangles;
}

function isThreeMfPackage(bytes: Uint8Array): boolean {
  const names = listZipEntryNames(bytes);
  return names !== null && names.some((name) => /^\/?3d\/.*\.model$/i.test(name));
}

/** No NUL or control bytes other than whitespace in the first kilobyte (UTF-8 allowed). */
export function looksLikeText(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, TEXT_SAMPLE_BYTES);
  for (let i = 0; i < end; i++) {
    const b = bytes[i] as number;
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0b && b !== 0x0c && b !== 0x0d) return false;
    if (b === 0x7f) return false;
  }
  return true;
}

function skipWhitespace(bytes: Uint8Array, from: number): number {
  let i = from;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) i = Math.max(i, 3); // UTF-8 BOM
  while (i < bytes.length && isSpace(bytes[i] as number)) i++;
  return i;
}

function isSpace(b: number): boolean {
  return b === 0x20 || (b >= 0x09 && b <= 0x0d);
}

/** Case-insensitive match of an ASCII word at `at`, followed by a non-letter or the end. */
function matchesWord(bytes: Uint8Array, at: number, word: string): boolean {
  if (at + word.length > bytes.length) return false;
  for (let k = 0; k < word.length; k++) {
    if (((bytes[at + k] as number) | 0x20) !== (word.charCodeAt(k) | 0x20)) return false;
  }
  const next = bytes[at + word.length];
  return next === undefined || !isLetter(next);
}

function isLetter(b: number): boolean {
  const lower = b | 0x20;
  return lower >= 0x61 && lower <= 0x7a;
}

/**
 * The statements of a Wavefront OBJ file (its specification's geometry, grouping, display and
 * free-form statements): obj.ts reads `v`, `f`, `o` and `g` and passes over the others.
 */
export const OBJ_STATEMENTS: ReadonlySet<string> = new Set([
  'v', 'vn', 'vt', 'vp', 'f', 'o', 'g', 's', 'l', 'p', 'mg', 'mtllib', 'usemtl', 'usemap', 'maplib',
  'cstype', 'deg', 'bmat', 'step', 'curv', 'curv2', 'surf', 'parm', 'trim', 'hole', 'scrv', 'sp', 'end', 'con',
  'bevel', 'c_interp', 'd_interp', 'lod', 'shadow_obj', 'trace_obj', 'ctech', 'stech', 'call', 'csh',
]);

/**
 * A material library's statements (MTL), which some exporters write into the OBJ itself (Online3DViewer's
 * `icosahedron.obj` opens with `newmtl` and `Ka`): passed over like the OBJ's own.
 */
export const MTL_STATEMENTS: ReadonlySet<string> = new Set(['newmtl', 'Ka', 'Kd', 'Ks', 'Ke', 'Ns', 'Ni', 'd', 'Tr', 'Tf', 'illum', 'sharpness', 'bump', 'disp', 'decal', 'refl', 'norm']);

/** An OBJ or MTL statement (a texture map's `map_…` too). */
export function isObjStatement(keyword: string): boolean {
  return OBJ_STATEMENTS.has(keyword) || MTL_STATEMENTS.has(keyword) || keyword.startsWith('map_');
}

/** Every non-comment line of the first 4 kB starts with an OBJ (or inline MTL) statement, and one is a vertex. */
function looksLikeObj(bytes: Uint8Array, size: number): boolean {
  const sample = new TextDecoder().decode(bytes.subarray(0, Math.min(bytes.length, FORMAT_HEAD_BYTES)));
  // Lines end in LF, CR LF, or CR alone (classic Mac OS).
  const lines = sample.split(/\r\n|\r|\n/);
  if (size > FORMAT_HEAD_BYTES) lines.pop(); // the last line may be cut
  let vertices = 0;
  for (const line of lines) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const keyword = trimmed.split(/\s+/, 1)[0] ?? '';
    if (!isObjStatement(keyword)) return false;
    if (keyword === 'v') vertices++;
  }
  return vertices > 0;
}
