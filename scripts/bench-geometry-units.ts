// The unit read again from the holes (ADR 219, domain/geometry/units-from-holes.ts) on a generated
// block of about 1M triangles whose size leaves the guess open (10.1 units long, sides round in
// neither unit): 80 cells in a row, each with a through hole of 3/32 in or #43 (a 4-40 tap drill),
// 2,048 sides each, without B-rep faces (as from STL). Median of 5 runs after a warm-up of the
// analysis alone and of the analysis with the holes' clue (which here turns the unit, so the mesh is
// measured twice), wall and CPU time.
//   node --import tsx scripts/bench-geometry-units.ts [cells=80] [segments=2048]
import os from 'node:os';
import { analyseMesh } from '#domain/geometry/metrics';
import { createMesh } from '#domain/geometry/mesh';
import { withUnitsFromHoles } from '#domain/geometry/units-from-holes';
import { blockWithHoles, type HoleSpec } from '../tests/domain/support/holes';

const cells = Number(process.argv[2] ?? 80);
const segments = Number(process.argv[3] ?? 2048);
const cell = 10.11 / cells;
const specs: HoleSpec[] = Array.from({ length: cells }, (_, k) => ({ steps: [{ diameter: k % 2 === 0 ? 3 / 32 : 0.089, to: 1.93 }], bottom: 'through' }));
const mesh = createMesh(blockWithHoles(specs, cell, 1.93, segments).positions);

function time(label: string, run: () => { metrics: { units: { unit: string; confidence: number } } }): void {
  run();
  const wall: number[] = [], cpu: number[] = [];
  let last = run();
  for (let r = 0; r < 5; r++) {
    const c = process.cpuUsage();
    const t = performance.now();
    last = run();
    wall.push(performance.now() - t);
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[2]!;
  const u = last.metrics.units;
  console.log(`| ${label} | ${mesh.triangleCount.toLocaleString('en-US')} | ${median(wall).toFixed(0)} ms (${median(cpu).toFixed(0)} ms CPU) | ${u.unit} ${(u.confidence * 100).toFixed(0)} % | ${os.loadavg()[0]!.toFixed(1)} |`);
}

console.log(`# Units from holes, ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${os.cpus().length} cores\n`);
console.log('| run | triangles | median | unit | load |\n| --- | --- | --- | --- | --- |');
time('analyseMesh alone', () => analyseMesh(mesh));
time('with the holes\' clue (turns the unit: holes + a second analyseMesh)', () => withUnitsFromHoles(analyseMesh(mesh), mesh).analysis);
