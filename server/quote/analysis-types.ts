import type { QuoteFileSummary } from '#domain/api/quote';
import type { Finding } from '#domain/geometry/findings';
import type { CadFormat } from '#domain/geometry/mesh';
import type { PartMetrics } from '#domain/geometry/part-metrics';

/** What a worker answers for one file: the report of `analyseCadFile` without the mesh. */
export interface AnalysisOutcome {
  /** Null when the content is not a supported CAD format (the upload is refused). */
  format: CadFormat | null;
  metrics: PartMetrics | null;
  findings: Finding[];
  orderable: boolean;
  summary: QuoteFileSummary | null;
  /** Time spent reading and analysing in the worker, ms. */
  analysisMs: number;
}

export interface AnalysisRequest {
  id: number;
  path: string;
}

export type AnalysisReply = { id: number; ok: true; outcome: AnalysisOutcome } | { id: number; ok: false; error: string };
