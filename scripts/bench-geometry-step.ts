// STEP volumes and their time (ADR 159): for each STEP file of the fixtures and the corpus, the read
// at the size's chord alone (bounding-box ratio 0.001, 0.2 rad), the read as the importer does it
// (a second, finer read when the first would leave the volume more than 0.2 % off), and their volumes
// against a tessellation ten times finer (0.0001, 0.05 rad). Median of 3 reads, wall time in one
// process; the machine's load is printed (it is shared).
//   node --import tsx scripts/bench-geometry-step.ts
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { analyseMesh } from '#domain/geometry/metrics';
import { createStepImporter, DEFAULT_STEP_OPTIONS, type StepOptions } from '#domain/geometry/step';
import { loadOcct } from '../tests/domain/support/occt-node';

const files = [
  'tests/fixtures/cad/rounded-cube--rounded-cube.step',
  'tests/fixtures/cad/conical-surface--conical-surface.step',
  'tests/fixtures/corpus/step/trimesh-base_interface_AP214.STEP',
  'tests/fixtures/corpus/step/trimesh-featuretype.STEP',
];
const importStep = createStepImporter(await loadOcct());

function timed(bytes: Uint8Array, options?: StepOptions) {
  const times: number[] = [];
  let volume = 0, triangles = 0;
  for (let r = 0; r < 3; r++) {
    const t = performance.now();
    const mesh = importStep(bytes, options).mesh!;
    times.push(performance.now() - t);
    const m = analyseMesh(mesh, { declaredUnit: 'mm' }).metrics;
    volume = m.volumeMm3;
    triangles = m.triangleCount;
  }
  return { ms: [...times].sort((a, b) => a - b)[1]!, volume, triangles };
}

console.log(`# STEP volumes, ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}\n`);
console.log('| file | size\'s chord alone: ms, triangles, error | as imported: ms, triangles, error | 10× finer: ms, volume |\n| --- | --- | --- | --- |');
for (const file of files) {
  const bytes = new Uint8Array(readFileSync(file));
  const coarse = timed(bytes, { linearDeflection: DEFAULT_STEP_OPTIONS.linearDeflection });
  const chosen = timed(bytes);
  const fine = timed(bytes, { linearDeflection: 0.0001, angularDeflection: 0.05 });
  const error = (v: number) => `${(((v - fine.volume) / fine.volume) * 100).toFixed(3)} %`;
  console.log(`| ${file.split('/').pop()} | ${coarse.ms.toFixed(0)} ms, ${coarse.triangles}, ${error(coarse.volume)} | ${chosen.ms.toFixed(0)} ms, ${chosen.triangles}, **${error(chosen.volume)}** | ${fine.ms.toFixed(0)} ms, ${fine.volume.toFixed(2)} mm³ |`);
}
console.log(`\n(load at the end ${os.loadavg()[0]!.toFixed(1)})`);
