import { describe, expect, it } from 'vitest';
import { analyseMesh } from '#domain/geometry/metrics';
import { importStl } from '#domain/geometry/stl';
import { meshEdges, pairHalfEdges } from '#domain/geometry/topology';
import { analyseWallThickness } from '#domain/geometry/wall-thickness';
import { binaryStl, cup } from '../support/solids';

function analysedCup() {
  const imported = importStl(binaryStl(cup(20, 30, 0.6, 2, 48)));
  if (!imported.mesh) throw new Error('the cup did not import');
  return analyseMesh(imported.mesh);
}

describe('one pairing of edge neighbours for every manufacturing check', () => {
  it('pairs the analysed weld on first use, once, as pairHalfEdges does', () => {
    const { structure, mesh } = analysedCup();
    const edges = meshEdges(structure.vertexIds, structure.vertexCount, mesh.triangleCount);
    const first = edges.twins;
    expect(first).toEqual(pairHalfEdges(structure.vertexIds, structure.vertexCount, mesh.triangleCount));
    expect(edges.twins).toBe(first);
  });

  it('the wall measure joins the same thin regions with the shared weld as with its own', () => {
    const { structure, mesh } = analysedCup();
    const options = { minWallMm: 0.8, maxRays: 500, maxRefineRays: 2000 };
    const own = analyseWallThickness(mesh, options);
    const shared = analyseWallThickness(mesh, { ...options, weld: meshEdges(structure.vertexIds, structure.vertexCount, mesh.triangleCount) });
    expect(own.thinRegions.length).toBeGreaterThan(0);
    expect(shared.thinRegions.map((r) => [r.triangles.length, r.minThicknessMm])).toEqual(own.thinRegions.map((r) => [r.triangles.length, r.minThicknessMm]));
    expect(shared.coverage).toEqual(own.coverage);
  });
});
