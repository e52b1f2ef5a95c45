import type { QuoteFileSummary } from '#domain/api/quote';
import type { Finding } from '#domain/geometry/findings';
import type { CadFormat } from '#domain/geometry/mesh';
import type { ProcessSlug } from '#domain/catalogue/types';
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
  /**
   * `pending` when the walls and holes of this (large) file are still being measured (ADR 145):
   * the thread answers them next, as a `ChecksOutcome`.
   */
  checks: 'pending' | 'done';
}

/** A large file's walls and holes, measured after its first answer (ADR 145): the whole report now. */
export interface ChecksOutcome {
  metrics: PartMetrics;
  findings: Finding[];
  orderable: boolean;
  summary: QuoteFileSummary | null;
}

/** One part of a file split into parts (ADR 131): a binary STL of its mesh in mm, measured and checked. */
export interface SplitPartOutcome {
  name: string;
  /** Identical bodies of the part in the file. */
  count: number;
  stl: Uint8Array;
  metrics: PartMetrics;
  findings: Finding[];
  orderable: boolean;
  summary: QuoteFileSummary;
}

/** What a worker answers for a split: the bodies, and the parts (none when the file is not several bodies). */
export interface SplitOutcome {
  bodyCount: number;
  parts: SplitPartOutcome[];
}

/**
 * A file to analyse (`split` absent), or to split into parts read with `mmPerUnit` millimetres
 * per unit of the file's coordinates (the unit it is read in now).
 */
export interface AnalysisRequest {
  id: number;
  path: string;
  split?: { mmPerUnit: number };
  /** Answer a mesh of more than this many triangles before its walls and holes (ADR 145). */
  deferWallsAndHolesAbove?: number;
  /** The project's service: holes and machining wait with the walls unless it is CNC (ADR 177). */
  priceFor?: ProcessSlug;
}

/** A new thread's warm-up (ADR 256): the engine run on a small generated part before any file. */
export interface WarmUpRequest {
  warmUp: true;
}

/**
 * A thread's answer: the outcome (for a deferred analysis, followed by its `checks`: `null` when
 * they failed), or the failure; `warmedUp` once its warm-up is done (its milliseconds).
 */
export type AnalysisReply =
  | { id: number; ok: true; outcome: AnalysisOutcome | SplitOutcome }
  | { id: number; ok: true; checks: ChecksOutcome | null }
  | { id: number; ok: false; error: string }
  | { warmedUp: number };
