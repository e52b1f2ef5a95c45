/** Reading the catalogue: processes by slug or numeric id, materials, finishes. */
import { CATALOGUE } from './catalogue';
import type { Catalogue, Finish, FinishKind, Material, Process, ProcessId, ProcessSlug, SizeMm } from './types';

export { PROCESS_SLUGS, isProcessSlug } from './process-choices';

/** The process with this slug ('cnc') or numeric id (23), or undefined. */
export function findProcess(key: ProcessSlug | ProcessId | string | number, catalogue: Catalogue = CATALOGUE): Process | undefined {
  return catalogue.processes.find((p) => p.slug === key || p.id === key);
}

export function findMaterial(
  processKey: ProcessSlug | ProcessId | string,
  materialId: string,
  catalogue: Catalogue = CATALOGUE,
): Material | undefined {
  return findProcess(processKey, catalogue)?.materials.find((m) => m.id === materialId);
}

/** Any material of any process by id (material ids are unique across processes). */
export function findMaterialById(materialId: string, catalogue: Catalogue = CATALOGUE): Material | undefined {
  for (const process of catalogue.processes) {
    const material = process.materials.find((m) => m.id === materialId);
    if (material) return material;
  }
  return undefined;
}

/** The finish record of this kind; throws for a kind the catalogue does not know (the API's shape check keeps those out). */
export function getFinish(kind: FinishKind | string, catalogue: Catalogue = CATALOGUE): Finish {
  const finish = catalogue.finishes[kind];
  if (!finish) throw new Error(`The catalogue has no finish "${kind}"`);
  return finish;
}

/** The largest build volume among a process's materials: what "fits this process" means. */
export function largestBuildVolume(process: Process): SizeMm {
  let best: SizeMm = [0, 0, 0];
  let bestVolume = 0;
  for (const material of process.materials) {
    const [x, y, z] = material.buildVolumeMm;
    if (x * y * z > bestVolume) {
      best = material.buildVolumeMm;
      bestVolume = x * y * z;
    }
  }
  return best;
}

/** Build volume of each process, for the geometry fit check. */
export function buildVolumesByProcess(catalogue: Catalogue = CATALOGUE): Record<ProcessSlug, SizeMm> {
  const volumes = {} as Record<ProcessSlug, SizeMm>;
  for (const process of catalogue.processes) volumes[process.slug] = largestBuildVolume(process);
  return volumes;
}

/** The thinnest part any material can make, mm: below it, no process can make the part. */
export function smallestMakeableDimension(catalogue: Catalogue = CATALOGUE): number {
  return Math.min(...catalogue.processes.flatMap((p) => p.materials.map((m) => m.minDimensionMm)));
}
