// Where a 1M-triangle drop's server time goes, stage by stage, as CPU time (issue 39 item 4).
//   node --import tsx scripts/bench-upload-stages.ts [runs=5] [process=3d-printing]   (THREAD_RUNS: the new-thread rounds, default runs)
// Runs, in this one thread, the steps the upload route and its analysis thread take for the
// torus of `scripts/bench-quote-ui.ts` (1M triangles, 47.7 MB binary STL): the receive's hash,
// reading the spool file, the parse, the metrics (`analyseMesh`), the units read from the holes
// (ADR 219), the checks the price waits for (ADR 145: the weld's pairing, the facets, the ray hierarchy, the
// orientation search) and the summary. Each stage's CPU time (user + system of this process) and
// wall time; the median of `runs` after one warm-up. The "floor" is the parse and the metrics
// alone (the engine's own figure, docs/benchmarks.md); each stage is printed as a ratio to it,
// measured in the same run. The whole is then measured as the server runs it
// (`analyseImported`, staged) so that the sum of the parts can be checked against it.
// CPU time, not wall time, is the figure to compare on a shared machine; the load is printed.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ProcessSlug } from '#domain/catalogue/types';
import { detectCadFormat } from '#domain/geometry/detect-format';
import { analyseImported, importCad } from '#domain/geometry/import-cad';
import { analyseMesh } from '#domain/geometry/metrics';
import { findBestOrientation } from '#domain/geometry/overhangs';
import { MeshRayCaster } from '#domain/geometry/ray-caster';
import { sharedMeasures } from '#domain/geometry/shared-measures';
import { MM_PER_UNIT } from '#domain/geometry/units';
import { withUnitsFromHoles } from '#domain/geometry/units-from-holes';
import { AnalysisPool } from '../server/quote/analysis-pool.ts';
import { summarise } from '../server/quote/summarise.ts';
import { binaryStl, torus } from '../tests/domain/support/solids';

const runs = Number(process.argv[2] ?? 5);
const priceFor = (process.argv[3] ?? '3d-printing') as ProcessSlug;
const DEFER_ABOVE = 250_000; // server/config.ts QUOTE_DEFER_CHECKS_ABOVE's default

const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'bench-upload-stages-'));
const file = path.join(dir, 'torus-1m.stl');
fs.writeFileSync(file, binaryStl(torus(60, 20, 1000, 500), 'bench torus'));

interface Sample {
  wall: number;
  cpu: number;
}
const samples = new Map<string, Sample[]>();
function stage<T>(name: string, run: () => T): T {
  const t = performance.now();
  const c = process.cpuUsage();
  const out = run();
  const used = process.cpuUsage(c);
  const list = samples.get(name) ?? [];
  list.push({ wall: performance.now() - t, cpu: (used.user + used.system) / 1000 });
  samples.set(name, list);
  return out;
}
async function stageAsync<T>(name: string, run: () => Promise<T>): Promise<T> {
  const t = performance.now();
  const c = process.cpuUsage();
  const out = await run();
  const used = process.cpuUsage(c);
  const list = samples.get(name) ?? [];
  list.push({ wall: performance.now() - t, cpu: (used.user + used.system) / 1000 });
  samples.set(name, list);
  return out;
}

