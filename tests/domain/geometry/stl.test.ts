import { describe, expect, it } from 'vitest';
import { MAX_FINDING_TRIANGLES } from '#domain/catalogue/limits';
import type { Finding, FindingCode } from '#domain/geometry/findings';
import { analyseMesh } from '#domain/geometry/metrics';
import { importStl } from '#domain/geometry/stl';
import { parseAsciiStl } from '#domain/geometry/stl-ascii';
import { parseBinaryStl } from '#domain/geometry/stl-binary';
import { stlModel, stlModelFiles } from '../support/fixtures';
import { asciiStl, binaryStl, regularPrism, subdividedCube } from '../support/solids';

const codes = (findings: readonly Finding[]): FindingCode[] => findings.map((f) => f.code);
const text = (s: string) => new TextEncoder().encode(s);

const TETRA = `solid t
facet normal 0 0 -1
 outer loop
  vertex 0 0 0
  vertex 0 1 0
  vertex 1 0 0
 endloop
endfacet
facet normal 0 -1 0
 outer loop
  vertex 0 0 0
  vertex 1 0 0
  vertex 0 0 1
 endloop
endfacet
facet normal -1 0 0
 outer loop
  vertex 0 0 0
  vertex 0 0 1
  vertex 0 1 0
 endloop
endfacet
facet normal 1 1 1
 outer loop
  vertex 1 0 0
  vertex 0 1 0
  vertex 0 0 1
 endloop
endfacet
endsolid t
`;

describe('binary STL', () => {
  it('reads every corner exactly, straight into a Float32Array', () => {
    const soup = regularPrism(7, 3.3, 2.1);
    const result = parseBinaryStl(binaryStl(soup));
    expect(result.format).toBe('stl-binary');
    expect(result.mesh?.positions).toEqual(soup);
    expect(result.mesh?.triangleCount).toBe(soup.length / 9);
    expect(result.findings).toEqual([]);
  });

  it('reports a file cut inside a triangle as truncated and keeps the whole triangles', () => {
    const bytes = binaryStl(subdividedCube(8, 2));
    const cut = bytes.slice(0, bytes.length - 20);
    const result = parseBinaryStl(cut);
    expect(codes(result.findings)).toContain('truncated-file');
    expect(result.findings.find((f) => f.code === 'truncated-file')?.severity).toBe('error');
    expect(result.mesh?.triangleCount).toBe(47);
    // The lost facet is filled (a three-edge hole), but the file stays refused as truncated.
    expect(codes(analyseMesh(result.mesh!).findings)).toContain('holes-filled');
  });

  it('reads a count field that disagrees with whole triangles from the size, with a warning', () => {
    const bytes = binaryStl(subdividedCube(8, 1));
    new DataView(bytes.buffer).setUint32(80, 0, true);
    const result = parseBinaryStl(bytes);
    expect(result.mesh?.triangleCount).toBe(12);
    expect(result.findings.map((f) => [f.code, f.severity])).toEqual([['size-mismatch', 'warning']]);
  });

  it('ignores bytes after the announced triangles, saying so', () => {
    const bytes = binaryStl(subdividedCube(8, 1));
    const padded = new Uint8Array(bytes.length + 7);
    padded.set(bytes);
    const result = parseBinaryStl(padded);
    expect(result.mesh?.triangleCount).toBe(12);
    expect(codes(result.findings)).toEqual(['size-mismatch']);
  });

  it('leaves out triangles with NaN, infinite or absurd coordinates and names them', () => {
    const soup = subdividedCube(8, 1);
    soup[4] = Number.NaN; // triangle 0
    soup[9 * 5 + 2] = Infinity; // triangle 5
    soup[9 * 7 + 8] = 3e9; // triangle 7: beyond ±1e8
    const result = parseBinaryStl(binaryStl(soup));
    expect(result.mesh?.triangleCount).toBe(9);
    const finding = result.findings.find((f) => f.code === 'non-finite-coordinates');
    expect(finding?.count).toBe(3);
    expect(finding?.severity).toBe('error');
    expect(finding?.message).toContain('facet 0');
  });

  it('refuses more triangles than the configured limit before allocating them', () => {
    const result = parseBinaryStl(binaryStl(subdividedCube(8, 2)), { maxTriangles: 10 });
    expect(result.mesh).toBeNull();
    expect(codes(result.findings)).toEqual(['too-many-triangles']);
  });

  it('recognises a binary file whose header starts with "solid" by its size', () => {
    const bytes = binaryStl(subdividedCube(8, 1), 'solid but binary');
    const result = importStl(bytes);
    expect(result.format).toBe('stl-binary');
    expect(result.mesh?.triangleCount).toBe(12);
    expect(codes(result.findings)).toEqual(['binary-header-solid']);
  });
});

