/**
 * The corners of a binary STL's triangles, as the 3D view draws them (ADR 231): the mesh route
 * answers the domain's `encodeBinaryStl` (84-byte header and count, 50 bytes a triangle). Read here
 * rather than by `domain/geometry/stl-binary.ts`: that reader's findings are shared with the quote
 * page's chunks, and importing it from the console split them into a chunk more on every quote load.
 * Null when the bytes are not such a file or hold no triangle.
 */
export function stlPositions(bytes: ArrayBuffer): { positions: Float32Array; triangleCount: number } | null {
  if (bytes.byteLength < 84) return null;
  const view = new DataView(bytes);
  const triangleCount = view.getUint32(80, true);
  if (triangleCount === 0 || bytes.byteLength !== 84 + 50 * triangleCount) return null;
  const positions = new Float32Array(triangleCount * 9);
  for (let t = 0; t < triangleCount; t++) {
    const at = 84 + 50 * t + 12;
    for (let k = 0; k < 9; k++) positions[t * 9 + k] = view.getFloat32(at + 4 * k, true);
  }
  return { positions, triangleCount };
}
