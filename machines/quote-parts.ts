import type { QuoteFile } from '#domain/api/quote';
import { shipDateAfter } from '#domain/lead-time/lead-time';
import type { QuoteResult } from '#domain/pricing/quote-part';
import { sameConfiguration } from '#domain/rules/quote-configuration';
import { selectQuote, type ConfiguratorContext } from './quote-configurator-machine';
import { uploadPhase, type UploadContext, type UploadPhase } from './upload-machine';

/**
 * The quote page's parts at a glance (issue 34 item 1): one row per part, derived from the
 * workspace's part and the snapshots of its upload and configurator, never stored. Pure, so that
 * the table, the quote's total and the machine tests read the same words-free facts.
 */

/** Where a part stands, as the parts table says it. */
export type PartStatus = 'reading' | 'analysing' | 'priced' | 'attention' | 'no-price' | 'in-review';

/** Why a part needs attention (the table words it; `message` is the server's or the rules' own words). */
export type AttentionReason =
  | { kind: 'upload-failed'; message: string | null }
  | { kind: 'analysis-failed'; message: string | null }
  | { kind: 'units' }
  | { kind: 'invalid'; message: string | null }
  | { kind: 'save-failed' };

export interface PartRow {
  id: string;
  /** The part's own name, in full: a split assembly's part without its assembly's file name. */
  name: string;
  /** The file of the assembly the part was split from, or null. */
  assembly: string | null;
  /** How many of the part one assembly holds, for a part of a bill of materials (ADR 162). */
  perAssembly: number | null;
  status: PartStatus;
  attention: AttentionReason | null;
  /** What keeps a part without a price from being priced (its first blocking finding's words). */
  noPriceReason: string | null;
  /** The upload's step while the file is read or sent, with its fraction (0–1) when known. */
  progress: { phase: UploadPhase; fraction: number | null } | null;
  quantity: number | null;
  unitPriceCents: number | null;
  totalCents: number | null;
  leadDays: number | null;
  shipDate: string | null;
  /** The colour is still to choose: asked when ordering, not when pricing (ADR 103). */
  needsColour: boolean;
  /** The part can be ordered as configured (priced, every rule met, the file on the server). */
  orderable: boolean;
  /** The server's file id, once stored. */
  fileId: string | null;
  /**
   * The part's manual review (ADR 163), as it stands for the options on screen: `pending`, `refused`
   * (with its reason), `held` (priced by staff, until `expiresAt`), or `expired`/`changed` (a
   * reviewed price that no longer applies: its 30 days are over, or the options changed since).
   */
  review: { state: 'pending' | 'refused' | 'held' | 'expired' | 'changed'; expiresAt: string | null; reason: string | null } | null;
}

/** The snapshots a row reads: the part's upload (a file dropped in this visit) and its configurator. */
export interface PartSnapshots {
  upload?: { value: unknown; context: Pick<UploadContext, 'progress' | 'importProgress' | 'error'> } | undefined;
  configurator?: { value: unknown; context: ConfiguratorContext } | undefined;
}

/** What a row needs of the workspace's part. */
export interface RowPart {
  id: string;
  fileName: string;
  serverFile: QuoteFile | null;
}

const BUSY: ReadonlySet<UploadPhase> = new Set(['checking', 'importing', 'uploading', 'waiting']);

/** The en dash the server puts between an assembly's file and its part's name (ADR 131). */
export const SPLIT_SEPARATOR = ' – ';

/**
 * A part's name and its assembly: a part split from an assembly is named "<file> – <part>" by the
 * server; its own name is what follows the file's, shown in full, with the file as its assembly.
 */
export function partName(fileName: string, splitFrom: string | null | undefined): { name: string; assembly: string | null } {
  if (!splitFrom) return { name: fileName, assembly: null };
  const at = fileName.indexOf(SPLIT_SEPARATOR);
  if (at <= 0) return { name: fileName, assembly: null };
  return { name: fileName.slice(at + SPLIT_SEPARATOR.length), assembly: fileName.slice(0, at) };
}

function firstError(quote: QuoteResult, besides: readonly string[]): string | null {
  for (const [field, messages] of Object.entries(quote.validation.errors)) {
    if (!besides.includes(field) && messages.length > 0) return messages[0]!;
  }
  return null;
}

