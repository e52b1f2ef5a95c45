import { describe, expect, it } from 'vitest';
import { analyseMesh } from '#domain/geometry/metrics';
import { parseObj } from '#domain/geometry/obj';
import { corpusFile } from '../support/fixtures';

const text = (s: string) => new TextEncoder().encode(s);

/** A 2 × 3 × 4 box with quad faces, shared vertices and one negative-index face. */
const BOX = `# box
o box
v 0 0 0
v 2 0 0
v 2 3 0
v 0 3 0
v 0 0 4
v 2 0 4
v 2 3 4
v 0 3 4
vn 0 0 1
f 1/1/1 4/4/1 3/3/1 2/2/1
f 5 6 7 8
f 1 2 6 5
f 2 3 7 6
f 3 4 8 7
f -4 -1 -5 -8
`;

describe('OBJ', () => {
  it('fans polygons into triangles and resolves negative indices', () => {
    const result = parseObj(text(BOX));
    expect(result.format).toBe('obj');
    expect(result.findings).toEqual([]);
    expect(result.mesh?.triangleCount).toBe(12);
    expect(result.mesh?.bodies).toEqual([{ name: 'box', firstTriangle: 0, triangleCount: 12 }]);
    const { metrics } = analyseMesh(result.mesh!, { declaredUnit: 'mm' });
    expect(metrics.volumeMm3).toBe(24);
    expect(metrics.areaMm2).toBe(2 * (6 + 8 + 12));
    expect(metrics.watertight).toBe(true);
  });

  it('keeps each o that shares no vertex index as a body; objects that share indices are one (ADR 157)', () => {
    const faces = BOX.split('\n').filter((l) => l.startsWith('f ')).join('\n');
    const moved = BOX.split('\n').filter((l) => l.startsWith('v ')).map((l) => l.replace(/^v (\S+)/, (_, x: string) => `v ${Number(x) + 10}`)).join('\n');
    const two = `${BOX}o second\n${moved}\n${faces}\n`;
    const mesh = parseObj(text(two)).mesh!;
    // The second box's faces index the first box's vertices (absolute and -4..-8 relative ones
    // now reach the second box): the file is read as written, not second-guessed, so one body.
    expect(mesh.bodies.map((b) => [b.name, b.triangleCount])).toEqual([['box + second', 24]]);
    const shifted = faces.replace(/-?\d+/g, (n) => String(Number(n) > 0 ? Number(n) + 8 : Number(n)));
    const apart = parseObj(text(`${BOX}o second\n${moved}\n${shifted}\n`)).mesh!;
    expect(apart.bodies.map((b) => [b.name, b.triangleCount])).toEqual([['box', 12], ['second', 12]]);
  });

  it('leaves out faces that point to missing vertices, with a finding', () => {
    const result = parseObj(text('v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\nf 1 2 9\nf 1 2\n'));
    expect(result.mesh?.triangleCount).toBe(1);
    expect(result.findings.map((f) => [f.code, f.count])).toEqual([['malformed-facet', 2]]);
  });

  it('cuts a quad doublet through its lone corner, not along the line both quads fold on (ADR 284)', () => {
    // Two quads share two sides around Q, a corner of only them (a quad-dominant remesher's
    // doublet), each folded along P–R; four triangles close the solid below. Ear clipping cut both
    // quads along P–R: four triangles on one edge, two of them the same triangle both ways round.
    const doublet = text(
      ['v 0 0 0', 'v 10 10 -10', 'v 20 0 0', 'v 10 0 10', 'v 10 -10 -10', 'v 10 0 -30'].join('\n') +
        // P = 1, S = 2, R = 3, Q = 4, U = 5, B = 6
        '\nf 2 1 4 3\nf 5 3 4 1\nf 1 2 6\nf 5 1 6\nf 3 5 6\nf 2 3 6\n',
    );
    const result = parseObj(doublet);
    expect(result.mesh?.triangleCount).toBe(8);
    const { metrics, findings } = analyseMesh(result.mesh!, MM);
    expect(findings.map((f) => f.code)).toEqual([]);
    expect(metrics.watertight).toBe(true);
    // Four tetrahedra on the segment Q–B, one per side of the outline S, P, U, R: 8000/3 mm³ (cut
    // along P–R, the file read as 2000 mm³).
    expect(metrics.volumeMm3).toBeCloseTo(8000 / 3, 6);
  });

  it('reports non-numeric vertices and empty files', () => {
    expect(parseObj(text('v 0 0 zero\nv 1 0 0\nv 0 1 0\nf 1 2 3\n')).findings.map((f) => f.code)).toEqual(['non-finite-coordinates', 'malformed-facet', 'no-triangles']);
    expect(parseObj(new Uint8Array()).findings.map((f) => f.code)).toEqual(['empty-file']);
  });
});

