import type { QuoteFile } from '#domain/api/quote';
import type { PartMetrics } from '#domain/geometry/metrics';

/**
 * The metrics of a closed box of `size` mm, watertight and outward, that every process can make;
 * read in millimetres from the file unless `units` says otherwise. Shared by stories and tests.
 */
export const boxMetrics = (size: [number, number, number], units: PartMetrics['units'] = { unit: 'mm', source: 'file', confidence: 1, reason: 'declared' }): PartMetrics => {
  const [x, y, z] = size;
  return {
    units,
    triangleCount: 12,
    vertexCount: 8,
    bbox: { min: [0, 0, 0], max: [x, y, z] },
    size: [x, y, z],
    volumeMm3: x * y * z,
    areaMm2: 2 * (x * y + y * z + z * x),
    shellCount: 1,
    bodyCount: 1,
    cavityCount: 0,
    shells: [],
    openEdgeCount: 0,
    nonManifoldEdgeCount: 0,
    misorientedEdgeCount: 0,
    degenerateTriangleCount: 0,
    watertight: true,
    orientation: 'outward',
    fits: { '3d-printing': true, cnc: true, 'vacuum-casting': true },
  } as PartMetrics;
};

/** The metrics of a closed cube of `side` mm, read in millimetres from the file. */
export const cubeMetrics = (side: number): PartMetrics => boxMetrics([side, side, side]);

/** A file the server stored and analysed (a cube of `side` mm unless `metrics` says otherwise); `fields` override. */
export const storedQuoteFile = (fields: Partial<QuoteFile> & Pick<QuoteFile, 'id' | 'name'>): QuoteFile => ({
  projectId: 'project-1',
  sizeBytes: 684,
  sha256: 'x',
  format: 'stl-binary',
  metrics: cubeMetrics(20),
  findings: [],
  summary: null,
  orderable: true,
  configuration: null,
  quote: null,
  pricedAt: null,
  uploadedAt: '2026-11-23T01:00:00.000Z',
  expiresAt: '2027-02-23T01:00:00.000Z',
  status: 'kept',
  analysisMs: 3,
  analysis: 'done',
  checks: 'done',
  analysisError: null,
  splitFrom: null,
  assembly: null,
  review: null,
  note: null,
  drawing: null,
  ...fields,
} as QuoteFile);