async function once(): Promise<string> {
  const buffer = await stageAsync('read the spool file', () => fsp.readFile(file));
  const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  stage('sha-256 of the bytes (the receive hashes as they arrive)', () => createHash('sha256').update(bytes).digest('hex'));
  stage('detect format', () => detectCadFormat(bytes));
  const imported = await stageAsync('parse (importCad)', () => importCad(bytes));
  const mesh = imported.mesh!;
  const analysis = stage('metrics (analyseMesh)', () => analyseMesh(mesh, { declaredUnit: imported.declaredUnit }));
  // The weld's pairing and the facets, shared by the hole search and the checks (ADR 233): paid
  // by whichever asks first, so the two stages below are counted as the server pays them.
  const shared = sharedMeasures(analysis);
  const read = stage('units from holes (ADR 219)', () => withUnitsFromHoles(analysis, mesh, { shared }));
  const a = read.analysis;
  const mmPerUnit = MM_PER_UNIT[a.metrics.units.unit];
  const { weld, facets } = stage('checks: weld and facets (when the hole search has not made them)', () => ({ weld: shared.weld, twins: shared.weld.twins, facets: shared.facets }));
  const caster = stage('checks: ray hierarchy', () => new MeshRayCaster(a.mesh.positions, a.mesh.triangleCount));
  const best = stage('checks: orientation and supports', () => findBestOrientation(a.mesh, { mmPerUnit, weld, caster, facets }));
  // The whole, as the analysis thread runs it (the same steps again, once, end to end).
  const report = stage('whole: analyseImported as the server runs it', () =>
    analyseImported(imported, { parts: true, deferWallsAndHolesAbove: DEFER_ABOVE, manufacturing: { priceFor } }),
  );
  stage('summary', () => summarise(report));
  return `${a.metrics.triangleCount} triangles, volume ${a.metrics.volumeMm3.toFixed(1)} mm³, units ${a.metrics.units.unit} (${a.metrics.units.source}, ${a.metrics.units.confidence}), support ${best.best.supportVolumeMm3.toFixed(1)} mm³`;
}

const load = os.loadavg()[0]!.toFixed(2);
console.log(`# Server stages of a 1M-triangle drop, ${new Date().toISOString().slice(0, 16)} UTC, Node ${process.version}, ${os.cpus().length} cores, load ${load} (priced for ${priceFor})`);
console.log(`(${await once()}; warm-up done)`);
samples.clear();
for (let r = 0; r < runs; r++) await once();
const median = (xs: number[]) => [...xs].sort((p, q) => p - q)[Math.floor(xs.length / 2)]!;
const cpuOf = (name: string) => median(samples.get(name)!.map((s) => s.cpu));
const floor = cpuOf('parse (importCad)') + cpuOf('metrics (analyseMesh)');
console.log(`\nmedian of ${runs}; floor = parse + metrics = ${floor.toFixed(0)} ms CPU\n`);
console.log('| stage | CPU (median) | wall (median) | CPU ÷ floor |\n| --- | ---: | ---: | ---: |');
for (const [name, list] of samples) {
  const cpu = median(list.map((s) => s.cpu));
  console.log(`| ${name} | ${cpu.toFixed(0)} ms | ${median(list.map((s) => s.wall)).toFixed(0)} ms | ${(cpu / floor).toFixed(2)} |`);
}

// A new analysis thread, as the server has after every large file (ADR 228) and on a fresh start:
// the whole analysis, answered to the pool (`analyseDeferred`, as an upload asks it; wall time from
// this thread, the file's read included), in a thread that runs the engine for the first time
// ("cold"), against one that ran its warm-up first ("compiled", ADR 256). Each thread is given 2 s
// after its start for its own start-up (tsx, the modules, OpenCascade), alternating cold and compiled.
const threadRuns = Number(process.env.THREAD_RUNS ?? runs);
const fresh = { cold: [] as number[], compiled: [] as number[] };
for (let r = 0; r < threadRuns; r++) {
  for (const compile of [false, true]) {
    const pool = new AnalysisPool(1, 120_000);
    await pool.warm({ compile });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const t = performance.now();
    await pool.analyseDeferred(file, DEFER_ABOVE, priceFor);
    fresh[compile ? 'compiled' : 'cold'].push(Math.round(performance.now() - t));
    await pool.close();
  }
}
console.log(`\nin a new thread, to the answer (wall, median of ${threadRuns}): cold ${median(fresh.cold)} ms [${fresh.cold.join(', ')}], compiled ${median(fresh.compiled)} ms [${fresh.compiled.join(', ')}]`);
console.log(`\n(load at the end ${os.loadavg()[0]!.toFixed(2)})`);
await fsp.rm(dir, { recursive: true, force: true });
