/**
 * The project thumbnail (issue 15; server/quote/thumbnail-render.ts): how long drawing a mesh and
 * encoding its PNG take, and how large the PNG is, for generated tori of growing size. The drawing
 * runs once per file (then it is read from the database), in a thread of its own.
 *
 *   node --import tsx scripts/bench-thumbnail.ts
 *
 * Prints a markdown table for docs/benchmarks.md.
 */
import os from 'node:os';
import { THUMBNAIL_SIZE, encodePng, rasteriseMesh } from '../server/quote/thumbnail-render.ts';
import { torus } from '../tests/domain/support/solids';

const sizes: [number, number][] = [
  [250, 200],
  [1000, 500],
  [2000, 1000],
];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

// Warm-up on a small mesh, so the JIT has compiled the loops before anything is timed.
rasteriseMesh(torus(60, 20, 100, 50));

const rows: string[] = [];
for (const [u, v] of sizes) {
  const positions = torus(60, 20, u, v);
  const triangles = positions.length / 9;
  const draw: number[] = [];
  const encode: number[] = [];
  let bytes = 0;
  for (let run = 0; run < 3; run++) {
    const t0 = performance.now();
    const pixels = rasteriseMesh(positions);
    const t1 = performance.now();
    const png = encodePng(pixels, THUMBNAIL_SIZE, THUMBNAIL_SIZE);
    const t2 = performance.now();
    draw.push(t1 - t0);
    encode.push(t2 - t1);
    bytes = png.length;
  }
  rows.push(`| ${(triangles / 1e6).toFixed(2)}M | ${median(draw).toFixed(0)} ms | ${median(encode).toFixed(1)} ms | ${(bytes / 1024).toFixed(1)} KB |`);
}

console.log(`### ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)}\n`);
console.log(`Thumbnail ${THUMBNAIL_SIZE} × ${THUMBNAIL_SIZE} px, drawn at twice the size (median of 3):\n`);
console.log('| triangles | draw | PNG encode | PNG size |');
console.log('| --- | --- | --- | --- |');
for (const row of rows) console.log(row);
