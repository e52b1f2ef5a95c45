import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACCEPTED_CAD_FORMATS } from '#domain/catalogue/limits';
import { FORMAT_HEAD_BYTES, detectCadFormat, needsWholeFile } from '#domain/geometry/detect-format';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { CAD_FIXTURES, CORPUS, cadFixture, readBytes, stlModel, stlModelFiles, STL_MODELS } from '../support/fixtures';
import { asciiStl, binaryStl, subdividedCube } from '../support/solids';
import { threeMfModel, threeMfPackage, writeZip } from '../support/zip-writer';

const text = (s: string) => new TextEncoder().encode(s);

describe('detectCadFormat (by content, never by name)', () => {
  it('recognises the real fixtures', () => {
    expect(detectCadFormat(cadFixture('cube-10x10mm--cube-10x10.stl'))).toBe('stl-binary');
    for (const f of ['cube-10x10mm--cube-10x10.stp', 'cube-units--cube-in.step', 'rounded-cube--rounded-cube.step', 'simple-basic-cube--cube.stp']) {
      expect(detectCadFormat(cadFixture(f))).toBe('step');
    }
    expect(detectCadFormat(stlModel('objects/bunny.ascii.stl'))).toBe('stl-ascii');
    expect(detectCadFormat(stlModel('polytopes/tetrahedron.min.ascii.stl'))).toBe('stl-ascii');
  });

  it('uses the size rule before the "solid" keyword', () => {
    expect(detectCadFormat(stlModel('broken/wrongHeader.bin.stl'))).toBe('stl-binary');
    expect(detectCadFormat(binaryStl(subdividedCube(4, 1), 'solid cube'))).toBe('stl-binary');
    expect(detectCadFormat(asciiStl(subdividedCube(4, 1)))).toBe('stl-ascii');
  });

  it('keeps mis-sized binary STL as binary, so the importer can say what is wrong', () => {
    expect(detectCadFormat(stlModel('broken/incorrectFaceCounter.bin.stl'))).toBe('stl-binary');
    const cut = binaryStl(subdividedCube(4, 2), 'solid cube');
    expect(detectCadFormat(cut.slice(0, cut.length - 13))).toBe('stl-binary');
  });

  it('reads a text file written as UTF-16 (either byte order) and one whose lines end in CR alone', () => {
    const wide = (s: string, little: boolean) => {
      const out = new Uint8Array(2 + s.length * 2);
      out.set(little ? [0xff, 0xfe] : [0xfe, 0xff]);
      for (let i = 0; i < s.length; i++) out.set(little ? [s.charCodeAt(i), 0] : [0, s.charCodeAt(i)], 2 + i * 2);
      return out;
    };
    const stl = new TextDecoder().decode(asciiStl(subdividedCube(4, 1)));
    const obj = 'o cube\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n';
    // Before: a UTF-16 text STL was taken for a binary STL cut short.
    expect(detectCadFormat(wide(stl, true))).toBe('stl-ascii');
    expect(detectCadFormat(wide(stl, false))).toBe('stl-ascii');
    expect(detectCadFormat(wide(obj, true))).toBe('obj');
    expect(detectCadFormat(wide('ISO-10303-21;\nHEADER;', false))).toBe('step');
    // From its head alone, as the upload checks read it.
    const long = wide(obj + 'v 1 1 1\n'.repeat(1000), true);
    expect(detectCadFormat(long.subarray(0, FORMAT_HEAD_BYTES), long.length)).toBe('obj');
    expect(detectCadFormat(long)).toBe('obj'); // the whole file: told by its head, its last line cut
    expect(detectCadFormat(wide('hello, world\n', true))).toBeNull();
    // A binary STL whose header happens to start with those two bytes stays binary.
    const binary = binaryStl(subdividedCube(4, 1));
    binary.set([0xff, 0xfe]);
    expect(detectCadFormat(binary)).toBe('stl-binary');
    expect(detectCadFormat(text(obj.replaceAll('\n', '\r')))).toBe('obj');
  });

  it('recognises OBJ, 3MF and STEP with leading whitespace or a byte-order mark', () => {
    expect(detectCadFormat(text('# exported\nmtllib a.mtl\no cube\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n'))).toBe('obj');
    expect(detectCadFormat(threeMfPackage(threeMfModel([{ soup: subdividedCube(4, 1) }])))).toBe('3mf');
    expect(detectCadFormat(text('\uFEFF  ISO-10303-21;\nHEADER;'))).toBe('step');
  });

  it('recognises an OBJ that carries its material library inline (Online3DViewer icosahedron.obj), or free-form statements', () => {
    expect(detectCadFormat(text('newmtl Blue\nKa 0.5 0.5 0.5\nKd 0 0.54 0.72\nillum 2\nmap_Kd blue.png\n\nusemtl Blue\ng Icosahedron\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n'))).toBe('obj');
    expect(detectCadFormat(text('cstype bspline\ndeg 3\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n'))).toBe('obj');
    // Words that are no statement of either are not an OBJ, vertices or not.
    expect(detectCadFormat(text('newmtl Blue\nhello there\nv 0 0 0\n'))).toBeNull();
  });

  it('refuses what it cannot read', () => {
    expect(detectCadFormat(new Uint8Array())).toBeNull();
    expect(detectCadFormat(text('hello, this is a letter, not a model'))).toBeNull();
    expect(detectCadFormat(text('%PDF-1.7\n'))).toBeNull();
    expect(detectCadFormat(writeZip([{ name: 'word/document.xml', data: '<w/>' }]))).toBeNull();
    expect(detectCadFormat(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeNull();
  });

  it('tells every format from the head and the size as from the whole file, but a ZIP package longer than its head', () => {
    const head = (bytes: Uint8Array) => bytes.subarray(0, FORMAT_HEAD_BYTES);
    const files = [
      ...readdirSync(CAD_FIXTURES).filter((f) => !f.endsWith('.md')).map((f) => path.join(CAD_FIXTURES, f)),
      ...(['broken', 'misc', 'objects', 'polytopes'] as const).flatMap((folder) => stlModelFiles(folder).map((f) => path.join(STL_MODELS, folder, f))),
      ...['3mf', 'obj', 'step', 'stl'].flatMap((folder) => readdirSync(path.join(CORPUS, folder)).map((f) => path.join(CORPUS, folder, f))),
    ];
    const seen = new Set<string>();
    for (const file of files) {
      const bytes = readBytes(file);
      const whole = detectCadFormat(bytes);
      seen.add(String(whole));
      if (needsWholeFile(head(bytes), bytes.length)) expect(whole, file).toBe('3mf');
      else expect(detectCadFormat(head(bytes), bytes.length), file).toBe(whole);
    }
    expect([...seen].sort()).toEqual(['3mf', 'null', 'obj', 'step', 'stl-ascii', 'stl-binary']);
    // Made ones: a binary STL whose header says "solid", one cut short, an OBJ longer than the head.
    const solidHeader = binaryStl(subdividedCube(20, 4), 'solid cube');
    const cut = solidHeader.slice(0, solidHeader.length - 13);
    const obj = text(`o part\n${'v 0.000001 0.000001 0.000001\n'.repeat(400)}f 1 2 3\n`);
    for (const bytes of [solidHeader, cut, obj]) expect(detectCadFormat(head(bytes), bytes.length)).toBe(detectCadFormat(bytes));
    expect(solidHeader.length).toBeGreaterThan(FORMAT_HEAD_BYTES);
    expect(obj.length).toBeGreaterThan(FORMAT_HEAD_BYTES);
    // A 3MF package is told only whole.
    const package3mf = threeMfPackage(threeMfModel([{ soup: subdividedCube(20, 4) }]));
    expect(needsWholeFile(head(package3mf), package3mf.length)).toBe(package3mf.length > FORMAT_HEAD_BYTES);
    expect(needsWholeFile(head(solidHeader), solidHeader.length)).toBe(false);
  });

  it('never throws, and answers one of the accepted formats or null', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), (bytes) => {
        const format = detectCadFormat(bytes);
        expect(format === null || (ACCEPTED_CAD_FORMATS as readonly string[]).includes(format)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
