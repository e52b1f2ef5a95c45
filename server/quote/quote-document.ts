import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { APP_BASE_PATH, MICROSERVICE_API_BASE } from '#domain/api/bases';
import type { Cart, QuoteDocument, QuoteDocumentCreated, QuoteDocumentLine } from '#domain/api/quote';
import { PROJECT_NAME_MAX_LENGTH, QUOTE_DOCUMENT_HOLD_DAYS, QUOTE_FILE_RETENTION_MONTHS } from '#domain/rules/project-rules';
import { findMaterial, findProcess } from '#domain/catalogue/lookup';
import { partFindingNotes } from '#domain/geometry/findings';
import { EXW_NOTE, type QuoteResult } from '#domain/pricing/quote-part';
import { describeFinish, type PartConfiguration } from '#domain/rules/quote-configuration';
import type { QuoteDeps as AppContext } from './quote-deps.ts';
import { iso } from '../clock.ts';
import type { QuoteDocumentTable, QuoteProjectTable } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import { ownerColumns, type Owner } from './owner.ts';
import { CartService } from './cart.ts';
import { priceFile } from './pricing.ts';
import { drawingsOf } from './part-documents.ts';
import { addMonths } from './retention.ts';
import { FILE_REMOVED_MESSAGE, fileFindings, fileMetrics, notOrderableMessage, parseJson, type FileRow } from './records.ts';

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

/**
 * A held line as stored: the public line plus what ordering it again needs (the file and the
 * configuration). Only the public part is ever answered.
 */
interface StoredLine extends QuoteDocumentLine {
  fileId?: string;
  configuration?: PartConfiguration;
}

/** One held line: what was chosen, in words, and the price and dates of `result`. */
export function documentLine(
  file: Pick<FileRow, 'name' | 'metrics' | 'findings' | 'note'>,
  configuration: PartConfiguration,
  result: QuoteResult,
  drawingName: string | null = null,
): QuoteDocumentLine {
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
      ...configuration.finishes.map((f) => describeFinish(f)),
      `Lead time: ${tier?.label ?? configuration.tier}`,
    ],
    quantity: configuration.quantity,
    unitPriceCents: result.unitPriceCents ?? 0,
    totalCents: result.totalCents ?? 0,
    leadTimeDays: result.leadTime?.totalWorkingDays ?? 0,
    shipDate: result.shipDate ?? '',
    sizeMm: metrics ? [metrics.size[0], metrics.size[1], metrics.size[2]] : null,
    findings: partFindingNotes(fileFindings(file), result.findings, configuration.process),
    drawingName,
    note: file.note || null,
  };
}

/**
 * Prices the chosen parts afresh and stores the lines with a 30-day hold (ADR 043). With no
 * `fileIds`, every configured part of the project that can be ordered is included.
 */
export async function createQuoteDocument(ctx: AppContext, owner: Owner, project: QuoteProjectTable, fileIds: readonly string[] | undefined): Promise<QuoteDocumentCreated> {
  const files = await ctx.db.selectFrom('quote_file').selectAll().where('project_id', '=', project.id).orderBy('uploaded_at').orderBy('id').execute();
  const now = ctx.clock();
  const lines: StoredLine[] = [];
  // The drawing and the note travel with each line (issue 34 item 5): named in the document and its PDF.
  const drawings = await drawingsOf(ctx.db, files.map((f) => f.id));
  const held = (file: FileRow, configuration: PartConfiguration, result: QuoteResult): StoredLine => ({
    ...documentLine(file, configuration, result, drawings.get(file.id)?.name ?? null),
    fileId: file.id,
    configuration,
  });
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
      lines.push(held(file, configuration, result));
    }
  } else {
    for (const file of files) {
      if (file.removed_at || !file.configuration || !file.metrics) continue;
      const configuration = parseJson<PartConfiguration>(file.configuration);
      const result = priceFile(file, configuration, now, ctx.config.maxOrderCents);
      if (result.orderable) lines.push(held(file, configuration, result));
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
  return { ...toQuoteDocument(row), token, url, pdfUrl: `${url}.pdf`, pageUrl: `${ctx.config.publicUrl}${APP_BASE_PATH}quote/shared/${token}` };
}

export function toQuoteDocument(row: QuoteDocumentTable): QuoteDocument {
  return {
    number: row.number,
    projectName: row.project_name,
    lines: parseJson<StoredLine[]>(row.lines).map(publicLine),
    totalCents: Number(row.total_cents),
    currency: 'USD',
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    exwNote: EXW_NOTE,
  };
}

function publicLine({ fileId: _fileId, configuration: _configuration, ...line }: StoredLine): QuoteDocumentLine {
  // Documents held before findings, drawings or notes were kept have none to show.
  return { ...line, findings: line.findings ?? [], drawingName: line.drawingName ?? null, note: line.note ?? null };
}

async function documentRow(ctx: AppContext, token: string): Promise<QuoteDocumentTable> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) throw new HttpError(404, QUOTE_DOCUMENT_NOT_FOUND);
  const row = await ctx.db.selectFrom('quote_document').selectAll().where('token_hash', '=', tokenHash(token)).executeTakeFirst();
  if (!row) throw new HttpError(404, QUOTE_DOCUMENT_NOT_FOUND);
  if (Date.parse(row.expires_at) <= ctx.clock().getTime()) {
    throw new HttpError(410, `This quote expired on ${row.expires_at.slice(0, 10)}: its prices no longer hold. Please ask for a new quote.`);
  }
  return row;
}

