import type { CadFileReport } from '#domain/geometry/import-cad';

/** Messages between the page and the geometry worker: a file to analyse, or one no longer wanted (its read stops). */
export type GeometryRequest = { type: 'analyse'; id: string; file: File } | { type: 'cancel'; id: string };

export type GeometryResponse =
  | { type: 'progress'; id: string; fraction: number | null }
  | { type: 'done'; id: string; report: CadFileReport }
  /** `message` is the importer's own explanation, or null when it gave none (the page then words it). */
  | { type: 'failed'; id: string; message: string | null };
