/**
 * Each facet's unit normal and area, computed once for the manufacturing checks (walls, supports,
 * holes; manufacturing.ts): each computed its own before, the same loop three times over 1M facets.
 */
export interface Facets {
  /** Unit normal of each facet, three numbers a facet; 0, 0, 0 for a facet without area. */
  readonly normals: Float64Array;
  /** Area of each facet, in the mesh's units squared. */
  readonly areas: Float64Array;
}

/** The normals and areas of the first `triangleCount` facets of `positions` (nine numbers a facet). */
export function facetsOf(positions: Float32Array, triangleCount: number): Facets {
  const normals = new Float64Array(triangleCount * 3);
  const areas = new Float64Array(triangleCount);
  const p = positions;
  for (let t = 0; t < triangleCount; t++) {
    const i = t * 9;
    const ux = (p[i + 3] as number) - (p[i] as number), uy = (p[i + 4] as number) - (p[i + 1] as number), uz = (p[i + 5] as number) - (p[i + 2] as number);
    const vx = (p[i + 6] as number) - (p[i] as number), vy = (p[i + 7] as number) - (p[i + 1] as number), vz = (p[i + 8] as number) - (p[i + 2] as number);
    const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    const length = Math.sqrt(nx * nx + ny * ny + nz * nz);
    areas[t] = length / 2;
    if (length > 0) {
      normals[t * 3] = nx / length;
      normals[t * 3 + 1] = ny / length;
      normals[t * 3 + 2] = nz / length;
    }
  }
  return { normals, areas };
}

/** `facets` when they were computed for a mesh of this many facets, else computed now. */
export function facetsFor(positions: Float32Array, triangleCount: number, facets: Facets | undefined): Facets {
  return facets?.areas.length === triangleCount ? facets : facetsOf(positions, triangleCount);
}
