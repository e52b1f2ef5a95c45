// Overhangs and supports (domain/geometry/overhangs.ts) at 1M triangles: BVH build, overhang
// classification, the support columns sampled by projected area (as placed), then the search for
// the best orientation (6 axes + the largest flat faces, a coarse sample each, as placed and the
// leader measured in full). Median of 5 runs after a warm-up, wall and CPU time (this machine is
// shared: under load the wall time stretches, the CPU time much less), coverage printed.
// The analysis's weld is passed in, as the server would; the BVH is built in every run.
//   node --import tsx scripts/bench-geometry-supports.ts [maxRays=20000] [searchRays=3000]
// Parts: a 1M-triangle UV sphere (a 45° cap overhangs) and a 1M-triangle cup upside down (its
// inside is a ceiling over the plate; the best orientation turns it upright).
import os from 'node:os';
import { analyseMesh, type MeshAnalysis } from '#domain/geometry/metrics';
import { createMesh } from '#domain/geometry/mesh';
import { analyseOverhangs, findBestOrientation } from '#domain/geometry/overhangs';
import { cup, upsideDown, uvSphere } from '../tests/domain/support/solids';

const maxRays = Number(process.argv[2] ?? 20_000);
const searchRays = Number(process.argv[3] ?? 3_000);

interface Timing { wall: number; cpu: number; runs: string }

function measure(run: () => void): Timing {
  run(); // warm-up
  const wall: number[] = [], cpu: number[] = [];
  for (let r = 0; r < 5; r++) {
    const c = process.cpuUsage();
    const t = performance.now();
    run();
    wall.push(performance.now() - t);
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[2]!;
  return { wall: median(wall), cpu: median(cpu), runs: wall.map((x) => x.toFixed(0)).join(', ') };
}

const ms = (x: number) => x.toFixed(0);
const n = (x: number) => x.toLocaleString('en-US');

function bench(label: string, analysis: MeshAnalysis): string {
  const mesh = analysis.mesh;
  const options = { maxRays, weld: analysis.structure };
  let placed = analyseOverhangs(mesh, options);
  const one = measure(() => (placed = analyseOverhangs(mesh, options)));
  let best = findBestOrientation(mesh, { ...options, searchRays });
  const search = measure(() => (best = findBestOrientation(mesh, { ...options, searchRays })));
  const c = placed.coverage;
  const coverage = `${n(c.rays)} rays on ${n(c.measuredTriangles)} of ${n(c.overhangTriangles)} overhanging facets (${(c.measuredAreaFraction * 100).toFixed(1)} % of their area)`;
  const result = `as placed ${n(Math.round(placed.overhangAreaMm2))} mm², ${n(Math.round(placed.supportVolumeMm3))} mm³; best (${best.best.buildDirection.map((v) => +v.toFixed(2)).join(', ')}) up: ${n(Math.round(best.best.supportVolumeMm3))} mm³, ${best.candidates.length} tried`;
  console.log(`${label}: ${n(mesh.triangleCount)} triangles; as placed ${ms(one.wall)} ms wall, ${ms(one.cpu)} ms CPU (runs ${one.runs}); best orientation ${ms(search.wall)} ms wall, ${ms(search.cpu)} ms CPU (runs ${search.runs}); ${result}; ${coverage}; load ${os.loadavg()[0]!.toFixed(1)}`);
  return `| ${label} | ${n(mesh.triangleCount)} | **${ms(one.wall)} ms** (${ms(one.cpu)} ms CPU) | **${ms(search.wall)} ms** (${ms(search.cpu)} ms CPU) | ${result} | ${coverage} |`;
}

console.log(`# Supports, ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}, maxRays ${maxRays}, searchRays ${searchRays}\n`);
const prepared = (soup: Float32Array) => analyseMesh(createMesh(soup), { declaredUnit: 'mm' });
const rows = [
  bench('sphere (45° cap)', prepared(uvSphere(20, 1000, 501))),
  bench('cup upside down', prepared(upsideDown(cup(20, 30, 2, 2, 1000, 100)))),
];
console.log(`\n(load at the end ${os.loadavg()[0]!.toFixed(1)})\n\n| part | triangles | as placed (median of 5) | best orientation (median of 5) | result | coverage as placed |\n| --- | --- | --- | --- | --- | --- |`);
console.log(rows.join('\n'));