/** An L-shaped prism (L of area 3, height 1): its caps are single concave 6-gons, starting at a corner a fan gets wrong. */
const L_PRISM = (cap: (vs: number[]) => string) => {
  const outline = [[0, 2], [0, 0], [2, 0], [2, 1], [1, 1], [1, 2]];
  const lines = ['# L prism'];
  for (const z of [0, 1]) for (const [x, y] of outline) lines.push(`v ${x} ${y} ${z}`);
  lines.push(cap([6, 5, 4, 3, 2, 1])); // bottom, seen from below
  lines.push(cap([7, 8, 9, 10, 11, 12])); // top
  for (let i = 0; i < 6; i++) {
    const j = (i + 1) % 6;
    lines.push(`f ${i + 1} ${j + 1} ${j + 7} ${i + 7}`);
  }
  return lines.join('\n');
};

/** Read as millimetres (these small test parts would be guessed as inches). */
const MM = { declaredUnit: 'mm' } as const;

describe('OBJ grammar (ADR 157)', () => {
  it('triangulates a concave polygon inside its outline (ear clipping), where a fan would fold over', () => {
    const { metrics } = analyseMesh(parseObj(text(L_PRISM((vs) => `f ${vs.join(' ')}`))).mesh!, MM);
    expect(metrics.watertight).toBe(true);
    expect(metrics.volumeMm3).toBeCloseTo(3, 9);
    expect(metrics.areaMm2).toBeCloseTo(14, 9);
  });

  it('passes over an inline material library and reads the faces after it', () => {
    const withMaterial = `newmtl Blue\nKa 0.5 0.5 0.5\nKd 0 0.541 0.722\nNs 10\nd 1\nillum 2\n\nusemtl Blue\n${BOX}`;
    const imported = parseObj(text(withMaterial));
    expect(imported.findings).toEqual([]);
    expect(imported.mesh!.triangleCount).toBe(12);
    expect(analyseMesh(imported.mesh!, { declaredUnit: null }).metrics.watertight).toBe(true);
  });

  it('continues a line ending in a backslash, and ignores comments anywhere on a line', () => {
    const continued = L_PRISM((vs) => `f ${vs.slice(0, 3).join(' ')} \\\n  ${vs.slice(3).join(' ')}   # a cap, written on two lines`);
    const result = parseObj(text(continued.replace('v 0 2 0', 'v 0 2 0 # first corner')));
    expect(result.findings).toEqual([]);
    const { metrics } = analyseMesh(result.mesh!, MM);
    expect(metrics.watertight).toBe(true);
    expect(metrics.volumeMm3).toBeCloseTo(3, 9);
  });

  it('welds faces listed under two objects through the one vertex pool: one closed body, not two open ones', () => {
    const lines = BOX.split('\n');
    const split = [...lines.slice(0, 11), ...lines.slice(11, 14), 'o other half', 'g side', ...lines.slice(14)].join('\n');
    const result = parseObj(text(split));
    expect(result.mesh?.bodies.map((b) => b.name)).toEqual(['box + other half']);
    const { metrics, findings } = analyseMesh(result.mesh!, MM);
    expect(metrics.watertight).toBe(true);
    expect(metrics.bodyCount).toBe(1);
    expect(metrics.volumeMm3).toBeCloseTo(24, 9);
    expect(findings.map((f) => f.code)).not.toContain('open-edges');
  });

  it('names faces by their group when the file has no object lines', () => {
    const grouped = BOX.replace('o box', 'g first').replace('f 5 6 7 8', 'g second\nf 5 6 7 8');
    expect(parseObj(text(grouped)).mesh?.bodies.map((b) => b.name)).toEqual(['first + second']);
  });

  it('keeps objects written with their own vertices apart, even where those lie at the same place (trimesh two_objects.obj)', () => {
    const { metrics } = analyseMesh(parseObj(corpusFile('obj/trimesh-two_objects.obj')).mesh!, MM);
    expect(metrics.bodyCount).toBe(2);
    expect(metrics.watertight).toBe(true);
  });

  it('reads Rhino’s continued face lines (trimesh wallhole.obj): every face, a closed part', () => {
    const result = parseObj(corpusFile('obj/trimesh-wallhole.obj'));
    expect(result.findings).toEqual([]);
    expect(analyseMesh(result.mesh!, MM).metrics.watertight).toBe(true);
  });
});
