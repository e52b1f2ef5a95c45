// Overhangs and supports (domain/geometry/overhangs.ts) at 1M triangles: BVH build, overhang
// classification, the support columns sampled by projected area (as placed), then the search for
// the best orientation (6 axes + the largest flat faces, a coarse sample each, the two best and
// the as-placed measured in full). Median of 5 runs after a warm-up, coverage printed.
//   node --import tsx scripts/bench-geometry-supports.ts [maxRays=20000] [searchRays=3000]
// Parts: a 1M-triangle UV sphere (a 45° cap overhangs) and a 1M-triangle cup upside down (its
// inside is a ceiling over the plate; the best orientation turns it upright).
import os from 'node:os';
import { analyseMesh } from '#domain/geometry/metrics';
import { createMesh, type Mesh } from '#domain/geometry/mesh';
import { analyseOverhangs, findBestOrientation } from '#domain/geometry/overhangs';
import { cup, upsideDown, uvSphere } from '../tests/domain/support/solids';

const maxRays = Number(process.argv[2] ?? 20_000);
const searchRays = Number(process.argv[3] ?? 3_000);

function median(run: () => void): { median: number; runs: number[] } {
  run(); // warm-up
  const runs: number[] = [];
  for (let r = 0; r < 5; r++) {
    const t = performance.now();
    run();
    runs.push(performance.now() - t);
  }
  return { median: [...runs].sort((a, b) => a - b)[2]!, runs };
}

const ms = (x: number) => x.toFixed(0);
const n = (x: number) => x.toLocaleString('en-US');

function bench(label: string, mesh: Mesh): string {
  let placed = analyseOverhangs(mesh, { maxRays });
  const one = median(() => (placed = analyseOverhangs(mesh, { maxRays })));
  let best = findBestOrientation(mesh, { maxRays, searchRays });
  const search = median(() => (best = findBestOrientation(mesh, { maxRays, searchRays })));
  const c = placed.coverage;
  const coverage = `${n(c.rays)} rays on ${n(c.measuredTriangles)} of ${n(c.overhangTriangles)} overhanging facets (${(c.measuredAreaFraction * 100).toFixed(1)} % of their area)`;
  const result = `as placed ${n(Math.round(placed.overhangAreaMm2))} mm², ${n(Math.round(placed.supportVolumeMm3))} mm³; best (${best.best.buildDirection.map((v) => +v.toFixed(2)).join(', ')}) up: ${n(Math.round(best.best.supportVolumeMm3))} mm³ of ${best.candidates.length} tried`;
  console.log(`${label}: ${n(mesh.triangleCount)} triangles; as placed ${ms(one.median)} ms (runs ${one.runs.map(ms).join(', ')}); best orientation ${ms(search.median)} ms (runs ${search.runs.map(ms).join(', ')}); ${result}; ${coverage}`);
  return `| ${label} | ${n(mesh.triangleCount)} | **${ms(one.median)} ms** | **${ms(search.median)} ms** | ${result} | ${coverage} |`;
}

console.log(`# Supports, ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}, maxRays ${maxRays}, searchRays ${searchRays}\n`);
const prepared = (soup: Float32Array) => analyseMesh(createMesh(soup), { declaredUnit: 'mm' }).mesh;
const rows = [
  bench('sphere (45° cap)', prepared(uvSphere(20, 1000, 501))),
  bench('cup upside down', prepared(upsideDown(cup(20, 30, 2, 2, 1000, 100)))),
];
console.log(`\n(load at the end ${os.loadavg()[0]!.toFixed(1)})\n\n| part | triangles | as placed (median of 5) | best orientation (median of 5) | result | coverage as placed |\n| --- | --- | --- | --- | --- | --- |`);
console.log(rows.join('\n'));
