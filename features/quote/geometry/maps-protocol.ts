import type { ProcessSlug } from '#domain/catalogue/types';
import type { MeshBody, MeshFace } from '#domain/geometry/mesh';
import type { ModelMaps } from '#domain/geometry/model-maps';

/**
 * Messages between the page and the maps worker (ADR 178). The mesh goes whole (its bodies and a
 * STEP file's faces too), so the worker measures what the file's analysis measured.
 */
export type MapsRequest = {
  type: 'measure';
  id: number;
  positions: Float32Array;
  bodies: readonly MeshBody[];
  faces: readonly MeshFace[] | null;
  mmPerUnit: number;
  process: ProcessSlug;
};

export type MapsResponse = { type: 'done'; id: number; maps: ModelMaps } | { type: 'failed'; id: number; message: string | null };
