// The whole file analysis (domain/geometry/import-cad.ts `analyseCadFile`) at 1M triangles, with
// and without the manufacturing checks (walls, supports in the best orientation, holes; ADR 126):
// what the geometry worker and the server's analysis pool now run for every upload. Median of 3
// runs after a warm-up, wall time and the process's CPU time (user + system: the analysis runs on
// one thread, so its CPU time is about what it takes on a quiet core; wall time stretches with the
// load, which is printed: this machine is shared).
//   node --import tsx scripts/bench-geometry-analysis.ts
import os from 'node:os';
import { analyseCadFile } from '#domain/geometry/import-cad';
import { binaryStl, cup, torus } from '../tests/domain/support/solids';

async function median(run: () => Promise<unknown>): Promise<{ ms: number; cpuMs: number; runs: string }> {
  await run();
  const times: number[] = [];
  const cpu: number[] = [];
  for (let r = 0; r < 3; r++) {
    const t = performance.now();
    const c = process.cpuUsage();
    await run();
    const used = process.cpuUsage(c);
    times.push(performance.now() - t);
    cpu.push((used.user + used.system) / 1000);
  }
  const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[1]!;
  return { ms: mid(times), cpuMs: mid(cpu), runs: times.map((x) => x.toFixed(0)).join(', ') };
}

const parts: [string, Uint8Array][] = [
  ['torus (thick everywhere)', binaryStl(torus(40, 10, 1000, 500))],
  ['cup with a 0.6 mm side wall', binaryStl(cup(20, 30, 0.6, 2, 1000, 100))],
];
console.log(`# Whole analysis, ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}\n`);
console.log('| part | triangles | import + metrics (wall; CPU) | + walls, supports, holes (wall; CPU) | findings |\n| --- | --- | --- | --- | --- |');
for (const [label, bytes] of parts) {
  const base = await median(() => analyseCadFile(bytes, { manufacturing: false }));
  const full = await median(() => analyseCadFile(bytes));
  const report = await analyseCadFile(bytes);
  const m = report.metrics!;
  const codes = report.findings.map((f) => f.code).join(', ') || 'none';
  console.log(`| ${label} | ${m.triangleCount.toLocaleString('en-US')} | ${base.ms.toFixed(0)} ms (${base.runs}); CPU **${base.cpuMs.toFixed(0)} ms** | ${full.ms.toFixed(0)} ms (${full.runs}); CPU **${full.cpuMs.toFixed(0)} ms** | ${codes}; wall ${m.manufacturing?.minWallMm?.toFixed(2)} mm, support ${Math.round(m.manufacturing?.supportVolumeMm3 ?? 0)} mm³ |`);
}
console.log(`\n(load at the end ${os.loadavg()[0]!.toFixed(1)})`);
