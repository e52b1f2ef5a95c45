/**
 * Drawings and other documents attached to a part (issue 34 items 4 and 5): technical drawings
 * (PDF, DXF, DWG) and pictures (PNG, JPEG), judged by their content, never by their name; each
 * size-limited. The browser checks them before sending and the server checks them again.
 */

export const DOCUMENT_TYPES = ['pdf', 'dxf', 'dwg', 'png', 'jpeg'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** What a stored document is served as. */
export const DOCUMENT_CONTENT_TYPES: Readonly<Record<DocumentType, string>> = {
  pdf: 'application/pdf',
  dxf: 'image/vnd.dxf',
  dwg: 'image/vnd.dwg',
  png: 'image/png',
  jpeg: 'image/jpeg',
};

/** Largest document, in MiB: a drawing's PDF of several sheets, a photograph. */
export const MAX_DOCUMENT_MB = 20;
export const MAX_DOCUMENT_BYTES = MAX_DOCUMENT_MB * 1024 * 1024;
/** Most attachments sent with one review request. */
export const MAX_REVIEW_ATTACHMENTS = 3;
/** Longest note: a part's note, a review request's. */
export const MAX_PART_NOTE = 2000;
/** The extensions the file pickers offer (the content decides). */
export const DOCUMENT_EXTENSIONS = ['.pdf', '.dxf', '.dwg', '.png', '.jpg', '.jpeg'] as const;

/** How many bytes of a document's start `detectDocumentType` needs. */
export const DOCUMENT_HEAD_BYTES = 1024;

const ascii = (bytes: Uint8Array, from: number, length: number) => String.fromCharCode(...bytes.subarray(from, from + length));

/**
 * The document's type by its first bytes, or null: a PDF's `%PDF-` (within its first kilobyte, as
 * readers allow), PNG's and JPEG's signatures, a DWG's version string (`AC1012` to `AC1032` and
 * later), a binary DXF's sentinel, or an ASCII DXF's first group: code 0, `SECTION` (after any
 * `999` comments).
 */
export function detectDocumentType(head: Uint8Array): DocumentType | null {
  if (head.length >= 8 && head[0] === 0x89 && ascii(head, 1, 3) === 'PNG' && head[4] === 0x0d && head[5] === 0x0a && head[6] === 0x1a && head[7] === 0x0a) return 'png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (/^AC10\d\d/.test(ascii(head, 0, 6))) return 'dwg';
  const text = ascii(head, 0, Math.min(head.length, DOCUMENT_HEAD_BYTES));
  if (text.includes('%PDF-')) return 'pdf';
  if (text.startsWith('AutoCAD Binary DXF\r\n\u001a\u0000')) return 'dxf';
  if (/^\uFEFF?(?:\s*999\r?\n[^\r\n]*\r?\n)*\s*0\r?\n\s*SECTION\r?\n/.test(text.replace(/^\u00ef\u00bb\u00bf/, ''))) return 'dxf';
  return null;
}

export const DOCUMENT_MESSAGES = {
  type: (name: string) => `"${name}" is not a PDF, DXF, DWG, PNG or JPEG file (judging by its content): attach the drawing in one of those formats.`,
  empty: (name: string) => `"${name}" is empty.`,
  tooLarge: (name: string) => `Attachments are limited to ${MAX_DOCUMENT_MB} MB each: "${name}" is larger.`,
  tooMany: `Attach at most ${MAX_REVIEW_ATTACHMENTS} files to a review request.`,
  none: 'Choose a drawing to attach.',
  noteTooLong: `A note can be at most ${MAX_PART_NOTE.toLocaleString('en-US')} characters.`,
  reviewNoteRequired: 'Say what the part is for and what it needs, so that our engineers can price it.',
} as const;

/** What is wrong with a document before it is sent (size, type by content), or null. */
export function documentProblem(file: { name: string; sizeBytes: number; type: DocumentType | null }): string | null {
  if (file.sizeBytes === 0) return DOCUMENT_MESSAGES.empty(file.name);
  if (file.sizeBytes > MAX_DOCUMENT_BYTES) return DOCUMENT_MESSAGES.tooLarge(file.name);
  if (file.type === null) return DOCUMENT_MESSAGES.type(file.name);
  return null;
}
