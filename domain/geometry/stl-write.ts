/**
 * Writes a mesh as a binary STL (80-byte header, triangle count, 50 bytes a triangle: normal,
 * three corners, attribute). The parts split from an assembly are stored this way (ADR 131).
 */
import type { Mesh } from './mesh';

export function encodeBinaryStl(mesh: Pick<Mesh, 'positions' | 'triangleCount'>, header = 'split part'): Uint8Array {
  const { positions, triangleCount } = mesh;
  const bytes = new Uint8Array(84 + 50 * triangleCount);
  const view = new DataView(bytes.buffer);
  // The header must not start with "solid", or readers take the file for ASCII.
  const text = new TextEncoder().encode(header.replace(/^solid/i, 'part').slice(0, 80));
  bytes.set(text.subarray(0, 80));
  view.setUint32(80, triangleCount, true);
  for (let t = 0; t < triangleCount; t++) {
    const o = 84 + 50 * t;
    const i = t * 9;
    const ux = (positions[i + 3] as number) - (positions[i] as number);
    const uy = (positions[i + 4] as number) - (positions[i + 1] as number);
    const uz = (positions[i + 5] as number) - (positions[i + 2] as number);
    const vx = (positions[i + 6] as number) - (positions[i] as number);
    const vy = (positions[i + 7] as number) - (positions[i + 1] as number);
    const vz = (positions[i + 8] as number) - (positions[i + 2] as number);
    const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    const length = Math.hypot(nx, ny, nz) || 1;
    view.setFloat32(o, nx / length, true);
    view.setFloat32(o + 4, ny / length, true);
    view.setFloat32(o + 8, nz / length, true);
    for (let k = 0; k < 9; k++) view.setFloat32(o + 12 + 4 * k, positions[i + k] as number, true);
  }
  return bytes;
}
