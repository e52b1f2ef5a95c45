import { Box3, Sphere, Vector3 } from 'three';

/**
 * The box and sphere around a mesh's corners: what three.js's `computeBoundingBox` and
 * `computeBoundingSphere` give, number for number (`Math.min`/`Math.max` per axis, the box's
 * centre, the farthest corner), in two plain loops over the array. three.js reads each corner
 * through `getX`/`getY`/`getZ`, which took about 150 ms of the main thread for a 1M-triangle part,
 * as the 3D preview appeared (ADR 144).
 */
export function meshBounds(positions: Float32Array): { box: Box3; sphere: Sphere } {
  let minX = Infinity, minY = Infinity, minZ = Infinity, maxX = -Infinity, maxY = -Infinity, maxZ = -Infinity;
  const n = positions.length - (positions.length % 3);
  for (let i = 0; i < n; i += 3) {
    const x = positions[i]!, y = positions[i + 1]!, z = positions[i + 2]!;
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    minZ = Math.min(minZ, z);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
    maxZ = Math.max(maxZ, z);
  }
  const box = new Box3(new Vector3(minX, minY, minZ), new Vector3(maxX, maxY, maxZ));
  const centre = box.getCenter(new Vector3());
  let maxRadiusSq = 0;
  for (let i = 0; i < n; i += 3) {
    const dx = centre.x - positions[i]!, dy = centre.y - positions[i + 1]!, dz = centre.z - positions[i + 2]!;
    maxRadiusSq = Math.max(maxRadiusSq, dx * dx + dy * dy + dz * dz);
  }
  return { box, sphere: new Sphere(centre, Math.sqrt(maxRadiusSq)) };
}
