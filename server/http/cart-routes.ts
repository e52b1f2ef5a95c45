import { randomUUID } from 'node:crypto';
import type { Cart, CartLine } from '#domain/api/quote';
import { EXW_NOTE, type QuoteResult } from '#domain/pricing/quote-part';
import type { PartConfiguration } from '#domain/rules/quote-configuration';
import type { AppContext } from '../app-context.ts';
import { iso } from '../clock.ts';
import { readConfiguration } from '../quote/configuration.ts';
import { idParam, ownerColumns, ownerOf, type Owner } from '../quote/owner.ts';
import { isStale, priceFile, pricedColumns } from '../quote/pricing.ts';
import { FILE_REMOVED_MESSAGE, notOrderableMessage, parseJson, toCartLine, type FileRow } from '../quote/records.ts';
import { ApiRouter } from './api-router.ts';
import { HttpError } from '../errors.ts';
import { s } from './json-schema.ts';
import { quoteSchemas as q } from './quote-schemas.ts';
import { readJson } from './request.ts';

const CART_ITEM_NOT_FOUND = 'Cart item not found.';

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
export function cartRoutes(ctx: AppContext): ApiRouter {
  const { db } = ctx;
  const router = new ApiRouter('/cart', 'Cart', { rateLimiter: ctx.rateLimiter, trustProxy: ctx.config.trustProxy });

  /** The caller's file by id (through its project's owner), or 404. */
  const ownFile = async (owner: Owner, fileId: unknown): Promise<FileRow> => {
    const id = typeof fileId === 'string' ? fileId : '';
    const file = await db
      .selectFrom('quote_file')
      .innerJoin('quote_project', 'quote_project.id', 'quote_file.project_id')
      .selectAll('quote_file')
      .where('quote_file.id', '=', id)
      .where(`quote_project.${owner.column}`, '=', owner.id)
      .executeTakeFirst();
    if (!file) throw new HttpError(404, 'File not found.');
    return file;
  };

  const readCart = async (owner: Owner): Promise<Cart> => {
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
    const now = ctx.clock();
    const lines: CartLine[] = [];
    for (const row of rows) {
      let item = row;
      if (!row.file_removed_at && isStale(row.priced_at, now)) {
        const result = priceFile({ name: row.file_name, metrics: row.file_metrics, findings: row.file_findings }, parseJson(row.configuration), now);
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
  };

  router.route({
    method: 'get',
    path: '/',
    summary: 'The cart: priced lines (priced again when older than a day)',
    auth: 'session',
    response: q.Cart,
    handler: async (c) => c.json(await readCart(ownerOf(c))),
  });

  router.route({
    method: 'post',
    path: '/items',
    summary: 'Add parts to the cart, each with its configuration (the saved one when left out)',
    description:
      'Every part must be the caller’s, still kept, and orderable as configured; otherwise nothing is added (404, 410 or 422 naming the part). The same part with the same configuration is priced again instead of added twice.',
    auth: 'session',
    body: q.CartItemsInput,
    response: q.Cart,
    status: 201,
    handler: async (c) => {
      const owner = ownerOf(c);
      const body = await readJson(c);
      const items = body.items;
      if (!Array.isArray(items) || items.length === 0 || items.length > 100) {
        throw new HttpError(422, 'Please choose at least one part (items).', { items: ['Please choose at least one part (items).'] });
      }
      const now = ctx.clock();
      const priced: { file: FileRow; configuration: PartConfiguration; result: QuoteResult }[] = [];
      for (const [i, item] of items.entries()) {
        if (typeof item !== 'object' || item === null) throw new HttpError(422, 'Each item needs a fileId.', { [`items.${i}`]: ['Each item needs a fileId.'] });
        const { fileId, configuration: given } = item as Record<string, unknown>;
        const file = await ownFile(owner, fileId);
        if (file.removed_at) throw new HttpError(410, FILE_REMOVED_MESSAGE);
        const configuration = given !== undefined ? readConfiguration(given, `items.${i}.configuration`) : file.configuration ? parseJson<PartConfiguration>(file.configuration) : undefined;
        if (!configuration) {
          const message = `Choose the options of "${file.name}" before adding it to the cart.`;
          throw new HttpError(422, message, { [`items.${i}`]: [message] });
        }
        const result = priceFile(file, configuration, now);
        if (!result.orderable) {
          const message = `"${file.name}" cannot be ordered as configured: ${notOrderableMessage(result)}`;
          throw new HttpError(422, message, { [`items.${i}`]: [message], ...Object.fromEntries(Object.entries(result.validation.errors).map(([k, v]) => [`items.${i}.${k}`, [...v]])) });
        }
        priced.push({ file, configuration, result });
      }
      const existing = await db.selectFrom('cart_item').select(['id', 'file_id', 'configuration']).where(owner.column, '=', owner.id).execute();
      await db.transaction().execute(async (trx) => {
        for (const [index, { file, configuration, result }] of priced.entries()) {
          const columns = { configuration: JSON.stringify(configuration), quote: JSON.stringify(result), ...pricedColumns(result), priced_at: iso(now) };
          const same = existing.find((e) => e.file_id === file.id && sameConfiguration(parseJson(e.configuration), configuration));
          if (same) await trx.updateTable('cart_item').set(columns).where('id', '=', same.id).execute();
          else
            await trx.insertInto('cart_item').values({
              id: randomUUID(),
              ...ownerColumns(owner),
              file_id: file.id,
              ...columns,
              // A millisecond apart, so the lines list in the order they were given.
              created_at: iso(new Date(now.getTime() + index)),
            }).execute();
        }
      });
      return c.json(await readCart(owner), 201);
    },
  });

  router.route({
    method: 'delete',
    path: '/items/:id',
    summary: 'Remove a line from the cart',
    auth: 'session',
    response: q.Cart,
    handler: async (c) => {
      const owner = ownerOf(c);
      const id = idParam(c, 'id', CART_ITEM_NOT_FOUND);
      const result = await db.deleteFrom('cart_item').where('id', '=', id).where(owner.column, '=', owner.id).executeTakeFirst();
      if (Number(result.numDeletedRows) !== 1) throw new HttpError(404, CART_ITEM_NOT_FOUND);
      return c.json(await readCart(owner));
    },
  });

  router.route({
    method: 'get',
    path: '/items/:id',
    summary: 'One cart line (priced again when older than a day)',
    auth: 'session',
    response: s.object({}, { additionalProperties: true, description: 'A CartLine' }),
    handler: async (c) => {
      const owner = ownerOf(c);
      const id = idParam(c, 'id', CART_ITEM_NOT_FOUND);
      const line = (await readCart(owner)).lines.find((l) => l.id === id);
      if (!line) throw new HttpError(404, CART_ITEM_NOT_FOUND);
      return c.json(line);
    },
  });

  return router;
}
