/**
 * Contract of the quote calls of the microservice API (`/msapi/<segment>/…`): projects, quote
 * files, part configuration and the server's price, the cart, and shared quote documents.
 * The spec marks these calls "not shown"; docs/api.md and ADRs 040–049 say how they were designed.
 *
 * Owners: every project, file, cart line and quote document belongs to one signed-in user or to
 * one visitor's temporary token (`session` calls); a visitor's things move to the account at
 * login or activation (ADR 026). Anything not the caller's answers 404, exactly as if it did not
 * exist.
 */
import type { ProcessId, ProcessSlug } from '#domain/catalogue/types';
import type { Finding } from '#domain/geometry/findings';
import type { CadFormat } from '#domain/geometry/mesh';
import type { PartMetrics } from '#domain/geometry/part-metrics';
import type { LengthUnit } from '#domain/geometry/units';
import type { QuoteResult } from '#domain/pricing/quote-part';
import type { PartConfiguration } from '#domain/rules/quote-configuration';
import type { Page, PageQuery } from './paging';

export type { Page, PageQuery };

/** Spec section 9: uploaded 3D files are kept 3 months, then removed from storage. */
export const QUOTE_FILE_RETENTION_MONTHS = 3;

/** A quote document holds its prices this long. */
export const QUOTE_DOCUMENT_HOLD_DAYS = 30;

/** A cart line or a part's quote priced longer ago than this is priced again when read. */
export const REPRICE_AFTER_HOURS = 24;

export const PROJECT_NAME_MAX_LENGTH = 100;

/** Messages of the project rules (spec section 5: "Project name required; manufacturing service must be chosen"). */
export const PROJECT_MESSAGES = {
  name: 'Project name is required',
  nameTooLong: `Project name can be at most ${PROJECT_NAME_MAX_LENGTH} characters`,
  process: 'Please choose a manufacturing service',
} as const;

/**
 * The project rules as a pure check (the form can run it as the server does): field → messages.
 * `partial` checks only the fields present (PATCH).
 */
