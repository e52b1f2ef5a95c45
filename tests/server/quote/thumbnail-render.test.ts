import { inflateSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { importCad } from '#domain/geometry/import-cad';
import { THUMBNAIL_SIZE, encodePng, rasteriseMesh } from '#server/quote/thumbnail-render';
import { CUBE_STL, readFixture } from './quote-test-app.ts';

/** The PNG's pixels back (our encoder writes unfiltered rows), to check what was drawn. */
function decode(png: Buffer): { width: number; height: number; rgba: Uint8Array } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const idat = png.indexOf('IDAT');
  const length = png.readUInt32BE(idat - 4);
  const rows = inflateSync(png.subarray(idat + 4, idat + 4 + length));
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    expect(rows[y * (width * 4 + 1)]).toBe(0);
    rgba.set(rows.subarray(y * (width * 4 + 1) + 1, (y + 1) * (width * 4 + 1)), y * width * 4);
  }
  return { width, height, rgba };
}

describe('the project thumbnail', () => {
  test('a cube fills the middle of the picture, shaded by face, and leaves the corners transparent', async () => {
    const imported = await importCad(await readFixture(CUBE_STL));
    const { width, height, rgba } = decode(encodePng(rasteriseMesh(imported.mesh!.positions), THUMBNAIL_SIZE, THUMBNAIL_SIZE));
    expect([width, height]).toEqual([160, 160]);
    const at = (x: number, y: number) => [...rgba.subarray((y * width + x) * 4, (y * width + x) * 4 + 4)];
    expect(at(80, 80)[3]).toBe(255);
    expect(at(2, 2)).toEqual([0, 0, 0, 0]);
    expect(at(157, 157)).toEqual([0, 0, 0, 0]);
    // Three faces are seen, each its own shade: the top, the left and the right of the middle differ.
    const top = at(80, 35);
    const left = at(55, 100);
    const right = at(105, 100);
    expect(new Set([top, left, right].map((p) => p.join()))).toHaveProperty('size', 3);
    // The part fills the picture within its margin, whatever its size in millimetres.
    let minX = width;
    let maxX = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        if (at(x, y)[3]! === 0) continue;
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
      }
    }
    expect(minX).toBeLessThan(30);
    expect(maxX).toBeGreaterThan(130);
  });

  test('a facet wound the wrong way is drawn all the same; an empty mesh is an empty picture', () => {
    const triangle = new Float32Array([0, 0, 0, 0, 10, 0, 10, 0, 0]);
    expect(rasteriseMesh(triangle, 32).some((v, i) => i % 4 === 3 && v > 0)).toBe(true);
    expect(rasteriseMesh(new Float32Array(0), 32).every((v) => v === 0)).toBe(true);
  });
});
