import { describe, expect, it } from 'vitest';
import { analyseMesh } from '#domain/geometry/metrics';
import { importStl } from '#domain/geometry/stl';
import { sharedFor, sharedMeasures } from '#domain/geometry/shared-measures';
import { analyseTopology, meshEdges, pairHalfEdges } from '#domain/geometry/topology';
import { withUnitsFromHoles } from '#domain/geometry/units-from-holes';
import { analyseWallThickness } from '#domain/geometry/wall-thickness';
import { blockWithHoles, type HoleSpec } from '../support/holes';
import { binaryStl, concat, cup, mobiusBand, nut, translated, withReversedFacets } from '../support/solids';

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

describe('the edge census keeps its pairing (ADR 233)', () => {
  /** Vertex ids per corner of a triangle list given by its corners' ids. */
  const census = (ids: number[], vertexCount: number) => {
    const vertexIds = Uint32Array.from(ids);
    const triangleCount = ids.length / 3;
    return { topology: analyseTopology(vertexIds, vertexCount, triangleCount), paired: pairHalfEdges(vertexIds, vertexCount, triangleCount) };
  };

  it('is pairHalfEdges of the same weld on closed, misoriented, open and non-manifold meshes', () => {
    for (const soup of [cup(20, 30, 0.6, 2, 48), withReversedFacets(nut(), [0, 3, 7]), mobiusBand(10, 2, 40), concat(nut(), translated(nut(), [20, 0, 0]))]) {
      const imported = importStl(binaryStl(soup));
      if (!imported.mesh) throw new Error('the solid did not import');
      const { structure, mesh } = analyseMesh(imported.mesh);
      expect(structure.twins).toEqual(pairHalfEdges(structure.vertexIds, structure.vertexCount, mesh.triangleCount));
    }
  });

  it('leaves an edge of three triangles and a triangle with a repeated corner unpaired, as pairHalfEdges does', () => {
    // Triangles 0-2 share the edge 0-1 (non-manifold); 3 has a repeated corner; 4 and 5 share 4-5.
    const { topology, paired } = census([0, 1, 2, 1, 0, 3, 0, 1, 4, 2, 2, 3, 4, 5, 6, 5, 4, 7], 8);
    expect(topology.nonManifoldEdgeCount).toBe(1);
    expect(topology.twins).toEqual(paired);
    expect(Array.from(topology.twins.slice(0, 12))).toEqual(Array(12).fill(-1));
    expect(topology.twins[12]).toBe(15);
    expect(topology.twins[15]).toBe(12);
  });
});

describe('one set of shared measures for the hole search and the checks (ADR 233)', () => {
  it('the units read from the holes are the same with the shared measures as without, and kept for the checks when the unit stays', () => {
    // A block whose size leaves the unit open, with M2, M2.5 and M3 tap drills (tests/domain/geometry/units.test.ts).
    const holes: HoleSpec[] = [1.6, 2.05, 2.5].map((diameter) => ({ steps: [{ diameter, to: 1.93 }], bottom: 'through' }));
    const imported = importStl(binaryStl(blockWithHoles(holes, 3.37, 1.93).positions, 'block'));
    if (!imported.mesh) throw new Error('the block did not import');
    const analysis = analyseMesh(imported.mesh);
    const shared = sharedMeasures(analysis);
    const own = withUnitsFromHoles(analysis, imported.mesh);
    const withShared = withUnitsFromHoles(analysis, imported.mesh, { shared });
    expect(own.holes?.holes.length).toBe(3); // the guess was open: the holes were searched and found
    expect(withShared.analysis.metrics).toEqual(own.analysis.metrics);
    expect(withShared.analysis.metrics.units.reason).not.toBe(analysis.metrics.units.reason);
    expect(withShared.holes).toEqual(own.holes);
    expect(shared.weld.twins).toBe(analysis.structure.twins);
    // The unit stayed: the checks take the same measures for the amended analysis.
    expect(sharedFor(withShared.analysis, shared)).toBe(shared);
  });

  it('are not used for an analysis of another mesh (the mesh read again in the other unit)', () => {
    const first = analysedCup();
    const other = analysedCup();
    const shared = sharedMeasures(first);
    expect(sharedFor(first, shared)).toBe(shared);
    expect(sharedFor(other, shared)).not.toBe(shared);
    expect(sharedFor(other, shared).analysis).toBe(other);
  });
});