export function projectInputErrors(input: { name?: unknown; process?: unknown }, partial = false): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (!partial || input.name !== undefined) {
    const name = typeof input.name === 'string' ? input.name.trim() : '';
    if (name === '') errors.name = [PROJECT_MESSAGES.name];
    else if (name.length > PROJECT_NAME_MAX_LENGTH) errors.name = [PROJECT_MESSAGES.nameTooLong];
  }
  if (!partial || input.process !== undefined) {
    const ok = input.process === '3d-printing' || input.process === 'cnc' || input.process === 'vacuum-casting';
    if (!ok) errors.process = [PROJECT_MESSAGES.process];
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------
// Projects

/** `POST project`. */
export interface ProjectInput {
  name: string;
  /** The manufacturing service: `3d-printing` (22), `cnc` (23) or `vacuum-casting` (27). */
  process: ProcessSlug;
}

/** `PATCH project/{id}`: rename, or change the service (part configurations of another service are cleared). */
export type ProjectPatch = Partial<ProjectInput>;

export interface Project {
  id: string;
  name: string;
  process: ProcessSlug;
  processId: ProcessId;
  /** Files still kept (not removed after 3 months). */
  fileCount: number;
  createdAt: string;
  updatedAt: string;
}

/** `GET project/list?page&pageSize`: newest first. */
export type ProjectList = Page<Project>;

/** `DELETE project/{id}`: the project, its files (storage too) and their cart lines are gone. */
export interface ProjectDeleted {
  deleted: true;
  files: number;
}

// ---------------------------------------------------------------------------------------------
// Quote files

/** A small, mesh-free summary of the analysis, for lists and the cart. */
export interface QuoteFileSummary {
  triangleCount: number;
  /** x, y, z in mm (in the unit the metrics were read in). */
  sizeMm: [number, number, number];
  volumeMm3: number;
  areaMm2: number;
  watertight: boolean;
  unit: LengthUnit;
  unitSource: 'file' | 'guess' | 'user';
  bodyCount: number;
  /** Named bodies of an assembly or multi-solid file (the first 20). */
  bodies: { name: string; triangleCount: number }[];
  errors: number;
  warnings: number;
}

export type QuoteFileStatus = 'kept' | 'removed';

/**
 * One uploaded file and the server's analysis of it. `metrics` and `findings` are what
 * `analyseCadFile` gives in the browser for the same bytes (the same domain code runs on the
 * server, in a worker pool); finding `triangles` index the mesh the browser imported itself.
 */
export interface QuoteFile {
  id: string;
  projectId: string;
  name: string;
  sizeBytes: number;
  /** Hex SHA-256 of the bytes, so a client can tell it uploaded the same file. */
  sha256: string;
  format: CadFormat;
  /** Null when nothing usable could be read (see the findings). */
  metrics: PartMetrics | null;
  findings: Finding[];
  summary: QuoteFileSummary | null;
  /** No error among the findings: the file can be priced and ordered. */
  orderable: boolean;
  /** The part's saved configuration, once `PUT …/configuration` was called. */
  configuration: PartConfiguration | null;
  uploadedAt: string;
  /** Uploaded + 3 months: the file is removed from storage after this. */
  expiresAt: string;
  /** `removed` after the 3 months: the metrics stay, the bytes are gone; it can no longer be ordered. */
  status: QuoteFileStatus;
  /** Time the server spent importing and measuring the file, ms. */
  analysisMs: number;
}

/**
 * `POST project/{id}/files`: `multipart/form-data` with one part named `file` (the name of the
 * file comes from its filename). Answers 201 with the `QuoteFile`.
 * - 413: larger than the size limit (nothing is stored);
 * - 422: not a supported type judging by its content, empty, another file part, or the project
 *   already holds the most files allowed.
 */
export type UploadResponse = QuoteFile;

/** `GET project/{id}/files`: every file of the project, oldest first (at most the per-project limit). */
export interface QuoteFileList {
  list: QuoteFile[];
  total: number;
}

/** `PUT project/{id}/files/{fileId}/units`: confirm the units of an STL/OBJ file (metrics are re-read). */
export interface UnitsInput {
  unit: LengthUnit;
}

/** `GET project/upload-history?page&pageSize`: the caller's uploads of the last 3 months, newest first. */
export interface UploadHistoryItem {
  id: string;
  name: string;
  projectId: string;
  projectName: string;
  process: ProcessSlug;
  sizeBytes: number;
  format: CadFormat;
  orderable: boolean;
  uploadedAt: string;
  expiresAt: string;
  status: QuoteFileStatus;
}

export type UploadHistory = Page<UploadHistoryItem>;

// ---------------------------------------------------------------------------------------------
// Configuration and the price that counts

/**
 * `PUT project/{id}/files/{fileId}/configuration` with a `PartConfiguration` (its `process` must
 * be the project's) answers the server's quote; `GET project/{id}/files/{fileId}/quote` reads it.
 * An incomplete configuration is stored and answered with `result.validation` saying what is
 * missing (200); only a body that is not a configuration is a 422.
 */
export interface PartQuote {
  fileId: string;
  configuration: PartConfiguration;
  /** `quotePart(metrics, configuration, pricedAt, { geometryFindings })`, run by the server. */
  result: QuoteResult;
  /** The order time the price and ship date were computed for. */
  pricedAt: string;
}

// ---------------------------------------------------------------------------------------------
// Cart

/** `POST cart/items`: each file with its configuration (the file's saved one when left out). */
export interface CartItemsInput {
  items: { fileId: string; configuration?: PartConfiguration }[];
}

export type CartLineProblem = 'file-removed' | 'not-orderable';

export interface CartLine {
  id: string;
  fileId: string;
  fileName: string;
  projectId: string;
  projectName: string;
  configuration: PartConfiguration;
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
  currency: 'USD';
  /** Working days, and the day the parts leave the factory (`YYYY-MM-DD`). */
  leadTimeDays: number;
  shipDate: string;
  /** When the line was last priced; a line older than a day is priced again when the cart is read. */
  pricedAt: string;
  /** Null when the line can be ordered as it is. */
  problem: CartLineProblem | null;
  /** What to do about the problem, for the customer. */
  problemMessage: string | null;
  summary: QuoteFileSummary | null;
}

/** `GET cart`, and the answer of `POST cart/items` and `DELETE cart/items/{id}`. */
export interface Cart {
  lines: CartLine[];
  /** Sum of the orderable lines. */
  totalCents: number;
  currency: 'USD';
  /** EXW (Incoterms 2020): shipping, duties and taxes are not included. */
  exwNote: string;
}

// ---------------------------------------------------------------------------------------------
// Quote documents

/** `POST project/{id}/quote-document`: the files to include (all priced, orderable parts when left out). */
export interface QuoteDocumentInput {
  fileIds?: string[];
}

export interface QuoteDocumentLine {
  fileName: string;
  process: ProcessSlug;
  processName: string;
  materialName: string;
  colourName: string | null;
  /** Human-readable options: tolerance, finishes, tier. */
  options: string[];
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
  leadTimeDays: number;
  shipDate: string;
  sizeMm: [number, number, number] | null;
}

/**
 * `GET quote-document/{token}` (public, read-only): prices held until `expiresAt`;
 * `GET quote-document/{token}.pdf` is the same document as a PDF. After `expiresAt` both answer 410.
 */
export interface QuoteDocument {
  number: string;
  projectName: string;
  lines: QuoteDocumentLine[];
  totalCents: number;
  currency: 'USD';
  createdAt: string;
  /** Created + 30 days: the prices hold until then. */
  expiresAt: string;
  exwNote: string;
}

/** The answer of `POST project/{id}/quote-document`: the share link is shown only this once. */
export interface QuoteDocumentCreated extends QuoteDocument {
  token: string;
  /** Absolute links: the JSON document and the PDF. */
  url: string;
  pdfUrl: string;
}
