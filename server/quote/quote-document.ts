import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { MICROSERVICE_API_BASE } from '#domain/api/bases';
import type { QuoteDocument, QuoteDocumentCreated, QuoteDocumentLine } from '#domain/api/quote';
import { QUOTE_DOCUMENT_HOLD_DAYS } from '#domain/rules/project-rules';
import { findMaterial, findProcess, getFinish } from '#domain/catalogue/lookup';
import { EXW_NOTE, type QuoteResult } from '#domain/pricing/quote-part';
import type { FinishSelection, PartConfiguration } from '#domain/rules/quote-configuration';
import type { AppContext } from '../app-context.ts';
import { iso } from '../clock.ts';
import type { QuoteDocumentTable, QuoteProjectTable } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import { ownerColumns, type Owner } from './owner.ts';
import { priceFile } from './pricing.ts';
import { FILE_REMOVED_MESSAGE, fileMetrics, notOrderableMessage, parseJson, type FileRow } from './records.ts';

export const QUOTE_DOCUMENT_NOT_FOUND = 'Failed to fetch quotation data.';

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** `Q-20261121-7KX2QM`: the date and six characters without look-alikes (0/O, 1/I). */
function documentNumber(now: Date): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const random = [...randomBytes(6)].map((b) => alphabet[b % alphabet.length]).join('');
  return `Q-${iso(now).slice(0, 10).replaceAll('-', '')}-${random}`;
}

function finishText(finish: FinishSelection): string {
  const label = getFinish(finish.kind).label;
  switch (finish.kind) {
    case 'painting':
    case 'silkscreen':
      return `${label}: ${finish.colours.join(', ')}`;
    case 'dyeing':
      return `${label} (${finish.style}): ${finish.colours.join(', ')}`;
    case 'special-treatment':
      return finish.note ? `${label}: ${finish.note}` : label;
    case 'spray-paint':
      return finish.colour ? `${label}: ${finish.colour}` : label;
    case 'tapping':
      return `${label}: ${finish.holes} hole${finish.holes === 1 ? '' : 's'}`;
    case 'brass-insert':
    case 'helicoil': {
      const count = finish.inserts.reduce((n, i) => n + i.count, 0);
      return `${label}: ${count} insert${count === 1 ? '' : 's'}`;
    }
  }
}

/** One held line: what was chosen, in words, and the price and dates of `result`. */
export function documentLine(file: Pick<FileRow, 'name' | 'metrics'>, configuration: PartConfiguration, result: QuoteResult): QuoteDocumentLine {
  const process = findProcess(configuration.process);
  const material = findMaterial(configuration.process, configuration.materialId);
  const tolerance = material?.tolerances.find((t) => t.id === configuration.toleranceId) ?? material?.tolerances[0];
  const tier = process?.tiers[configuration.tier];
  const metrics = fileMetrics(file);
  return {
    fileName: file.name,
    process: configuration.process,
    processName: process?.name ?? configuration.process,
    materialName: material?.name ?? configuration.materialId,
    colourName: material?.colours.find((c) => c.id === configuration.colourId)?.name ?? null,
    options: [
      ...(tolerance ? [`Tolerance: ${tolerance.label}`] : []),
      ...(configuration.hardnessShoreA !== undefined ? [`Hardness: Shore A ${configuration.hardnessShoreA}`] : []),
      ...configuration.finishes.map(finishText),
      `Lead time: ${tier?.label ?? configuration.tier}`,
    ],
    quantity: configuration.quantity,
    unitPriceCents: result.unitPriceCents ?? 0,
    totalCents: result.totalCents ?? 0,
    leadTimeDays: result.leadTime?.totalWorkingDays ?? 0,
    shipDate: result.shipDate ?? '',
    sizeMm: metrics ? [metrics.size[0], metrics.size[1], metrics.size[2]] : null,
  };
}

/**
 * Prices the chosen parts afresh and stores the lines with a 30-day hold (ADR 043). With no
 * `fileIds`, every configured part of the project that can be ordered is included.
 */
