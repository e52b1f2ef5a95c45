/** Whether a part fits a machine's build volume, turned to any axis-aligned orientation. */
import type { ProcessSlug, SizeMm } from '#domain/catalogue/types';

/** Sorting both boxes' sides and comparing them pairwise tries all six axis permutations at once. */
export function fitsBuildVolume(size: SizeMm, buildVolume: SizeMm): boolean {
  const part = [...size].sort((a, b) => b - a);
  const machine = [...buildVolume].sort((a, b) => b - a);
  return part.every((side, i) => side <= (machine[i] as number));
}

export function fitsByProcess(sizeMm: SizeMm, buildVolumes: Readonly<Record<ProcessSlug, SizeMm>>): Record<ProcessSlug, boolean> {
  return {
    '3d-printing': fitsBuildVolume(sizeMm, buildVolumes['3d-printing']),
    cnc: fitsBuildVolume(sizeMm, buildVolumes.cnc),
    'vacuum-casting': fitsBuildVolume(sizeMm, buildVolumes['vacuum-casting']),
  };
}
