/**
 * The weld's edge pairing and the facets of one analysed mesh, computed once for whichever of
 * its readers asks first: the units' hole search (units-from-holes.ts, ADR 219) and the
 * manufacturing checks (manufacturing.ts) each computed their own before, about 150 ms and 40 ms
 * of CPU at 1M triangles twice over (issue 39 item 4, ADR 233). Both are pure functions of the
 * mesh and its weld, so a reader gets the same arrays it would have computed.
 */
import { facetsOf, type Facets } from './facets';
import type { MeshAnalysis } from './metrics';
import { meshEdges, type MeshEdges } from './topology';

export interface SharedMeasures {
  /** The analysis they belong to: a reader of another analysis (the mesh read again in other units) does not use them. */
  readonly analysis: MeshAnalysis;
  /** The analysis's weld, its edge neighbours paired on first use. */
  readonly weld: MeshEdges;
  /** The facets' normals and areas, computed on first use. */
  readonly facets: Facets;
}

export function sharedMeasures(analysis: MeshAnalysis): SharedMeasures {
  const { mesh, structure, metrics } = analysis;
  // The census's pairing when it was made for this weld (metrics.ts), else paired on first use.
  const { twins } = structure;
  const weld: MeshEdges =
    twins && twins.length === metrics.triangleCount * 3
      ? { vertexIds: structure.vertexIds, vertexCount: structure.vertexCount, twins }
      : meshEdges(structure.vertexIds, structure.vertexCount, metrics.triangleCount);
  let facets: Facets | undefined;
  return {
    analysis,
    weld,
    get facets() {
      facets ??= facetsOf(mesh.positions, mesh.triangleCount);
      return facets;
    },
  };
}

/** `shared` when it was made for this analysis's mesh and weld, else a new set for it. */
export function sharedFor(analysis: MeshAnalysis, shared: SharedMeasures | undefined): SharedMeasures {
  return shared && shared.analysis.mesh === analysis.mesh && shared.analysis.structure === analysis.structure ? shared : sharedMeasures(analysis);
}
