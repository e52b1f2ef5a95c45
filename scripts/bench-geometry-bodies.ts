// Splitting an assembly into bodies and identical parts (domain/geometry/bodies.ts), timed.
//   node --import tsx scripts/bench-geometry-bodies.ts
// 1. A generated 18-body assembly like CAx-IF AS1 (a plate, 2 brackets, 6 bolts, 8 nuts, a rod),
//    every small body at a random rotation: 24-sided (2,820 triangles) and 1500-sided (174,036).
// 2. The real AS1 STEP file (18 solids) from occt-import-js's test files.
// Each: analyseMesh (weld, census, orientation repair, nesting) then splitParts (signatures,
// congruence, one analysis per distinct part); median of 7 runs after 3 warm-ups.
import os from 'node:os';
import { splitParts } from '#domain/geometry/bodies';
import { importCad } from '#domain/geometry/import-cad';
import { analyseMesh } from '#domain/geometry/metrics';
import { createMesh, type Mesh } from '#domain/geometry/mesh';
import { OCCT_TEST_FILES, readBytes } from '../tests/domain/support/fixtures';
import { loadOcct } from '../tests/domain/support/occt-node';
import { bolt, box, concat, lathe, rotationMatrix, transformed, translated } from '../tests/domain/support/solids';

function assembly(segments: number): Float32Array {
  let seed = 7;
  const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const turned = (soup: Float32Array, slot: number) =>
    transformed(soup, rotationMatrix([random() - 0.5, random() - 0.5, random() + 0.1], random() * 2 * Math.PI), [slot * 60, 100, 0]);
  const smalls = [
    ...Array.from({ length: 6 }, () => bolt(20, segments)),
    ...Array.from({ length: 8 }, () => lathe([[3, 0], [5, 0], [5, 3], [3, 3]], segments, true)),
    lathe([[0, 0], [4, 0], [4, 150], [0, 150]], segments),
  ];
  return concat(box(300, 200, 10), translated(box(40, 40, 60), [0, 250, 0]), translated(box(40, 40, 60), [100, 250, 0]), ...smalls.map(turned));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
}

function time(label: string, mesh: Mesh, declaredUnit: 'mm' | null): string {
  const analyse: number[] = [];
  const split: number[] = [];
  let parts = '';
  for (let run = 0; run < 10; run++) {
    const t0 = performance.now();
    const analysis = analyseMesh(mesh, { declaredUnit });
    const t1 = performance.now();
    const result = splitParts(analysis);
    const t2 = performance.now();
    if (run >= 3) {
      analyse.push(t1 - t0);
      split.push(t2 - t1);
    }
    parts = `${result.bodies.length} bodies → ${result.parts.length} parts (${result.parts.map((p) => p.count).join(', ')})`;
  }
  const a = median(analyse), s = median(split);
  console.log(`${label}: ${mesh.triangleCount.toLocaleString('en-US')} triangles, ${parts}; analyse ${a.toFixed(1)} ms + split ${s.toFixed(1)} ms = ${(a + s).toFixed(1)} ms`);
  return `| ${label} | ${mesh.triangleCount.toLocaleString('en-US')} | ${parts} | ${a.toFixed(1)} ms | ${s.toFixed(1)} ms | **${(a + s).toFixed(1)} ms** |`;
}

console.log(`# Bodies and parts, ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}\n`);
const rows = [
  time('generated 18-body assembly', createMesh(assembly(24)), 'mm'),
  time('the same, fine tessellation', createMesh(assembly(1500)), 'mm'),
];
const occt = await loadOcct();
const as1 = await importCad(readBytes(`${OCCT_TEST_FILES}/cax-if/as1-oc-214.stp`), { occt });
rows.push(time('CAx-IF AS1 (as1-oc-214.stp)', as1.mesh!, 'mm'));
console.log('\n| assembly | triangles | result | analyse | split | total |\n| --- | --- | --- | --- | --- | --- |');
console.log(rows.join('\n'));
