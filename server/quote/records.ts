import type { CartLine, PartDocument, Project, QuoteFile, QuoteFileSummary, QuoteReview, UploadHistoryItem } from '#domain/api/quote';
import { findProcess } from '#domain/catalogue/lookup';
import type { ProcessId, ProcessSlug } from '#domain/catalogue/types';
import type { Finding } from '#domain/geometry/findings';
import type { CadFormat } from '#domain/geometry/mesh';
import type { PartMetrics } from '#domain/geometry/part-metrics';
import type { QuoteResult } from '#domain/pricing/quote-part';
import type { PartConfiguration } from '#domain/rules/quote-configuration';
import type { Selectable } from 'kysely';
import type { CartItemTable, QuoteFileTable, QuoteProjectTable } from '../db/schema.ts';

/** Rows as read (Kysely answers the table types; counts may come back as strings on PostgreSQL). */
export type ProjectRow = QuoteProjectTable;
export type FileRow = QuoteFileTable;
export type CartRow = Selectable<CartItemTable>;

export function parseJson<T>(text: string): T {
  return JSON.parse(text) as T;
}

export function processIdOf(slug: string): ProcessId {
  const process = findProcess(slug);
  if (!process) throw new Error(`Unknown process "${slug}" in the database`);
  return process.id;
}

export function toProject(row: ProjectRow, fileCount: number | string | bigint | null): Project {
  return {
    id: row.id,
    name: row.name,
    process: row.process as ProcessSlug,
    processId: processIdOf(row.process),
    fileCount: Number(fileCount ?? 0),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function fileMetrics(row: Pick<FileRow, 'metrics'>): PartMetrics | null {
  return row.metrics ? parseJson<PartMetrics>(row.metrics) : null;
}

/**
 * A stored summary; rows written before unit corrections existed read as `none`, before
 * assemblies (migration 014) as no assembly. The split is offered unless the customer kept the
 * file whole (ADR 131).
 */
export function fileSummary(text: string, keptWhole: boolean = false): QuoteFileSummary {
  const summary = parseJson<QuoteFileSummary>(text);
  const assembly = summary.assembly ? { ...summary.assembly, offered: !keptWhole } : null;
  return { ...summary, unitCorrection: summary.unitCorrection ?? 'none', assembly };
}

export function fileFindings(row: Pick<FileRow, 'findings'>): Finding[] {
  return parseJson<Finding[]>(row.findings);
}

/** An assembly as its parts show it (migration 021, ADR 162). */
export interface AssemblyRecord {
  id: string;
  name: string;
  quantity: number;
}

/**
 * The API's file. `assembly`: the assembly the part was split from, when the part knows its count
 * per assembly (parts split before migration 021 do not) and the assembly is still recorded.
 */
export function toQuoteFile(row: FileRow, assembly: AssemblyRecord | null = null, review: QuoteReview | null = null, drawing: PartDocument | null = null): QuoteFile {
  return {
    id: row.id,
    projectId: row.project_id,
    name: row.name,
    sizeBytes: Number(row.size_bytes),
    sha256: row.sha256,
    format: row.format as CadFormat,
    metrics: fileMetrics(row),
    findings: fileFindings(row),
    summary: row.summary ? fileSummary(row.summary, row.kept_whole === 1) : null,
    orderable: row.orderable === 1 && row.removed_at === null,
    configuration: row.configuration ? parseJson<PartConfiguration>(row.configuration) : null,
    quote: row.quote ? parseJson<QuoteResult>(row.quote) : null,
    pricedAt: row.priced_at,
    uploadedAt: row.uploaded_at,
    expiresAt: row.expires_at,
    status: row.removed_at ? 'removed' : 'kept',
    analysisMs: Number(row.analysis_ms),
    analysis: row.analysis_state,
    analysisError: row.analysis_state === 'failed' ? row.analysis_error : null,
    checks: row.checks_state,
    splitFrom: row.split_from ?? null,
    assembly:
      assembly && row.split_from === assembly.id && row.per_assembly !== null
        ? { id: assembly.id, name: assembly.name, quantity: Number(assembly.quantity), perAssembly: Number(row.per_assembly) }
        : null,
    review,
    note: row.note ?? null,
    drawing,
  };
}

export function toUploadHistoryItem(row: FileRow & { project_name: string; project_process: string }): UploadHistoryItem {
  return {
    id: row.id,
    name: row.name,
    projectId: row.project_id,
    projectName: row.project_name,
    process: row.project_process as ProcessSlug,
    sizeBytes: Number(row.size_bytes),
    format: row.format as CadFormat,
    orderable: row.orderable === 1 && row.removed_at === null,
    uploadedAt: row.uploaded_at,
    expiresAt: row.expires_at,
    status: row.removed_at ? 'removed' : 'kept',
  };
}

export const FILE_REMOVED_MESSAGE =
  'This file was removed after being kept for 3 months: upload it again to quote or order it.';

/**
 * A cart line. `review`: the line's manual review (ADR 163) when it was priced by one: its price
 * holds until `expiresAt`, whatever the catalogue says of the part.
 */
export function toCartLine(
  row: CartRow,
  file: Pick<FileRow, 'name' | 'project_id' | 'summary' | 'removed_at'>,
  projectName: string,
  review: { expiresAt: string; expired: boolean; expiredMessage: string } | null = null,
  documents: { note: string | null; drawing: PartDocument | null } = { note: null, drawing: null },
): CartLine {
  const result = parseJson<QuoteResult | null>(row.quote);
  const removed = file.removed_at !== null;
  const reviewed = row.review_id !== null && review !== null;
  const problem = removed ? 'file-removed' : reviewed ? (review.expired ? 'review-expired' : null) : result?.orderable ? null : 'not-orderable';
  return {
    id: row.id,
    fileId: row.file_id,
    fileName: file.name,
    projectId: file.project_id,
    projectName,
    configuration: parseJson<PartConfiguration>(row.configuration),
    quantity: parseJson<PartConfiguration>(row.configuration).quantity,
    unitPriceCents: Number(row.unit_price_cents),
    totalCents: Number(row.total_cents),
    currency: 'USD',
    leadTimeDays: Number(row.lead_time_days),
    shipDate: row.ship_date,
    pricedAt: row.priced_at,
    problem,
    problemMessage: removed ? FILE_REMOVED_MESSAGE : problem === 'review-expired' ? review!.expiredMessage : problem && result ? notOrderableMessage(result) : null,
    summary: file.summary ? fileSummary(file.summary) : null,
    reviewed: reviewed && row.review_id ? { reviewId: row.review_id, expiresAt: review.expiresAt } : null,
    note: documents.note,
    drawing: documents.drawing,
  };
}

/**
 * The first thing that keeps a quote from being ordered, in the customer's words: what keeps the
 * part from being made (with what to do), else the first rule it breaks.
 */
export function notOrderableMessage(result: QuoteResult, geometryFindings: readonly Finding[] = []): string {
  const blocking = [...(result.blocking ?? []), ...result.findings, ...geometryFindings].find((f) => f.severity === 'error');
  if (blocking) return `${blocking.message} ${blocking.fixHint}`;
  const firstError = Object.values(result.validation.errors).find((m) => m.length > 0)?.[0];
  if (firstError) return firstError;
  if (result.price === null) return 'This part cannot be priced with these options.';
  return 'This part cannot be ordered as configured.';
}
