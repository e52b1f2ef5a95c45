import { describe, expect, test } from 'vitest';
import { encodeBinaryStl } from '#domain/geometry/stl-write';
import { stlPositions } from '#features/ops/stl-positions';

describe('the 3D view reads the mesh route’s binary STL', () => {
  test('the corners the server wrote, in order', () => {
    const positions = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1, 0, 1, 1.5]);
    const bytes = encodeBinaryStl({ positions, triangleCount: 2 });
    const read = stlPositions(bytes.buffer as ArrayBuffer);
    expect(read?.triangleCount).toBe(2);
    expect(Array.from(read!.positions)).toEqual(Array.from(positions));
  });

  test('a cut-off file, an empty one or another format is not read', () => {
    const bytes = encodeBinaryStl({ positions: new Float32Array(9), triangleCount: 1 });
    expect(stlPositions(bytes.buffer.slice(0, 100) as ArrayBuffer)).toBeNull();
    expect(stlPositions(encodeBinaryStl({ positions: new Float32Array(0), triangleCount: 0 }).buffer as ArrayBuffer)).toBeNull();
    expect(stlPositions(new TextEncoder().encode('solid cube\nendsolid cube\n').buffer as ArrayBuffer)).toBeNull();
  });
});
