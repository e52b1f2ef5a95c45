import { describe, expect, it } from 'vitest';
import { analyseCadFile, analysePartMesh } from '#domain/geometry/import-cad';
import { createMesh } from '#domain/geometry/mesh';
import { parseBinaryStl } from '#domain/geometry/stl-binary';
import { encodeBinaryStl } from '#domain/geometry/stl-write';
import { cubesAndPlateSoup } from '../../e2e/support/generated-parts';
import { binaryStl, box } from '../support/solids';

describe('a split part as a file of its own (ADR 131)', () => {
  it('encodeBinaryStl writes what parseBinaryStl reads back, corner for corner, with a header that is not "solid"', () => {
    const soup = cubesAndPlateSoup();
    const bytes = encodeBinaryStl(createMesh(soup), 'solid name');
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).not.toBe('solid');
    const read = parseBinaryStl(bytes);
    expect(read.mesh?.triangleCount).toBe(soup.length / 9);
    expect(Array.from(read.mesh!.positions)).toEqual(Array.from(soup));
  });

  it('analyseCadFile with parts: a file of five bodies splits into the cube ×4 and the plate; one body gives no split', async () => {
    const report = await analyseCadFile(binaryStl(cubesAndPlateSoup()), { parts: true, manufacturing: false });
    expect(report.parts?.parts.map((p) => [p.name, p.count])).toEqual([
      ['Body 1', 4],
      ['Body 5', 1],
    ]);
    expect((await analyseCadFile(binaryStl(box(10, 10, 10)), { parts: true, manufacturing: false })).parts).toBeNull();
    expect((await analyseCadFile(binaryStl(box(10, 10, 10)))).parts).toBeUndefined();
  });

  it('analysePartMesh measures a part in millimetres as declared, with the manufacturing checks', () => {
    const part = analysePartMesh(createMesh(box(10, 10, 10)));
    expect(part.metrics?.units).toMatchObject({ unit: 'mm', source: 'file' });
    expect(part.metrics?.volumeMm3).toBeCloseTo(1000, 6);
    expect(part.metrics?.manufacturing).toBeDefined();
    expect(part.orderable).toBe(true);
  });
});