describe('ASCII STL', () => {
  it('reads the same numbers as the binary file (9 significant digits round-trip float32)', () => {
    const soup = regularPrism(11, 7.77, 3.1);
    expect(parseAsciiStl(asciiStl(soup)).mesh?.positions).toEqual(parseBinaryStl(binaryStl(soup)).mesh?.positions);
  });

  it('tolerates exporters: upper case, CRLF, tabs, exponents, signs, missing names, no normal values', () => {
    const quirky = TETRA.replace(/\n/g, '\r\n')
      .replace('solid t', 'SOLID')
      .replace('facet normal 0 0 -1', 'FACET NORMAL')
      .replace('vertex 0 1 0', 'vertex\t+0.0E+0 1.000e0 -0')
      .replace('endsolid t', 'ENDSOLID');
    const result = parseAsciiStl(text(quirky));
    expect(result.mesh?.triangleCount).toBe(4);
    const plusZero = (p: Float32Array | undefined) => Array.from(p ?? [], (v) => v + 0);
    expect(plusZero(result.mesh?.positions)).toEqual(plusZero(parseAsciiStl(text(TETRA)).mesh?.positions));
    // -0 and 0 are the same corner: the tetrahedron stays closed.
    expect(analyseMesh(result.mesh!).metrics.watertight).toBe(true);
  });

  it('keeps several solids in one file as named bodies', () => {
    const two = TETRA.replaceAll(' t\n', ' first\n') + TETRA.replaceAll(' t\n', ' second\n');
    const mesh = parseAsciiStl(text(two)).mesh!;
    expect(mesh.bodies.map((b) => [b.name, b.firstTriangle, b.triangleCount])).toEqual([
      ['first', 0, 4],
      ['second', 4, 4],
    ]);
  });

  it('says when the file is cut inside a facet', () => {
    const cut = TETRA.slice(0, TETRA.lastIndexOf('vertex 0 1 0'));
    const result = parseAsciiStl(text(cut));
    expect(result.mesh?.triangleCount).toBe(3);
    expect(result.findings.find((f) => f.code === 'truncated-file')?.severity).toBe('error');
  });

  it('reports text that only starts like STL as unreadable', () => {
    const junk = `solid x\n${'lorem ipsum dolor '.repeat(400)}`;
    const result = parseAsciiStl(text(junk));
    expect(result.mesh).toBeNull();
    expect(codes(result.findings)).toContain('unreadable');
  });
});

/**
 * The 14 deliberately broken files of the stl-models package: each gives a clear finding, no
 * crash, and no nonsense volume (finite, non-negative, within the bounding box).
 */
describe('the stl-models broken corpus', () => {
  const expected: Record<string, FindingCode[]> = {
    'empty.stl': ['empty-file'],
    'fourVertices.ascii.stl': ['malformed-facet', 'non-manifold-edges'],
    'incorrectFaceCounter.bin.stl': ['size-mismatch'],
    'missingEndsolid.ascii.stl': ['truncated-file'],
    'missingFace.ascii.stl': ['holes-filled'],
    'missingNormal.ascii.stl': ['stored-normals-missing'],
    'notANumberNormal.ascii.stl': ['stored-normals-missing'],
    'quad.ascii.stl': ['malformed-facet', 'open-edges', 'non-manifold-edges', 'degenerate-triangles'],
    'singleFace.ascii.stl': ['open-edges'],
    'solidNameMismatch.ascii.stl': ['solid-name-mismatch'],
    'twoVertices.ascii.stl': ['malformed-facet', 'holes-filled'],
    'wrongHeader.bin.stl': ['binary-header-solid'],
    'wrongNormal.ascii.stl': ['stored-normals-disagree'],
    'wrongNormals.ascii.stl': ['stored-normals-missing'],
  };

  it('has the 14 files this test expects', () => {
    expect(stlModelFiles('broken')).toEqual(Object.keys(expected).sort());
  });

  for (const [file, wanted] of Object.entries(expected)) {
    it(`${file}: ${wanted.join(', ')}`, () => {
      const imported = importStl(stlModel(`broken/${file}`));
      const analysis = imported.mesh ? analyseMesh(imported.mesh) : null;
      const found = codes([...imported.findings, ...(analysis?.findings ?? [])]);
      for (const code of wanted) expect(found).toContain(code);
      for (const f of [...imported.findings, ...(analysis?.findings ?? [])]) {
        expect(f.message.length).toBeGreaterThan(10);
        expect(f.fixHint.length).toBeGreaterThan(10);
        expect(f.triangles.length).toBeLessThanOrEqual(MAX_FINDING_TRIANGLES);
      }
      if (analysis) {
        const { volumeMm3, size } = analysis.metrics;
        expect(Number.isFinite(volumeMm3)).toBe(true);
        expect(volumeMm3).toBeGreaterThanOrEqual(0);
        expect(volumeMm3).toBeLessThanOrEqual(size[0] * size[1] * size[2] * (1 + 1e-9));
      }
    });
  }

  it('fills the missing facet of missingFace (a tetrahedron of three) with one triangle, and locates it', () => {
    const mesh = importStl(stlModel('broken/missingFace.ascii.stl')).mesh!;
    const analysis = analyseMesh(mesh);
    expect(analysis.findings.find((f) => f.code === 'holes-filled')?.triangles).toEqual([3]);
    expect(analysis.metrics.watertight).toBe(true);
    expect(analysis.mesh.triangleCount).toBe(4);
  });

  it('names the facet with the wrong stored normal (the fourth)', () => {
    const finding = importStl(stlModel('broken/wrongNormal.ascii.stl')).findings.find((f) => f.code === 'stored-normals-disagree');
    expect(finding?.triangles).toEqual([3]);
  });

  it('rejects the text-mangled binary of misc/ with an explanation, not a nonsense volume', () => {
    const result = importStl(stlModel('misc/multiWordName.bin.stl'));
    expect(result.mesh).toBeNull();
    expect(result.findings[0]?.code).toBe('unreadable');
    expect(result.findings[0]?.message).toMatch(/text conversion/);
  });

  it('reads the polytopes in ASCII and binary alike', () => {
    for (const name of ['cube', 'tetrahedron', 'tetrahedronIrregular', 'triangle']) {
      const ascii = importStl(stlModel(`polytopes/${name}.ascii.stl`)).mesh!;
      const binary = importStl(stlModel(`polytopes/${name}.bin.stl`)).mesh!;
      expect(ascii.positions).toEqual(binary.positions);
    }
  });
});
