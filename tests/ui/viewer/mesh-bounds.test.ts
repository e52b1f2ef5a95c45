import { BufferAttribute, BufferGeometry } from 'three';
import { describe, expect, it } from 'vitest';
import { meshBounds } from '#ui/viewer/mesh-bounds';
import { torus, translated } from '../../domain/support/solids';

/** What three.js computes for the same corners. */
function threeBounds(positions: Float32Array) {
  const g = new BufferGeometry();
  g.setAttribute('position', new BufferAttribute(positions, 3));
  g.computeBoundingBox();
  g.computeBoundingSphere();
  return { box: g.boundingBox!, sphere: g.boundingSphere! };
}

describe("the preview's bounds", () => {
  it("are three.js's box and sphere, number for number", () => {
    const random = new Float32Array(9 * 500).map((_, i) => Math.sin(i * 12.9898) * 437.5);
    const signedZeros = new Float32Array([-0, 0, -0, 0, -0, 0, 1, -1, 2]);
    for (const positions of [translated(torus(30, 10, 64, 32), [1000.25, -3, 7]), random, signedZeros]) {
      const ours = meshBounds(positions);
      const theirs = threeBounds(positions);
      expect(ours.box.min.toArray()).toEqual(theirs.box.min.toArray());
      expect(ours.box.max.toArray()).toEqual(theirs.box.max.toArray());
      expect(ours.sphere.center.toArray()).toEqual(theirs.sphere.center.toArray());
      expect(ours.sphere.radius).toBe(theirs.sphere.radius);
    }
  });
});
