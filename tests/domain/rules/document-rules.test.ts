import { describe, expect, test } from 'vitest';
import { MAX_DOCUMENT_BYTES, detectDocumentType, documentProblem } from '#domain/rules/document-rules';

const bytes = (...parts: (string | number[])[]) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('a document is judged by its content', () => {
  test('PDF, PNG, JPEG, DWG, binary and ASCII DXF', () => {
    expect(detectDocumentType(bytes('%PDF-1.7\n%âãÏÓ\n'))).toBe('pdf');
    expect(detectDocumentType(bytes('\r\n   %PDF-1.4'))).toBe('pdf');
    expect(detectDocumentType(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a], 'rest'))).toBe('png');
    expect(detectDocumentType(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))).toBe('jpeg');
    expect(detectDocumentType(bytes('AC1032', [0, 0, 0, 0]))).toBe('dwg');
    expect(detectDocumentType(bytes('AC1015'))).toBe('dwg');
    expect(detectDocumentType(bytes('AutoCAD Binary DXF\r\n', [0x1a, 0x00]))).toBe('dxf');
    expect(detectDocumentType(bytes('  0\r\nSECTION\r\n  2\r\nHEADER\r\n'))).toBe('dxf');
    expect(detectDocumentType(bytes('999\ndxflib\n0\nSECTION\n2\nENTITIES\n'))).toBe('dxf');
  });

  test('whatever its name says, other content is refused: a renamed STL, a text, a GIF, an empty file', () => {
    expect(detectDocumentType(bytes('solid cube\n facet normal 0 0 1\n'))).toBeNull();
    expect(detectDocumentType(bytes('These are the tolerances: ±0.1 mm'))).toBeNull();
    expect(detectDocumentType(bytes('GIF89a'))).toBeNull();
    expect(detectDocumentType(new Uint8Array())).toBeNull();
    expect(detectDocumentType(bytes('AC9999'))).toBeNull();
  });

  test('what is said before sending: empty, too large, not a drawing', () => {
    expect(documentProblem({ name: 'a.pdf', sizeBytes: 0, type: null })).toBe('"a.pdf" is empty.');
    expect(documentProblem({ name: 'a.pdf', sizeBytes: MAX_DOCUMENT_BYTES + 1, type: 'pdf' })).toBe('Attachments are limited to 20 MB each: "a.pdf" is larger.');
    expect(documentProblem({ name: 'a.pdf', sizeBytes: 10, type: null })).toBe('"a.pdf" is not a PDF, DXF, DWG, PNG or JPEG file (judging by its content): attach the drawing in one of those formats.');
    expect(documentProblem({ name: 'a.pdf', sizeBytes: MAX_DOCUMENT_BYTES, type: 'pdf' })).toBeNull();
  });
});
