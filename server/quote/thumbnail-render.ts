import { crc32, deflateSync } from 'node:zlib';

/** The thumbnail's side in pixels (square), and the supersampling that smooths its edges. */
export const THUMBNAIL_SIZE = 160;
const SUPERSAMPLE = 2;
const PADDING = 0.08;

/** The part's colour (a slate blue that reads on white and on the page's neutral background). */
const BASE = [71, 105, 158] as const;

/**
 * A small picture of a mesh (issue 15: the project list shows its first part): an isometric view
 * from the front-right and above (Z up, as CAD files are drawn), every facet flat-shaded by a light
 * over the viewer's shoulder and lit on both sides (a facet facing the wrong way still reads), drawn
 * with a depth buffer at twice the size and averaged down. Pixels outside the part are transparent.
 * `positions`: nine numbers per triangle (domain/geometry's Mesh). Answers RGBA, `size`² × 4 bytes.
 */
export function rasteriseMesh(positions: Float32Array, size: number = THUMBNAIL_SIZE): Uint8Array {
  const big = size * SUPERSAMPLE;
  // Viewer direction (towards the camera), right and up on the screen.
  const e = normalise([1, -1, 0.85]);
  const r = normalise(cross([0, 0, 1], e));
  const u = normalise(cross(e, r));
  const light = normalise([e[0] + 0.35, e[1] + 0.15, e[2] + 0.6]);

  const count = Math.floor(positions.length / 9);
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < count * 9; i += 3) {
    const x = positions[i]!;
    const y = positions[i + 1]!;
    const z = positions[i + 2]!;
    const sx = x * r[0] + y * r[1] + z * r[2];
    const sy = x * u[0] + y * u[1] + z * u[2];
    if (sx < minX) minX = sx;
    if (sx > maxX) maxX = sx;
    if (sy < minY) minY = sy;
    if (sy > maxY) maxY = sy;
  }
  const rgba = new Uint8Array(size * size * 4);
  if (count === 0 || !Number.isFinite(minX) || !Number.isFinite(minY)) return rgba;

  const span = Math.max(maxX - minX, maxY - minY) || 1;
  const scale = (big * (1 - 2 * PADDING)) / span;
  const offsetX = big / 2 - ((minX + maxX) / 2) * scale;
  const offsetY = big / 2 + ((minY + maxY) / 2) * scale;

  const depth = new Float32Array(big * big).fill(-Infinity);
  const shade = new Uint8Array(big * big);
  const sx = [0, 0, 0];
  const sy = [0, 0, 0];
  const sz = [0, 0, 0];
  for (let t = 0; t < count; t++) {
    const o = t * 9;
    for (let k = 0; k < 3; k++) {
      const x = positions[o + 3 * k]!;
      const y = positions[o + 3 * k + 1]!;
      const z = positions[o + 3 * k + 2]!;
      sx[k] = offsetX + (x * r[0] + y * r[1] + z * r[2]) * scale;
      sy[k] = offsetY - (x * u[0] + y * u[1] + z * u[2]) * scale;
      sz[k] = x * e[0] + y * e[1] + z * e[2];
    }
    const ax = positions[o + 3]! - positions[o]!;
    const ay = positions[o + 4]! - positions[o + 1]!;
    const az = positions[o + 5]! - positions[o + 2]!;
    const bx = positions[o + 6]! - positions[o]!;
    const by = positions[o + 7]! - positions[o + 1]!;
    const bz = positions[o + 8]! - positions[o + 2]!;
    const n = normalise([ay * bz - az * by, az * bx - ax * bz, ax * by - ay * bx]);
    const lit = Math.abs(n[0] * light[0] + n[1] * light[1] + n[2] * light[2]);
    const level = Math.round(255 * (0.38 + 0.62 * lit));

    const area = (sx[1]! - sx[0]!) * (sy[2]! - sy[0]!) - (sy[1]! - sy[0]!) * (sx[2]! - sx[0]!);
    if (area === 0 || !Number.isFinite(area)) continue;
    const x0 = Math.max(0, Math.floor(Math.min(sx[0]!, sx[1]!, sx[2]!)));
    const x1 = Math.min(big - 1, Math.ceil(Math.max(sx[0]!, sx[1]!, sx[2]!)));
    const y0 = Math.max(0, Math.floor(Math.min(sy[0]!, sy[1]!, sy[2]!)));
    const y1 = Math.min(big - 1, Math.ceil(Math.max(sy[0]!, sy[1]!, sy[2]!)));
    for (let py = y0; py <= y1; py++) {
      const cy = py + 0.5;
      for (let px = x0; px <= x1; px++) {
        const cx = px + 0.5;
        // Barycentric weights by edge functions; the sign of `area` makes either winding inside.
        const w0 = ((sx[1]! - cx) * (sy[2]! - cy) - (sy[1]! - cy) * (sx[2]! - cx)) / area;
        const w1 = ((sx[2]! - cx) * (sy[0]! - cy) - (sy[2]! - cy) * (sx[0]! - cx)) / area;
        const w2 = 1 - w0 - w1;
        if (w0 < 0 || w1 < 0 || w2 < 0) continue;
        const z = w0 * sz[0]! + w1 * sz[1]! + w2 * sz[2]!;
        const i = py * big + px;
        if (z <= depth[i]!) continue;
        depth[i] = z;
        shade[i] = level;
      }
    }
  }

  // Average each SUPERSAMPLE² block: covered samples give the colour, their share the opacity.
  const samples = SUPERSAMPLE * SUPERSAMPLE;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let covered = 0;
      let sum = 0;
      for (let dy = 0; dy < SUPERSAMPLE; dy++) {
        for (let dx = 0; dx < SUPERSAMPLE; dx++) {
          const i = (y * SUPERSAMPLE + dy) * big + x * SUPERSAMPLE + dx;
          if (depth[i] !== -Infinity) {
            covered++;
            sum += shade[i]!;
          }
        }
      }
      if (covered === 0) continue;
      const level = sum / covered / 255;
      const p = (y * size + x) * 4;
      rgba[p] = Math.round(BASE[0] * level + 40 * level * level);
      rgba[p + 1] = Math.round(BASE[1] * level + 40 * level * level);
      rgba[p + 2] = Math.round(BASE[2] * level + 40 * level * level);
      rgba[p + 3] = Math.round((255 * covered) / samples);
    }
  }
  return rgba;
}

/** RGBA pixels as a PNG file (8 bits a channel, no interlace, every row unfiltered, deflated). */
export function encodePng(rgba: Uint8Array, width: number, height: number): Buffer {
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    rows[y * (width * 4 + 1)] = 0;
    Buffer.from(rgba.buffer, rgba.byteOffset + y * width * 4, width * 4).copy(rows, y * (width * 4 + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type: RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length, 0);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0, 0);
  return Buffer.concat([length, body, crc]);
}

type Vec3 = [number, number, number];

function cross(a: readonly number[], b: readonly number[]): Vec3 {
  return [a[1]! * b[2]! - a[2]! * b[1]!, a[2]! * b[0]! - a[0]! * b[2]!, a[0]! * b[1]! - a[1]! * b[0]!];
}

function normalise(v: readonly number[]): Vec3 {
  const length = Math.hypot(v[0]!, v[1]!, v[2]!) || 1;
  return [v[0]! / length, v[1]! / length, v[2]! / length];
}
