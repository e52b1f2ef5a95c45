import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Kysely, Selectable } from 'kysely';
import type { ReorderResponse } from '#domain/api/order';
import type { Project } from '#domain/api/quote';
import { findProcess } from '#domain/catalogue/lookup';
import { formatUsd } from '#domain/pricing/money';
import { PROJECT_NAME_MAX_LENGTH, QUOTE_FILE_RETENTION_MONTHS } from '#domain/rules/project-rules';
import type { ServerConfig } from '../config.ts';
import type { QuoteServices } from '../quote/quote-services.ts';
import { iso, type Clock } from '../clock.ts';
import type { Database, OrderLineTable, QuoteFileTable, QuoteProjectTable } from '../db/schema.ts';
import { SNAPSHOTS } from '../db/json-column.ts';
import { HttpError } from '../errors.ts';
import { priceFile } from '../quote/pricing.ts';
import { toProject } from '../quote/records.ts';
import { addMonths } from '../quote/retention.ts';
import { findOwnOrder } from './orders.ts';

export const REORDER_MESSAGES = {
  fileDeleted: (name: string) => `"${name}" could not come back: its model file was deleted with its project. Upload it again to quote it.`,
  fileRemoved: (name: string) =>
    `"${name}" could not come back: its model file was removed after being kept for ${QUOTE_FILE_RETENTION_MONTHS} months. Upload it again to quote it.`,
  nothingLeft: `None of this order's model files is kept any more (files are kept ${QUOTE_FILE_RETENTION_MONTHS} months): upload them again to quote them.`,
  priceChanged: (name: string, now: number, then: number, orderNumber: string) =>
    `The price of "${name}" is now ${formatUsd(now)} (it was ${formatUsd(then)} in order ${orderNumber}).`,
  notOrderable: (name: string) => `"${name}" cannot be ordered as configured any more: open it in the project to choose other options.`,
} as const;

/** The new project's name: the order it came from, and the service when the order spans several. */
export function reorderProjectName(orderNumber: string, processName: string | null): string {
  const name = processName ? `Reorder of ${orderNumber} (${processName})` : `Reorder of ${orderNumber}`;
  return name.slice(0, PROJECT_NAME_MAX_LENGTH);
}

interface Copy {
  line: Selectable<OrderLineTable>;
  file: Selectable<QuoteFileTable>;
}

/**
 * Reorder (issue 15): the order's products back in new quote projects with the configurations
 * ordered, priced again now by the server (the price that counts, ADR 042). A project holds one
 * manufacturing service, so an order of several services gives one project per service, in the
 * order of the products. Each model file is copied (the new project owns its bytes and keeps them
 * another 3 months; deleting either project leaves the other whole). A product whose file is gone
 * is left out and said so; nothing is written unless at least one product comes back.
 */
/** What a reorder uses (ADR 181): the database, the clock, the order ceiling and the quote files. */
export interface ReorderDeps {
  db: Kysely<Database>;
  clock: Clock;
  config: Pick<ServerConfig, 'maxOrderCents'>;
  quote: Pick<QuoteServices, 'files'>;
}

export async function reorder(ctx: ReorderDeps, userId: string, orderId: string): Promise<ReorderResponse> {
  const { db } = ctx;
  const order = await findOwnOrder(db, userId, orderId);
  const lines = await db.selectFrom('order_line').selectAll().where('order_id', '=', order.id).orderBy('position').execute();
  const fileIds = [...new Set(lines.map((l) => l.file_id))];
  const files = fileIds.length === 0 ? [] : await db.selectFrom('quote_file').selectAll().where('id', 'in', fileIds).execute();
  const byId = new Map(files.map((f) => [f.id, f]));

  const notices: string[] = [];
  const copies: Copy[] = [];
  for (const line of lines) {
    const file = byId.get(line.file_id);
    if (!file) notices.push(REORDER_MESSAGES.fileDeleted(line.file_name));
    else if (file.removed_at || !(await ctx.quote.files.has(file.storage_key))) notices.push(REORDER_MESSAGES.fileRemoved(line.file_name));
    else copies.push({ line, file });
  }
  if (copies.length === 0) throw new HttpError(410, REORDER_MESSAGES.nothingLeft);

  const groups = new Map<string, Copy[]>();
  for (const copy of copies) groups.set(copy.line.process, [...(groups.get(copy.line.process) ?? []), copy]);

  const now = ctx.clock();
  const at = iso(now);
  const expiresAt = iso(addMonths(now, QUOTE_FILE_RETENTION_MONTHS));
  const stored: string[] = [];
  const projects: { row: Selectable<QuoteProjectTable>; files: Selectable<QuoteFileTable>[] }[] = [];
  let changedPrices = 0;
  try {
    for (const [process, group] of groups) {
      const project: Selectable<QuoteProjectTable> = {
        id: randomUUID(),
        user_id: userId,
        temp_subject_id: null,
        name: reorderProjectName(order.number, groups.size > 1 ? (findProcess(process)?.name ?? process) : null),
        process,
        created_at: at,
        updated_at: at,
      };
      const newFiles: Selectable<QuoteFileTable>[] = [];
      for (const { line, file } of group) {
        const id = randomUUID();
        const key = `${project.id}/${id}`;
        await copyStored(ctx, file.storage_key, key);
        stored.push(key);
        const configuration = SNAPSHOTS.lineConfiguration.read(line.configuration);
        const result = priceFile(file, configuration, now, ctx.config.maxOrderCents);
        if (!result.orderable || result.totalCents === null) notices.push(REORDER_MESSAGES.notOrderable(line.name));
        else if (result.totalCents !== Number(line.total_cents)) {
          changedPrices += 1;
          notices.push(REORDER_MESSAGES.priceChanged(line.name, result.totalCents, Number(line.total_cents), order.number));
        }
        newFiles.push({
          ...file,
          id,
          project_id: project.id,
          storage_key: key,
          configuration: JSON.stringify(configuration),
          quote: JSON.stringify(result),
          priced_at: at,
          uploaded_at: at,
          expires_at: expiresAt,
          removed_at: null,
        });
      }
      projects.push({ row: project, files: newFiles });
    }
    await db.transaction().execute(async (trx) => {
      for (const { row, files: newFiles } of projects) {
        await trx.insertInto('quote_project').values(row).execute();
        await trx.insertInto('quote_file').values(newFiles).execute();
      }
    });
  } catch (error) {
    for (const key of stored) await ctx.quote.files.delete(key);
    throw error;
  }
  const answer: Project[] = projects.map(({ row, files: newFiles }) => toProject(row, newFiles.length));
  return { projects: answer, notices, changedPrices };
}

/** Copies stored bytes under a new key, through the spool (the store's only way in). */
async function copyStored(ctx: Pick<ReorderDeps, 'quote'>, from: string, to: string): Promise<void> {
  const source = await ctx.quote.files.open(from);
  if (!source) throw new HttpError(410, REORDER_MESSAGES.nothingLeft);
  await fs.mkdir(ctx.quote.files.spoolDir, { recursive: true });
  const spool = path.join(ctx.quote.files.spoolDir, `reorder-${randomUUID()}`);
  try {
    await pipeline(source.stream, createWriteStream(spool));
    await ctx.quote.files.putFile(to, spool);
  } finally {
    await fs.rm(spool, { force: true });
  }
}
