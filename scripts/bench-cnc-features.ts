// The machining analysis (issue 36, ADRs 176 and 177): precision and recall over the CNC test parts
// (tests/domain/support/cnc-parts.ts) read as STL and as STEP, and the time it adds to the file
// analysis at about 100k and 1M triangles, as a same-run ratio to the analysis without it. CPU time
// (user + system) of this one thread, median of 3 after a warm-up; the load is printed (the machine
// is shared).
//   node --import tsx scripts/bench-cnc-features.ts
import os from 'node:os';
import { analyseCadFile, type CadFileReport } from '#domain/geometry/import-cad';
import { cncParts, refinedPart, type CncTestPart } from '../tests/domain/support/cnc-parts';
import { precision, recall, score, type Analysed } from '../tests/domain/support/cnc-scoring';
import { loadOcct } from '../tests/domain/support/occt-node';
import { binaryStl, torus } from '../tests/domain/support/solids';
import { stepOf } from '../tests/domain/support/step-writer';

const analysed = (part: CncTestPart, report: CadFileReport): Analysed => {
  const m = report.metrics!.manufacturing!;
  return { part, machining: m.machining!, findings: report.findings, holeCount: m.holeCount };
};

console.log(`# CNC features, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}\n`);

const parts = await cncParts();
const stl: Analysed[] = [];
for (const part of parts) stl.push(analysed(part, await analyseCadFile(binaryStl(part.positions))));
const occt = await loadOcct();
// STEP: the parts without holes (a faceted cylinder is planar faces to the hole finder, ADR 111).
const step: Analysed[] = [];
for (const part of parts.filter((p) => p.holes === 0)) step.push(analysed(part, await analyseCadFile(new TextEncoder().encode(stepOf(part.positions, part.name)), { occt })));

for (const [label, results] of [['STL', stl], ['STEP', step]] as const) {
  const s = score(results);
  console.log(`\n## ${label}: ${results.length} parts\n\n| feature | expected | found right | missed | found wrongly | precision | recall |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: |`);
  for (const [kind, t] of Object.entries(s.tallies)) {
    console.log(`| ${kind} | ${t.tp + t.fn} | ${t.tp} | ${t.fn} | ${t.fp} | ${precision(t).toFixed(2)} | ${recall(t).toFixed(2)} |`);
  }
  console.log(`\nSet-ups right on ${s.setups.right} of ${s.setups.of} parts. Largest errors of the pockets found: depth ${s.errors.depthMm.toExponential(1)} mm, width ${s.errors.widthMm.toExponential(1)} mm, floor area ${(s.errors.floorArea * 100).toFixed(4)} %, corner radius ${s.errors.cornerRadiusMm.toFixed(4)} mm; undercut area ${(s.undercutArea * 100).toFixed(2)} %.`);
}

async function cpu(run: () => Promise<unknown>): Promise<number> {
  await run();
  const times: number[] = [];
  for (let r = 0; r < 3; r++) {
    const c = process.cpuUsage();
    await run();
    const used = process.cpuUsage(c);
    times.push((used.user + used.system) / 1000);
  }
  return times.sort((a, b) => a - b)[1]!;
}

console.log('\n## Time added (CPU ms, median of 3)\n\n| part | triangles | whole analysis without machining | with | ratio | first answer priced for printing (ADR 145, unchanged) | for CNC (holes and machining in it) | ratio |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
const large: [string, () => Promise<Float32Array>][] = [
  ['three-sides block, refined', async () => (await refinedPart('three-sides', 15)).positions],
  ['torus', async () => torus(40, 10, 320, 160)],
  ['three-sides block, refined', async () => (await refinedPart('three-sides', 47)).positions],
  ['torus', async () => torus(40, 10, 1000, 500)],
];
for (const [label, make] of large) {
  const bytes = binaryStl(await make());
  const without = await cpu(() => analyseCadFile(bytes, { manufacturing: { machining: false } }));
  const withIt = await cpu(() => analyseCadFile(bytes));
  const printing = await cpu(() => analyseCadFile(bytes, { manufacturing: { priceFor: '3d-printing' }, deferWallsAndHolesAbove: 0 }));
  const cnc = await cpu(() => analyseCadFile(bytes, { manufacturing: { priceFor: 'cnc' }, deferWallsAndHolesAbove: 0 }));
  const triangles = (bytes.length - 84) / 50;
  console.log(`| ${label} | ${triangles.toLocaleString('en-US')} | ${without.toFixed(0)} | ${withIt.toFixed(0)} | ${(withIt / without).toFixed(2)} | ${printing.toFixed(0)} | ${cnc.toFixed(0)} | ${(cnc / printing).toFixed(2)} |`);
}
console.log(`\n(load at the end ${os.loadavg()[0]!.toFixed(1)})`);