export async function createQuoteDocument(ctx: AppContext, owner: Owner, project: QuoteProjectTable, fileIds: readonly string[] | undefined): Promise<QuoteDocumentCreated> {
  const files = await ctx.db.selectFrom('quote_file').selectAll().where('project_id', '=', project.id).orderBy('uploaded_at').orderBy('id').execute();
  const now = ctx.clock();
  const lines: QuoteDocumentLine[] = [];
  if (fileIds !== undefined) {
    const wanted = [...new Set(fileIds)];
    for (const id of wanted) {
      const file = files.find((f) => f.id === id);
      if (!file) throw new HttpError(404, 'File not found.');
      if (file.removed_at) throw new HttpError(410, FILE_REMOVED_MESSAGE);
      if (!file.configuration) throw new HttpError(422, `Choose the options of "${file.name}" first.`, { fileIds: [`Choose the options of "${file.name}" first.`] });
      const configuration = parseJson<PartConfiguration>(file.configuration);
      const result = priceFile(file, configuration, now, ctx.config.maxOrderCents);
      if (!result.orderable) {
        const message = `"${file.name}" cannot be quoted as configured: ${notOrderableMessage(result)}`;
        throw new HttpError(422, message, { fileIds: [message] });
      }
      lines.push(documentLine(file, configuration, result));
    }
  } else {
    for (const file of files) {
      if (file.removed_at || !file.configuration || !file.metrics) continue;
      const configuration = parseJson<PartConfiguration>(file.configuration);
      const result = priceFile(file, configuration, now, ctx.config.maxOrderCents);
      if (result.orderable) lines.push(documentLine(file, configuration, result));
    }
  }
  if (lines.length === 0) {
    const message = 'Configure at least one part that can be ordered before creating a quote document.';
    throw new HttpError(422, message, { fileIds: [message] });
  }
  const token = randomBytes(24).toString('base64url');
  const row: QuoteDocumentTable = {
    id: randomUUID(),
    token_hash: tokenHash(token),
    number: documentNumber(now),
    ...ownerColumns(owner),
    project_id: project.id,
    project_name: project.name,
    lines: JSON.stringify(lines),
    total_cents: lines.reduce((sum, l) => sum + l.totalCents, 0),
    currency: 'USD',
    created_at: iso(now),
    expires_at: iso(new Date(now.getTime() + QUOTE_DOCUMENT_HOLD_DAYS * 24 * 3600 * 1000)),
  };
  await ctx.db.insertInto('quote_document').values(row).execute();
  const url = `${ctx.config.publicUrl}${MICROSERVICE_API_BASE}/${ctx.config.apiSegment}/quote-document/${token}`;
  return { ...toQuoteDocument(row), token, url, pdfUrl: `${url}.pdf` };
}

export function toQuoteDocument(row: QuoteDocumentTable): QuoteDocument {
  return {
    number: row.number,
    projectName: row.project_name,
    lines: parseJson<QuoteDocumentLine[]>(row.lines),
    totalCents: Number(row.total_cents),
    currency: 'USD',
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    exwNote: EXW_NOTE,
  };
}

/** The document behind a share token: 404 when unknown, 410 once the hold has ended. */
export async function readQuoteDocument(ctx: AppContext, token: string): Promise<QuoteDocument> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) throw new HttpError(404, QUOTE_DOCUMENT_NOT_FOUND);
  const row = await ctx.db.selectFrom('quote_document').selectAll().where('token_hash', '=', tokenHash(token)).executeTakeFirst();
  if (!row) throw new HttpError(404, QUOTE_DOCUMENT_NOT_FOUND);
  if (Date.parse(row.expires_at) <= ctx.clock().getTime()) {
    throw new HttpError(410, `This quote expired on ${row.expires_at.slice(0, 10)}: its prices no longer hold. Please ask for a new quote.`);
  }
  return toQuoteDocument(row);
}
