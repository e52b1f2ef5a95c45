import { analyseCadFile, analysePartMesh } from '#domain/geometry/import-cad';
import { createMesh } from '#domain/geometry/mesh';
import type { OcctModule } from '#domain/geometry/step';
import { encodeBinaryStl } from '#domain/geometry/stl-write';
import type { SplitOutcome, SplitPartOutcome } from './analysis-types.ts';
import { summarise } from './summarise.ts';

/**
 * Splits a file into its parts (ADR 131), run in an analysis thread: the file imported and split
 * (`splitParts`, ADR 072), each part's mesh scaled to millimetres by `mmPerUnit`, measured and
 * checked as an upload is (`analysePartMesh`), and written as a binary STL. No parts when the file
 * is one body, or more than MAX_SPLIT_BODIES.
 */
export async function splitIntoParts(bytes: Uint8Array, mmPerUnit: number, occt: OcctModule | undefined): Promise<SplitOutcome> {
  const report = await analyseCadFile(bytes, { occt, manufacturing: false, parts: true });
  const found = report.parts;
  if (!found || !found.split || found.bodies.length < 2) return { bodyCount: found?.bodies.length ?? 1, parts: [] };
  const parts = found.parts.map((part): SplitPartOutcome => {
    const positions = mmPerUnit === 1 ? part.mesh.positions : part.mesh.positions.map((v) => v * mmPerUnit);
    // A STEP file's chord tolerance goes with its parts' walls (ADR 277).
    const chord = report.mesh?.chordToleranceMm;
    const measured = analysePartMesh({ ...createMesh(positions, undefined, part.name), ...(chord ? { chordToleranceMm: chord * mmPerUnit } : {}) });
    const mesh = measured.mesh as NonNullable<typeof measured.mesh>;
    return {
      name: part.name,
      count: part.count,
      stl: encodeBinaryStl(mesh, `${part.name} (mm)`),
      metrics: measured.metrics as NonNullable<typeof measured.metrics>,
      findings: [...measured.findings],
      orderable: measured.orderable,
      summary: summarise(measured) as NonNullable<ReturnType<typeof summarise>>,
    };
  });
  return { bodyCount: found.bodies.length, parts };
}
