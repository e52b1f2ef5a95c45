import type { ProcessSlug } from '#domain/catalogue/types';
import type { MeshBody, MeshFace } from '#domain/geometry/mesh';
import type { ModelMaps } from '#domain/geometry/model-maps';

/**
 * Messages between the page and the maps worker (ADR 178). The mesh goes whole (its bodies and a
 * STEP file's faces and chord tolerance too), so the worker measures what the file's analysis measured.
 */
export type MapsRequest = {
  type: 'measure';
  id: number;
  positions: Float32Array;
  bodies: readonly MeshBody[];
  faces: readonly MeshFace[] | null;
  /** A STEP file's chord tolerance, mm (its walls' allowance, ADR 277); null for a mesh file. */
  chordToleranceMm: number | null;
  mmPerUnit: number;
  process: ProcessSlug;
};

export type MapsResponse = { type: 'done'; id: number; maps: ModelMaps } | { type: 'failed'; id: number; message: string | null };
