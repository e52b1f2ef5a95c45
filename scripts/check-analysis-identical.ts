// The analysis's output, hashed, for every CAD fixture and four generated solids: run it on two
// builds and compare the lines to show that a speed change altered no figure (issue 39 item 4).
//   node --import tsx scripts/check-analysis-identical.ts > a.txt   (then on the other build, diff)
// Each file is analysed as the server's analysis thread does (analyseImported with parts, the
// walls and holes deferred and then completed) for a printing and a CNC price; the hash covers
// the metrics, findings, orderability, the parts and the completed checks.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { analyseImported, importCad } from '#domain/geometry/import-cad';
import type { OcctModule } from '#domain/geometry/step';
import { binaryStl, cup, torus } from '../tests/domain/support/solids';

const require = createRequire(import.meta.url);
const occt = await (require('occt-import-js') as () => Promise<OcctModule>)();
const files: [string, Uint8Array][] = [];
const walk = (dir: string): void => {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (/\.(stl|stp|step|obj|3mf)$/i.test(entry.name)) files.push([path.relative('tests/fixtures', full), new Uint8Array(fs.readFileSync(full))]);
  }
};
walk('tests/fixtures');
files.push(['torus 1M', binaryStl(torus(60, 20, 1000, 500))]);
files.push(['torus 20k', binaryStl(torus(40, 10, 200, 50))]);
files.push(['cup 0.6 mm wall', binaryStl(cup(20, 30, 0.6, 2, 200, 40))]);
files.push(['cup in inches', binaryStl(cup(1, 1.5, 0.05, 0.1, 100, 20))]);
const json = (value: unknown) => JSON.stringify(value, (_k, v: unknown) => (ArrayBuffer.isView(v) ? Array.from(v as unknown as ArrayLike<number>) : v));
for (const [name, bytes] of files) {
  for (const priceFor of ['3d-printing', 'cnc'] as const) {
    const imported = await importCad(bytes, { occt });
    const report = analyseImported(imported, { parts: true, deferWallsAndHolesAbove: 250_000, manufacturing: { priceFor } });
    const done = report.completeChecks?.() ?? null;
    const parts = report.parts ?? null;
    const hash = createHash('sha256').update(json({ metrics: report.metrics, findings: report.findings, orderable: report.orderable, parts, done })).digest('hex').slice(0, 16);
    console.log(`${name} ${priceFor} ${hash} ${report.metrics?.triangleCount ?? '-'} ${report.findings.length}`);
  }
}
