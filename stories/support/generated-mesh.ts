import { createMesh, type Mesh } from '#domain/geometry/mesh';

/**
 * A small real mesh for the 3D viewer's stories, generated rather than stored: a ring (a torus) of
 * `radius` mm to the middle of its tube of `tube` mm, lying flat on z = 0, as a closed triangle
 * list like an imported STL's: 32 × 16 quads, 1 024 triangles. `downFacing` lists the underside's
 * triangles, for a story of a finding highlighted in red.
 */
export function ringMesh(radius = 12, tube = 4, around = 32, across = 16): { mesh: Mesh; sizeMm: [number, number, number]; downFacing: number[] } {
  const point = (i: number, j: number): [number, number, number] => {
    const u = (i / around) * Math.PI * 2;
    const v = (j / across) * Math.PI * 2;
    const r = radius + tube * Math.cos(v);
    return [r * Math.cos(u), r * Math.sin(u), tube * Math.sin(v) + tube];
  };
  const positions: number[] = [];
  const downFacing: number[] = [];
  let triangle = 0;
  for (let i = 0; i < around; i += 1) {
    for (let j = 0; j < across; j += 1) {
      const a = point(i, j);
      const b = point(i + 1, j);
      const c = point(i + 1, j + 1);
      const d = point(i, j + 1);
      // The underside of the tube (v past half a turn): what a print would need supports for.
      const down = Math.sin(((j + 0.5) / across) * Math.PI * 2) < -0.5;
      for (const tri of [[a, b, c], [a, c, d]]) {
        positions.push(...tri.flat());
        if (down) downFacing.push(triangle);
        triangle += 1;
      }
    }
  }
  const outer = 2 * (radius + tube);
  return { mesh: createMesh(new Float32Array(positions), undefined, 'ring'), sizeMm: [outer, outer, 2 * tube], downFacing };
}

/** The same ring as a binary STL file's bytes (what the server stores and the quote screen reads back). */
export function ringStl(): ArrayBuffer {
  const { mesh } = ringMesh();
  const bytes = new ArrayBuffer(84 + mesh.triangleCount * 50);
  const view = new DataView(bytes);
  new TextEncoder().encodeInto('ring: generated for the stories', new Uint8Array(bytes, 0, 80));
  view.setUint32(80, mesh.triangleCount, true);
  for (let t = 0; t < mesh.triangleCount; t += 1) {
    const at = 84 + t * 50;
    // Normal left at zero (readers compute it); then the three corners.
    for (let k = 0; k < 9; k += 1) view.setFloat32(at + 12 + k * 4, mesh.positions[t * 9 + k]!, true);
  }
  return bytes;
}
