// Assemblies become parts (ADR 131), timed on the server's side:
//   node --import tsx scripts/bench-split.ts
// For each file: the upload's analysis without and with the split summary (`parts: true`, what the
// analysis worker now runs), and `splitIntoParts` (what POST …/split runs in a thread: import,
// split, each part measured and checked as an upload is, written as an STL). Median of 5 runs
// after 2 warm-ups; figures in docs/benchmarks.md.
import os from 'node:os';
import { analyseCadFile } from '#domain/geometry/import-cad';
import { splitIntoParts } from '#server/quote/split-parts';
import { OCCT_TEST_FILES, readBytes } from '../tests/domain/support/fixtures';
import { loadOcct } from '../tests/domain/support/occt-node';
import { binaryStl, bolt, box, concat, rotationMatrix, transformed } from '../tests/domain/support/solids';
import { cubesAndPlate } from '../tests/e2e/support/generated-parts';

const occt = await loadOcct();

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < 7; i++) {
    const t0 = performance.now();
    await run();
    if (i >= 2) samples.push(performance.now() - t0);
  }
  return median(samples);
}

/** Twelve fine bolts (1,500 sides) at random rotations on a plate: a heavy STL assembly. */
function fineBolts(): Uint8Array {
  let seed = 11;
  const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const bolts = Array.from({ length: 12 }, (_, i) =>
    transformed(bolt(20, 1500), rotationMatrix([random() - 0.5, random() - 0.5, random() + 0.1], random() * 2 * Math.PI), [i * 40, 100, 0]),
  );
  return binaryStl(concat(box(500, 60, 8), ...bolts));
}

const files: [string, Uint8Array][] = [
  ['4 cubes and a plate (the e2e file, STL)', new Uint8Array(cubesAndPlate())],
  ['CAx-IF AS1 (as1-oc-214.stp, 18 solids)', readBytes(`${OCCT_TEST_FILES}/cax-if/as1-oc-214.stp`)],
  ['12 fine bolts and a plate (STL)', fineBolts()],
];

console.log(`# Split into parts, ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}\n`);
console.log('| file | triangles | parts | upload analysis | with the split summary | POST …/split (in the thread) |\n| --- | --- | --- | --- | --- | --- |');
for (const [label, bytes] of files) {
  const report = await analyseCadFile(bytes, { occt, parts: true });
  const parts = report.parts?.parts.map((p) => p.count).join(', ') ?? '1';
  const plain = await timed(() => analyseCadFile(bytes, { occt }));
  const withParts = await timed(() => analyseCadFile(bytes, { occt, parts: true }));
  const split = await timed(() => splitIntoParts(bytes, 1, occt));
  const ms = (v: number) => `${v.toFixed(0)} ms`;
  console.log(`| ${label} | ${report.metrics?.triangleCount.toLocaleString('en-US')} | ${parts} | ${ms(plain)} | ${ms(withParts)} | **${ms(split)}** |`);
}
