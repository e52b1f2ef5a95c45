// The benchmarks' test part: a closed binary STL sphere of a chosen triangle count.
import fs from 'node:fs';

/** A UV sphere (radius 40 mm) with exactly `2 × lon × (lat − 1)` triangles, closed and consistently wound. */
export function writeSphereStl(file: string, target: number): number {
  const lon = Math.max(8, Math.round(Math.sqrt(target)));
  const lat = Math.max(3, Math.round(target / (2 * lon)) + 1);
  const count = 2 * lon * (lat - 1);
  const r = 40;
  const point = (i: number, j: number): [number, number, number] => {
    if (i === 0) return [0, 0, r];
    if (i === lat) return [0, 0, -r];
    const theta = (Math.PI * i) / lat;
    const phi = (2 * Math.PI * (j % lon)) / lon;
    return [r * Math.sin(theta) * Math.cos(phi), r * Math.sin(theta) * Math.sin(phi), r * Math.cos(theta)];
  };
  const buffer = Buffer.alloc(84 + 50 * count);
  buffer.write('bench sphere', 0, 'latin1');
  buffer.writeUInt32LE(count, 80);
  let offset = 84;
  const tri = (a: number[], b: number[], c: number[]) => {
    offset += 12; // normal left at zero: recomputed from the winding
    for (const v of [a, b, c]) {
      for (const x of v) {
        buffer.writeFloatLE(x as number, offset);
        offset += 4;
      }
    }
    offset += 2;
  };
  for (let i = 0; i < lat; i++) {
    for (let j = 0; j < lon; j++) {
      const a = point(i, j), b = point(i + 1, j), c = point(i + 1, j + 1), d = point(i, j + 1);
      if (i === 0) tri(a, b, c);
      else if (i === lat - 1) tri(a, b, d);
      else {
        tri(a, b, c);
        tri(a, c, d);
      }
    }
  }
  if (offset !== buffer.length) throw new Error(`sphere writer: ${offset} != ${buffer.length}`);
  fs.writeFileSync(file, buffer);
  return count;
}
