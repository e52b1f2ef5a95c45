import { describe, expect, it } from 'vitest';
import { analyseMesh } from '#domain/geometry/metrics';
import { importThreeMf } from '#domain/geometry/three-mf';
import { subdividedCube, translated } from '../support/solids';
import { threeMfModel, threeMfPackage, writeZip } from '../support/zip-writer';

describe('3MF', () => {
  it('reads a deflated package, in millimetres', async () => {
    const result = await importThreeMf(threeMfPackage(threeMfModel([{ soup: subdividedCube(8, 2), name: 'Cube' }])));
    expect(result.findings).toEqual([]);
    expect(result.declaredUnit).toBe('mm');
    expect(result.mesh?.bodies).toEqual([{ name: 'Cube', firstTriangle: 0, triangleCount: 48 }]);
    const { metrics } = analyseMesh(result.mesh!, { declaredUnit: 'mm' });
    expect(metrics.volumeMm3).toBe(512);
    expect(metrics.watertight).toBe(true);
  });

  it('converts the declared unit to millimetres', async () => {
    const result = await importThreeMf(threeMfPackage(threeMfModel([{ soup: subdividedCube(2, 1) }], 'inch')));
    const { metrics } = analyseMesh(result.mesh!, { declaredUnit: result.declaredUnit });
    for (const side of metrics.size) expect(side).toBeCloseTo(50.8, 5); // 50.8 stored as float32
    expect(metrics.units.source).toBe('file');
  });

  it('applies build transforms, keeping outward faces under a mirror', async () => {
    const mirrorAndMove = '-1 0 0 0 1 0 0 0 1 100 0 0';
    const result = await importThreeMf(threeMfPackage(threeMfModel([
      { soup: subdividedCube(4, 1) },
      { soup: translated(subdividedCube(4, 1), [1, 1, 1]), transform: mirrorAndMove },
    ])));
    const { metrics } = analyseMesh(result.mesh!, { declaredUnit: 'mm' });
    expect(metrics.bodyCount).toBe(2);
    expect(metrics.orientation).toBe('outward');
    expect(metrics.volumeMm3).toBeCloseTo(128, 9);
    expect(metrics.bbox.max[0]).toBe(99);
  });

  it('follows components of components', async () => {
    const model = threeMfModel([{ soup: subdividedCube(4, 1) }])
      .replace('<build>', '<object id="7" name="assembly"><components><component objectid="1" /><component objectid="1" transform="1 0 0 0 1 0 0 0 1 10 0 0" /></components></object><build>')
      .replace('<item objectid="1" />', '<item objectid="7" />');
    const result = await importThreeMf(threeMfPackage(model));
    expect(result.mesh?.bodies.map((b) => [b.name, b.triangleCount])).toEqual([['assembly', 24]]);
  });

  it('turns damaged packages into findings', async () => {
    expect((await importThreeMf(new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3]))).findings[0]?.code).toBe('unreadable');
    expect((await importThreeMf(writeZip([{ name: '3D/other.txt', data: 'x' }]))).findings[0]?.code).toBe('no-triangles');
    const broken = threeMfPackage(threeMfModel([{ soup: subdividedCube(4, 1) }]).replace('v1="0"', 'v1="999"'));
    expect((await importThreeMf(broken)).findings.map((f) => f.code)).toEqual(['malformed-facet']);
  });
});