/** One part's row. */
export function partRow(part: RowPart, snapshots: PartSnapshots): PartRow {
  const { name, assembly } = partName(part.fileName, part.serverFile?.splitFrom);
  const row: PartRow = {
    id: part.id,
    name,
    assembly,
    perAssembly: part.serverFile?.assembly?.perAssembly ?? null,
    status: 'reading',
    attention: null,
    noPriceReason: null,
    progress: null,
    quantity: null,
    unitPriceCents: null,
    totalCents: null,
    leadDays: null,
    shipDate: null,
    needsColour: false,
    orderable: false,
    fileId: part.serverFile?.id ?? null,
    review: null,
  };
  const upload = snapshots.upload;
  if (upload) {
    const phase = uploadPhase(upload);
    if (phase === 'failed') return { ...row, status: 'attention', attention: { kind: 'upload-failed', message: upload.context.error } };
    if (BUSY.has(phase)) {
      const fraction = phase === 'uploading' ? upload.context.progress : phase === 'importing' ? upload.context.importProgress : null;
      row.progress = { phase, fraction };
    }
  }
  const file = part.serverFile;
  const configurator = snapshots.configurator;
  const review = file?.review;
  if (review?.status === 'pending') {
    return { ...row, status: 'in-review', quantity: review.configuration.quantity, review: { state: 'pending', expiresAt: null, reason: null } };
  }
  if (review?.status === 'refused') {
    return { ...row, status: 'no-price', noPriceReason: review.refusal?.reason ?? null, review: { state: 'refused', expiresAt: null, reason: review.refusal?.reason ?? null } };
  }
  if (review?.status === 'answered' && review.answer) {
    const now = configurator?.context.orderedAt ?? Date.now();
    const onScreen = configurator?.context.configuration ?? file?.configuration ?? null;
    const held = review.answer.expiresAt > new Date(now).toISOString();
    const same = onScreen !== null && sameConfiguration(onScreen, review.configuration);
    if (held && same) {
      const a = review.answer;
      return {
        ...row,
        status: 'priced',
        quantity: review.configuration.quantity,
        unitPriceCents: a.unitPriceCents,
        totalCents: a.totalCents,
        leadDays: a.leadTimeDays,
        shipDate: shipDateAfter(a.leadTimeDays, now),
        orderable: true,
        review: { state: 'held', expiresAt: a.expiresAt, reason: null },
      };
    }
    row.review = { state: held ? 'changed' : 'expired', expiresAt: review.answer.expiresAt, reason: null };
  }
  if (file?.analysis === 'failed') return { ...row, status: 'attention', attention: { kind: 'analysis-failed', message: file.analysisError } };
  if (!configurator) {
    if (file?.analysis === 'analysing') return { ...row, status: 'analysing' };
    // A stored file with nothing to measure: what it says is in its findings.
    if (file && !file.metrics && file.analysis === 'done') {
      return { ...row, status: 'no-price', noPriceReason: file.findings.find((f) => f.severity === 'error')?.message ?? null };
    }
    return row;
  }
  const context = configurator.context;
  const quote = selectQuote(context);
  row.quantity = context.configuration.quantity;
  if (quote.blocking.length > 0) return { ...row, status: 'no-price', noPriceReason: quote.blocking[0]!.message };
  row.unitPriceCents = quote.unitPriceCents;
  row.totalCents = quote.totalCents;
  row.leadDays = quote.leadTime?.totalWorkingDays ?? null;
  row.shipDate = quote.shipDate;
  row.needsColour = context.configuration.colourId === null;
  const invalid = firstError(quote, ['colour']);
  if (invalid !== null) return { ...row, status: 'attention', attention: { kind: 'invalid', message: invalid } };
  if (quote.totalCents === null) return { ...row, status: 'no-price' };
  if (file?.analysis === 'analysing') return { ...row, status: 'analysing' };
  if (configurator.value === 'failed') return { ...row, status: 'attention', attention: { kind: 'save-failed' } };
  if (context.geometryFindings.some((f) => f.code === 'units-uncertain')) return { ...row, status: 'attention', attention: { kind: 'units' } };
  if (row.progress) return { ...row, status: 'reading' };
  return { ...row, status: 'priced', orderable: quote.orderable && file !== null && file.analysis === 'done' };
}

/**
 * Rows whose names are the same (two bodies named alike, two uploads of one file) get their place
 * among them after the name, so that no two rows read the same.
 */
export function distinctNames(rows: readonly PartRow[]): PartRow[] {
  const key = (r: PartRow) => `${r.assembly ?? ''}\u0000${r.name}`;
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(key(r), (counts.get(key(r)) ?? 0) + 1);
  const seen = new Map<string, number>();
  return rows.map((r) => {
    if ((counts.get(key(r)) ?? 0) < 2) return r;
    const n = (seen.get(key(r)) ?? 0) + 1;
    seen.set(key(r), n);
    return { ...r, name: `${r.name} (${n})` };
  });
}

/** The quote's total: the priced parts' line totals, the latest of their ship dates, and what is left out. */
export interface QuoteTotals {
  totalCents: number;
  pricedCount: number;
  /** Parts with no price yet or none at all (reading, analysing, in review, no price, needing attention). */
  unpricedCount: number;
  latestShipDate: string | null;
}

export function quoteTotals(rows: readonly PartRow[]): QuoteTotals {
  let totalCents = 0;
  let pricedCount = 0;
  let latestShipDate: string | null = null;
  for (const r of rows) {
    if (r.status !== 'priced' || r.totalCents === null) continue;
    totalCents += r.totalCents;
    pricedCount += 1;
    if (r.shipDate && (latestShipDate === null || r.shipDate > latestShipDate)) latestShipDate = r.shipDate;
  }
  return { totalCents, pricedCount, unpricedCount: rows.length - pricedCount, latestShipDate };
}
