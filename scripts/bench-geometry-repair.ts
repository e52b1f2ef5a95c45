// The cost of the repairs after the exact weld (domain/geometry/repair.ts, ADR 154) at 1M triangles:
// `analyseMesh` on a closed torus (no repair runs), on the same torus with every other facet's
// corners 2 ulps off (every edge open after the exact weld: the rounding join runs on every
// vertex), and on the torus cut along a seam 0.0004 mm wide (the crack closing runs). Median of 3
// runs after a warm-up, CPU time of the process, and each case's ratio to the closed torus in the
// same run (this machine is shared: the ratio is what to compare).
//   node --import tsx scripts/bench-geometry-repair.ts
import os from 'node:os';
import { analyseMesh } from '#domain/geometry/metrics';
import { createMesh } from '#domain/geometry/mesh';
import { torus } from '../tests/domain/support/solids';

function nudge(x: number, steps: number): number {
  const f = new Float32Array([x]);
  const bits = new Int32Array(f.buffer);
  bits[0] = (bits[0] as number) + (x >= 0 ? steps : -steps);
  return f[0] as number;
}

function jittered(soup: Float32Array): Float32Array {
  const out = soup.slice();
  for (let t = 1; t < out.length / 9; t += 2) for (let k = 0; k < 3; k++) out[t * 9 + k * 3 + (t % 3)] = nudge(out[t * 9 + k * 3 + (t % 3)] as number, 2);
  return out;
}

/** The torus with its facets past a half-plane x > 0 moved 0.0004 in z where they meet the others: a crack. */
function cracked(soup: Float32Array): Float32Array {
  const out = soup.slice();
  for (let t = 0; t < out.length / 9; t++) {
    const right = (out[t * 9] as number) + (out[t * 9 + 3] as number) + (out[t * 9 + 6] as number) > 0;
    if (!right) continue;
    for (let k = 0; k < 3; k++) out[t * 9 + k * 3 + 2] = (out[t * 9 + k * 3 + 2] as number) + 0.0004;
  }
  return out;
}

function median(run: () => unknown): { cpuMs: number; runs: string } {
  run();
  const cpu: number[] = [];
  for (let r = 0; r < 3; r++) {
    const c = process.cpuUsage();
    run();
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
  }
  return { cpuMs: [...cpu].sort((a, b) => a - b)[1]!, runs: cpu.map((x) => x.toFixed(0)).join(', ') };
}

const closed = torus(40, 10, 1000, 500);
const cases: [string, Float32Array][] = [
  ['closed torus (no repair)', closed],
  ['every other facet 2 ulps off (rounding join on every vertex)', jittered(closed)],
  ['cut by a 0.0004 mm crack (crack closing)', cracked(closed)],
];
console.log(`# Repairs after the weld, ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}\n`);
console.log('| mesh | triangles | `analyseMesh` CPU (median; runs) | ratio to closed | findings |\n| --- | --- | --- | --- | --- |');
let base = 0;
for (const [label, soup] of cases) {
  const result = median(() => analyseMesh(createMesh(soup)));
  if (base === 0) base = result.cpuMs;
  const analysis = analyseMesh(createMesh(soup));
  const codes = analysis.findings.map((f) => f.code).join(', ') || 'none';
  console.log(`| ${label} | ${analysis.metrics.triangleCount.toLocaleString('en-US')} | **${result.cpuMs.toFixed(0)} ms** (${result.runs}) | ${(result.cpuMs / base).toFixed(2)}× | ${codes}; watertight ${analysis.metrics.watertight} |`);
}
console.log(`\n(load at the end ${os.loadavg()[0]!.toFixed(1)})`);
