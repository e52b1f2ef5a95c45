import type { CadFileReport } from '#domain/geometry/import-cad';

/** Messages between the page and the geometry worker. */
export type GeometryRequest = { type: 'analyse'; id: string; file: File };

export type GeometryResponse =
  | { type: 'progress'; id: string; fraction: number | null }
  | { type: 'done'; id: string; report: CadFileReport }
  /** `message` is the importer's own explanation, or null when it gave none (the page then words it). */
  | { type: 'failed'; id: string; message: string | null };
