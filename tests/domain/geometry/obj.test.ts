import { describe, expect, it } from 'vitest';
import { analyseMesh } from '#domain/geometry/metrics';
import { parseObj } from '#domain/geometry/obj';

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

  it('keeps each o as a body', () => {
    const faces = BOX.split('\n').filter((l) => l.startsWith('f ')).join('\n');
    const moved = BOX.split('\n').filter((l) => l.startsWith('v ')).map((l) => l.replace(/^v (\S+)/, (_, x: string) => `v ${Number(x) + 10}`)).join('\n');
    const two = `${BOX}o second\n${moved}\n${faces}\n`;
    const mesh = parseObj(text(two)).mesh!;
    expect(mesh.bodies.map((b) => [b.name, b.triangleCount])).toEqual([['box', 12], ['second', 12]]);
    // The second box's faces index the first box's vertices (absolute and -4..-8 relative ones
    // now reach the second box): the file is read as written, not second-guessed.
    expect(mesh.triangleCount).toBe(24);
  });

  it('leaves out faces that point to missing vertices, with a finding', () => {
    const result = parseObj(text('v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\nf 1 2 9\nf 1 2\n'));
    expect(result.mesh?.triangleCount).toBe(1);
    expect(result.findings.map((f) => [f.code, f.count])).toEqual([['malformed-facet', 2]]);
  });

  it('reports non-numeric vertices and empty files', () => {
    expect(parseObj(text('v 0 0 zero\nv 1 0 0\nv 0 1 0\nf 1 2 3\n')).findings.map((f) => f.code)).toEqual(['non-finite-coordinates', 'malformed-facet', 'no-triangles']);
    expect(parseObj(new Uint8Array()).findings.map((f) => f.code)).toEqual(['empty-file']);
  });
});
