// The whole file analysis (domain/geometry/import-cad.ts `analyseCadFile`) at 1M triangles, with
// and without the manufacturing checks (walls, supports in the best orientation, holes; ADR 126):
// what the geometry worker and the server's analysis pool now run for every upload. Median of 3
// runs after a warm-up, wall time, load printed (this machine is shared).
//   node --import tsx scripts/bench-geometry-analysis.ts
import os from 'node:os';
import { analyseCadFile } from '#domain/geometry/import-cad';
import { binaryStl, cup, torus } from '../tests/domain/support/solids';

async function median(run: () => Promise<unknown>): Promise<{ ms: number; runs: string }> {
  await run();
  const times: number[] = [];
  for (let r = 0; r < 3; r++) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  return { ms: [...times].sort((a, b) => a - b)[1]!, runs: times.map((x) => x.toFixed(0)).join(', ') };
}

const parts: [string, Uint8Array][] = [
  ['torus (thick everywhere)', binaryStl(torus(40, 10, 1000, 500))],
  ['cup with a 0.6 mm side wall', binaryStl(cup(20, 30, 0.6, 2, 1000, 100))],
];
console.log(`# Whole analysis, ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}\n`);
console.log('| part | triangles | import + metrics | + walls, supports, holes | findings |\n| --- | --- | --- | --- | --- |');
for (const [label, bytes] of parts) {
  const base = await median(() => analyseCadFile(bytes, { manufacturing: false }));
  const full = await median(() => analyseCadFile(bytes));
  const report = await analyseCadFile(bytes);
  const m = report.metrics!;
  const codes = report.findings.map((f) => f.code).join(', ') || 'none';
  console.log(`| ${label} | ${m.triangleCount.toLocaleString('en-US')} | **${base.ms.toFixed(0)} ms** (${base.runs}) | **${full.ms.toFixed(0)} ms** (${full.runs}) | ${codes}; wall ${m.manufacturing?.minWallMm?.toFixed(2)} mm, support ${Math.round(m.manufacturing?.supportVolumeMm3 ?? 0)} mm³ |`);
}
console.log(`\n(load at the end ${os.loadavg()[0]!.toFixed(1)})`);
