// Wall thickness (domain/geometry/wall-thickness.ts) at 1M triangles: BVH build, the area sample,
// the refinement around thin regions; median of 5 runs after a warm-up, coverage printed.
//   node --import tsx scripts/bench-geometry-walls.ts [maxRays=60000]
// Parts: a 1M-triangle torus (thick everywhere) and a 1M-triangle cup with a 0.6 mm side wall
// (a thin region of ~half the facets, so the refinement measures them all).
import os from 'node:os';
import { createMesh, type Mesh } from '#domain/geometry/mesh';
import { analyseWallThickness } from '#domain/geometry/wall-thickness';
import { cup, torus } from '../tests/domain/support/solids';

const maxRays = Number(process.argv[2] ?? 60_000);

function run(label: string, mesh: Mesh): string {
  analyseWallThickness(mesh, { minWallMm: 1, maxRays }); // warm-up
  const times: number[] = [];
  let last = analyseWallThickness(mesh, { minWallMm: 1, maxRays });
  for (let r = 0; r < 5; r++) {
    const t = performance.now();
    last = analyseWallThickness(mesh, { minWallMm: 1, maxRays });
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const median = times[2]!;
  const c = last.coverage;
  const coverage = `${c.rays.toLocaleString('en-US')} rays, ${(c.measuredAreaFraction * 100).toFixed(1)} % of the area, ${c.measuredTriangles.toLocaleString('en-US')} facets`;
  console.log(`${label}: ${mesh.triangleCount.toLocaleString('en-US')} triangles, ${median.toFixed(0)} ms (runs ${times.map((x) => x.toFixed(0)).join(', ')}); min wall ${last.minThicknessMm.toFixed(3)} mm, ${last.thinRegions.length} thin region(s); ${coverage}`);
  return `| ${label} | ${mesh.triangleCount.toLocaleString('en-US')} | **${median.toFixed(0)} ms** | ${last.minThicknessMm.toFixed(3)} mm, ${last.thinRegions.length} thin | ${coverage} |`;
}

console.log(`# Wall thickness, ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}, maxRays ${maxRays}\n`);
const rows = [
  run('torus (thick)', createMesh(torus(60, 20, 1000, 500))),
  run('cup, 0.6 mm side wall', createMesh(cup(20, 30, 0.6, 2, 400, 250))),
];
console.log('\n| part | triangles | time (median of 5) | result | coverage |\n| --- | --- | --- | --- | --- |');
console.log(rows.join('\n'));
