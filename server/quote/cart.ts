import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Cart, CartItemsInput, CartLine } from '#domain/api/quote';
import { findProcess } from '#domain/catalogue/lookup';
import { EXW_NOTE, type QuoteResult } from '#domain/pricing/quote-part';
import type { PartConfiguration } from '#domain/rules/quote-configuration';
import type { QuoteDeps as AppContext } from './quote-deps.ts';
import { iso } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { withinTransaction } from '../db/transact.ts';
import { HttpError } from '../errors.ts';
import { ownerColumns, type Owner } from './owner.ts';
import { isStale, priceFile, pricedColumns } from './pricing.ts';
import { FILE_REMOVED_MESSAGE, notOrderableMessage, parseJson, toCartLine, type FileRow } from './records.ts';

export const CART_ITEM_NOT_FOUND = 'Cart item not found.';

const processName = (slug: string) => findProcess(slug)?.name ?? slug;

/** Configurations compare by content, whatever the key order they arrived in. */
function sameConfiguration(a: PartConfiguration, b: PartConfiguration): boolean {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).sort(([x], [y]) => x.localeCompare(y)).map(([k, v]) => [k, canonical(v)]))
        : value;
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

/**
 * The cart (ADR 042): priced lines the checkout will turn into an order. Each line holds the
 * server's unit price, total, lead time and ship date from when it was priced; a line priced more
 * than a day ago is priced again when the cart is read.
 */
export class CartService {
  constructor(private readonly ctx: AppContext) {}

  /** The owner's file by id (through its project's owner, whose service it is made by), or 404. */
  private async ownFile(owner: Owner, fileId: string, db: Kysely<Database>): Promise<FileRow & { project_process: string }> {
    const file = await db
      .selectFrom('quote_file')
      .innerJoin('quote_project', 'quote_project.id', 'quote_file.project_id')
      .selectAll('quote_file')
      .select('quote_project.process as project_process')
      .where('quote_file.id', '=', fileId)
      .where(`quote_project.${owner.column}`, '=', owner.id)
      .executeTakeFirst();
    if (!file) throw new HttpError(404, 'File not found.');
    return file;
  }

  /** `db`: the caller's transaction when the change is answered once by its key (ADR 174). */
  async read(owner: Owner, db: Kysely<Database> = this.ctx.db): Promise<Cart> {
    const rows = await db
      .selectFrom('cart_item')
      .innerJoin('quote_file', 'quote_file.id', 'cart_item.file_id')
      .innerJoin('quote_project', 'quote_project.id', 'quote_file.project_id')
      .selectAll('cart_item')
      .select([
        'quote_file.name as file_name',
        'quote_file.project_id as project_id',
        'quote_file.summary as file_summary',
        'quote_file.removed_at as file_removed_at',
        'quote_file.metrics as file_metrics',
        'quote_file.findings as file_findings',
        'quote_project.name as project_name',
      ])
      .where(`cart_item.${owner.column}`, '=', owner.id)
      .orderBy('cart_item.created_at')
      .orderBy('cart_item.id')
      .execute();
    const now = this.ctx.clock();
    const lines: CartLine[] = [];
    for (const row of rows) {
      let item = row;
      if (!row.file_removed_at && isStale(row.priced_at, now)) {
        const result = priceFile({ name: row.file_name, metrics: row.file_metrics, findings: row.file_findings }, parseJson(row.configuration), now, this.ctx.config.maxOrderCents);
        const update = { quote: JSON.stringify(result), ...(result.orderable ? pricedColumns(result) : {}), priced_at: iso(now) };
        await db.updateTable('cart_item').set(update).where('id', '=', row.id).execute();
        item = { ...row, ...update };
      }
      lines.push(toCartLine(item, { name: row.file_name, project_id: row.project_id, summary: row.file_summary, removed_at: row.file_removed_at }, row.project_name));
    }
    return {
      lines,
      totalCents: lines.filter((l) => l.problem === null).reduce((sum, l) => sum + l.totalCents, 0),
      currency: 'USD',
      exwNote: EXW_NOTE,
    };
  }

  async line(owner: Owner, id: string): Promise<CartLine> {
    const line = (await this.read(owner)).lines.find((l) => l.id === id);
    if (!line) throw new HttpError(404, CART_ITEM_NOT_FOUND);
    return line;
  }

  /**
   * Adds parts, each priced now; every part must be the owner's, kept and orderable as configured,
   * otherwise nothing is added. The same part with the same configuration is priced again instead.
   */
  async add(owner: Owner, input: CartItemsInput, db: Kysely<Database> = this.ctx.db): Promise<Cart> {
    const now = this.ctx.clock();
    const priced: { file: FileRow; configuration: PartConfiguration; result: QuoteResult }[] = [];
    for (const [i, item] of input.items.entries()) {
      const file = await this.ownFile(owner, item.fileId, db);
      if (file.removed_at) throw new HttpError(410, FILE_REMOVED_MESSAGE);
      const configuration = item.configuration ?? (file.configuration ? parseJson<PartConfiguration>(file.configuration) : undefined);
      if (!configuration) {
        const message = `Choose the options of "${file.name}" before adding it to the cart.`;
        throw new HttpError(422, message, { [`items.${i}`]: [message] });
      }
      if (configuration.process !== file.project_process) {
        // ADR 100: a part is made by its project's service; a line priced for another is never added.
        const message = `"${file.name}" is in a project for ${processName(file.project_process)}, not ${processName(configuration.process)}: change the project's manufacturing service first.`;
        throw new HttpError(422, message, { [`items.${i}`]: [message], [`items.${i}.process`]: [message] });
      }
      const result = priceFile(file, configuration, now, this.ctx.config.maxOrderCents);
      if (!result.orderable) {
        const message = `"${file.name}" cannot be ordered as configured: ${notOrderableMessage(result)}`;
        throw new HttpError(422, message, { [`items.${i}`]: [message], ...Object.fromEntries(Object.entries(result.validation.errors).map(([k, v]) => [`items.${i}.${k}`, [...v]])) });
      }
      priced.push({ file, configuration, result });
    }
    const existing = await db.selectFrom('cart_item').select(['id', 'file_id', 'configuration']).where(owner.column, '=', owner.id).execute();
    await withinTransaction(db, async (trx) => {
      for (const [index, { file, configuration, result }] of priced.entries()) {
        const columns = { configuration: JSON.stringify(configuration), quote: JSON.stringify(result), ...pricedColumns(result), priced_at: iso(now) };
        const same = existing.find((e) => e.file_id === file.id && sameConfiguration(parseJson(e.configuration), configuration));
        if (same) await trx.updateTable('cart_item').set(columns).where('id', '=', same.id).execute();
        else
          await trx
            .insertInto('cart_item')
            .values({
              id: randomUUID(),
              ...ownerColumns(owner),
              file_id: file.id,
              ...columns,
              // A millisecond apart, so the lines list in the order they were given.
              created_at: iso(new Date(now.getTime() + index)),
            })
            .execute();
      }
    });
    return this.read(owner, db);
  }

  async remove(owner: Owner, id: string, db: Kysely<Database> = this.ctx.db): Promise<Cart> {
    const result = await db.deleteFrom('cart_item').where('id', '=', id).where(owner.column, '=', owner.id).executeTakeFirst();
    if (Number(result.numDeletedRows) !== 1) throw new HttpError(404, CART_ITEM_NOT_FOUND);
    return this.read(owner, db);
  }
}