/** The document behind a share token: 404 when unknown, 410 once the hold has ended. */
export async function readQuoteDocument(ctx: AppContext, token: string): Promise<QuoteDocument> {
  return toQuoteDocument(await documentRow(ctx, token));
}

/**
 * Orders a shared quote (ADR 101): its parts go into the caller's cart with the quoted
 * configurations, priced now by the cart. The sender's own parts are used as they are; anyone
 * else gets a copy of the files in a new project of their own (named after the quote), so the
 * sender's project stays theirs. Nothing is added unless every part can be.
 */
export async function orderQuoteDocument(ctx: AppContext, owner: Owner, token: string): Promise<{ projectId: string; cart: Cart }> {
  const document = await documentRow(ctx, token);
  const lines = parseJson<StoredLine[]>(document.lines);
  const files = [];
  for (const line of lines) {
    if (!line.fileId || !line.configuration) throw new HttpError(422, `Quote ${document.number} cannot be ordered from its link: please ask for a new quote.`);
    const file = await ctx.db
      .selectFrom('quote_file')
      .innerJoin('quote_project', 'quote_project.id', 'quote_file.project_id')
      .selectAll('quote_file')
      .select(['quote_project.user_id as owner_user_id', 'quote_project.temp_subject_id as owner_temp_subject_id'])
      .where('quote_file.id', '=', line.fileId)
      .executeTakeFirst();
    if (!file || file.removed_at) throw new HttpError(410, `"${line.fileName}" is no longer kept (files are kept ${QUOTE_FILE_RETENTION_MONTHS} months): please ask for a new quote.`);
    files.push({ file, configuration: line.configuration });
  }
  const own = files.every(({ file }) => (owner.column === 'user_id' ? file.owner_user_id : file.owner_temp_subject_id) === owner.id);
  let items = files.map(({ file, configuration }) => ({ fileId: file.id, configuration }));
  let projectId = files[0]?.file.project_id ?? document.project_id;
  if (!own) {
    const copied = await copyIntoNewProject(ctx, owner, document, files);
    projectId = copied.projectId;
    items = copied.items;
  }
  const cart = await new CartService(ctx).add(owner, { items });
  return { projectId, cart };
}

/** The quoted files copied (bytes, analysis and the quoted configuration) into a new project of the caller's. */
async function copyIntoNewProject(
  ctx: AppContext,
  owner: Owner,
  document: QuoteDocumentTable,
  files: readonly { file: FileRow & { owner_user_id: string | null; owner_temp_subject_id: string | null }; configuration: PartConfiguration }[],
): Promise<{ projectId: string; items: { fileId: string; configuration: PartConfiguration }[] }> {
  const now = ctx.clock();
  const projectId = randomUUID();
  const process = files[0]?.configuration.process ?? '3d-printing';
  const copies: { key: string; row: FileRow }[] = [];
  try {
    for (const { file: { owner_user_id: _user, owner_temp_subject_id: _visitor, ...file }, configuration } of files) {
      const stored = await ctx.quote.files.open(file.storage_key);
      if (!stored) throw new HttpError(410, `"${file.name}" is no longer kept: please ask for a new quote.`);
      const id = randomUUID();
      const key = `${projectId}/${id}`;
      const spool = path.join(ctx.quote.files.spoolDir, `${randomUUID()}.part`);
      await fs.mkdir(ctx.quote.files.spoolDir, { recursive: true });
      try {
        await pipeline(stored.stream, createWriteStream(spool));
        await ctx.quote.files.putFile(key, spool);
      } finally {
        await fs.rm(spool, { force: true }); // moved by putFile, or left by a failure: never kept (issue 32 item 1)
      }
      copies.push({
        key,
        row: {
          ...file,
          id,
          project_id: projectId,
          storage_key: key,
          configuration: JSON.stringify(configuration),
          quote: null,
          priced_at: null,
          uploaded_at: iso(now),
          expires_at: iso(addMonths(now, QUOTE_FILE_RETENTION_MONTHS)),
          removed_at: null,
        },
      });
    }
    const name = `${document.project_name} (${document.number})`.slice(0, PROJECT_NAME_MAX_LENGTH);
    await ctx.db.transaction().execute(async (trx) => {
      await trx.insertInto('quote_project').values({ id: projectId, ...ownerColumns(owner), name, process, created_at: iso(now), updated_at: iso(now) }).execute();
      for (const { row } of copies) await trx.insertInto('quote_file').values(row).execute();
    });
  } catch (error) {
    for (const { key } of copies) await ctx.quote.files.delete(key);
    throw error;
  }
  return { projectId, items: copies.map(({ row }) => ({ fileId: row.id, configuration: parseJson<PartConfiguration>(row.configuration!) })) };
}
