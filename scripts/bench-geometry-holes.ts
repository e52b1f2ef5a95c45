// Holes (domain/geometry/holes.ts) on a generated block of 1M triangles: 80 cells in a row, each
// with a hole of 2,048 sides (through, blind, drill point, counterbore in turn), read with its
// B-rep faces (as from STEP) and without (as from STL: smooth patches). Median of 5 runs after a
// warm-up, wall and CPU time, the weld of the analysis passed in (as the server would).
//   node --import tsx scripts/bench-geometry-holes.ts [cells=80] [segments=2048]
import os from 'node:os';
import { findHoles, type HoleOptions } from '#domain/geometry/holes';
import { analyseMesh } from '#domain/geometry/metrics';
import { createMesh, type Mesh } from '#domain/geometry/mesh';
import { blockWithHoles, type HoleSpec } from '../tests/domain/support/holes';

const cells = Number(process.argv[2] ?? 80);
const segments = Number(process.argv[3] ?? 2048);
const kinds: HoleSpec[] = [
  { steps: [{ diameter: 5, to: 20 }], bottom: 'through', halves: true },
  { steps: [{ diameter: 4.2, to: 12 }], bottom: 'flat' },
  { steps: [{ diameter: 2.5, to: 16 }], bottom: 'point' },
  { steps: [{ diameter: 8, to: 5 }, { diameter: 3.3, to: 20 }], bottom: 'through' },
];

function bench(label: string, mesh: Mesh, options: HoleOptions): string {
  findHoles(mesh, options); // warm-up
  const wall: number[] = [], cpu: number[] = [];
  let last = findHoles(mesh, options);
  for (let r = 0; r < 5; r++) {
    const c = process.cpuUsage();
    const t = performance.now();
    last = findHoles(mesh, options);
    wall.push(performance.now() - t);
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[2]!;
  const through = last.holes.filter((h) => h.through).length;
  const result = `${last.holes.length} holes (${through} through, ${last.holes.length - through} blind), ${last.tappableHoles} tappable`;
  console.log(`${label}: ${mesh.triangleCount.toLocaleString('en-US')} triangles, ${median(wall).toFixed(0)} ms wall, ${median(cpu).toFixed(0)} ms CPU (runs ${wall.map((x) => x.toFixed(0)).join(', ')}); ${result}; load ${os.loadavg()[0]!.toFixed(1)}`);
  return `| ${label} | ${mesh.triangleCount.toLocaleString('en-US')} | **${median(wall).toFixed(0)} ms** (${median(cpu).toFixed(0)} ms CPU) | ${result} |`;
}

console.log(`# Holes, ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}\n`);
const block = blockWithHoles(Array.from({ length: cells }, (_, i) => kinds[i % kinds.length]!), 20, 20, segments);
const analysis = analyseMesh({ ...createMesh(block.positions), faces: block.faces }, { declaredUnit: 'mm' });
const rows = [
  bench('B-rep faces (as STEP)', analysis.mesh, { weld: analysis.structure }),
  bench('smooth patches (as STL)', createMesh(analysis.mesh.positions), { weld: analysis.structure }),
];
console.log(`\n(load at the end ${os.loadavg()[0]!.toFixed(1)})\n\n| input | triangles | time (median of 5) | result |\n| --- | --- | --- | --- |`);
console.log(rows.join('\n'));
