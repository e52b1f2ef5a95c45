/**
 * Rays against a mesh through a bounding volume hierarchy (three-mesh-bvh, as in
 * wall-thickness.ts and docs/decisions/073-wall-thickness-by-inward-rays.md). The three.js
 * objects stay inside this class: callers pass and get plain numbers, in the mesh's own units.
 */
import { BufferAttribute, BufferGeometry, DoubleSide, Ray } from 'three';
import { MeshBVH } from 'three-mesh-bvh';

/** The first facet a ray meets. */
export interface RayHit {
  /** Distance from the ray's origin, mesh units. */
  readonly distance: number;
  /** Index of the facet in the mesh. */
  readonly triangle: number;
  /**
   * True when the ray meets the facet's front (its normal faces the ray's origin): the ray was
   * outside the material and enters it there. False: it leaves the material (it started inside).
   */
  readonly entering: boolean;
}

export class MeshRayCaster {
  /** Length of the mesh's bounding-box diagonal, mesh units. */
  readonly diagonal: number;
  private readonly bvh: MeshBVH;
  private readonly index: ArrayLike<number>;
  private readonly ray = new Ray();

  /** Builds the hierarchy over the first `triangleCount` facets of `positions` (no copy). */
  constructor(positions: Float32Array, triangleCount = positions.length / 9) {
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new BufferAttribute(positions.subarray(0, triangleCount * 9), 3));
    geometry.computeBoundingBox();
    this.diagonal = geometry.boundingBox ? geometry.boundingBox.max.distanceTo(geometry.boundingBox.min) : 0;
    // Leaves of ~32 facets: a third faster to build than the library's 10 for 1M facets, and
    // about as fast per ray (measured in scripts/bench-geometry-supports.ts's conditions). The
    // analyses cast tens of thousands of rays, so the build is most of the cost.
    this.bvh = new MeshBVH(geometry, { targetLeafSize: 32 });
    // The BVH reorders an index it creates; each entry still names a corner of the source.
    this.index = (geometry.index as BufferAttribute).array;
  }

  /** The first facet met from (ox, oy, oz) along the unit direction (dx, dy, dz), or null. */
  castFirst(ox: number, oy: number, oz: number, dx: number, dy: number, dz: number): RayHit | null {
    this.ray.origin.set(ox, oy, oz);
    this.ray.direction.set(dx, dy, dz);
    const hit = this.bvh.raycastFirst(this.ray, DoubleSide);
    if (!hit?.face) return null;
    return {
      distance: hit.distance,
      triangle: Math.floor((this.index[(hit.faceIndex ?? 0) * 3] as number) / 3),
      entering: hit.face.normal.dot(this.ray.direction) < 0,
    };
  }
}
