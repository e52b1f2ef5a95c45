import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { OpsOrderFile } from '#domain/api/ops';
import type { Order } from '#domain/api/order';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import { PART_DOCUMENT_MESSAGES } from '../quote/part-documents.ts';
import type { QuoteDeps } from '../quote/quote-deps.ts';
import { FILE_REMOVED_MESSAGE } from '../quote/records.ts';
import { thumbnailsOf } from '../quote/thumbnails.ts';
import type { Staff } from './staff-accounts.ts';

type Download = { name: string; contentType: string; stream: Readable; sizeBytes: number };

export const STAFF_PRODUCT_NOT_FOUND = 'This order has no such product.';

/** The most triangles the 3D view is sent (25 MB of binary STL); a larger part is downloaded instead (ADR 231). */
export const MAX_VIEW_TRIANGLES = 500_000;
export const STAFF_NO_MESH = `This part has no 3D view: its model could not be read as a mesh, or it has more than ${MAX_VIEW_TRIANGLES.toLocaleString('en')} triangles. Download the model instead.`;

const base = (orderId: string, productId: string) => `ops/orders/${orderId}/products/${productId}`;

/**
 * What staff read of each ordered product's files (issue 38 item 2): the model and its picture while
 * the file is kept, the drawing the product is made to (kept with the order, ADR 164), and the
 * customer's note on the part. The paths are the staff routes below, never the customer's.
 */
export async function orderFilesOf(db: Kysely<Database>, order: Order): Promise<OpsOrderFile[]> {
  const fileIds = [...new Set(order.products.map((p) => p.model.fileId))];
  const files = fileIds.length === 0 ? [] : await db.selectFrom('quote_file').select(['id', 'note', 'removed_at']).where('id', 'in', fileIds).execute();
  const fileOf = new Map(files.map((f) => [f.id, f]));
  return order.products.map((p) => {
    const file = fileOf.get(p.model.fileId);
    const kept = file !== undefined && !file.removed_at;
    return {
      productId: p.id,
      model: kept ? { name: p.model.fileName, path: `${base(order.id, p.id)}/model` } : null,
      preview: kept ? `${base(order.id, p.id)}/preview` : null,
      mesh: kept ? `${base(order.id, p.id)}/mesh` : null,
      drawing: p.drawing ? { ...p.drawing, path: `${base(order.id, p.id)}/drawing` } : null,
      partNote: file?.note ?? null,
    };
  });
}

/**
 * The product's files for a staff member who may see its order (`visible` answers 404 otherwise,
 * as the order page does: a success manager sees only their customers').
 */
export class OpsOrderFiles {
  constructor(
    private readonly ctx: QuoteDeps,
    private readonly visible: (staff: Staff, orderId: string) => Promise<{ user_id: string }>,
  ) {}

  private async line(staff: Staff, orderId: string, productId: string) {
    const order = await this.visible(staff, orderId);
    const line = await this.ctx.db
      .selectFrom('order_line')
      .leftJoin('quote_file', 'quote_file.id', 'order_line.file_id')
      .select(['order_line.file_id', 'order_line.file_name', 'order_line.project_id', 'order_line.drawing_key', 'order_line.drawing_name', 'order_line.drawing_content_type', 'quote_file.storage_key', 'quote_file.removed_at'])
      .where('order_line.order_id', '=', orderId)
      .where('order_line.id', '=', productId)
      .executeTakeFirst();
    if (!line) throw new HttpError(404, STAFF_PRODUCT_NOT_FOUND);
    return { ...line, userId: order.user_id };
  }

  /** The model file, while it is kept (410 after). */
  async model(staff: Staff, orderId: string, productId: string): Promise<Download> {
    const line = await this.line(staff, orderId, productId);
    const stored = line.storage_key && !line.removed_at ? await this.ctx.quote.files.open(line.storage_key) : null;
    if (!stored) throw new HttpError(410, FILE_REMOVED_MESSAGE);
    return { name: line.file_name, contentType: 'application/octet-stream', stream: stored.stream, sizeBytes: stored.sizeBytes };
  }

  /** The drawing the product is made to (404 when it has none). */
  async drawing(staff: Staff, orderId: string, productId: string): Promise<Download> {
    const line = await this.line(staff, orderId, productId);
    if (!line.drawing_key || !line.drawing_name || !line.drawing_content_type) throw new HttpError(404, PART_DOCUMENT_MESSAGES.noDrawing);
    const stored = await this.ctx.quote.files.open(line.drawing_key);
    if (!stored) throw new HttpError(410, FILE_REMOVED_MESSAGE);
    return { name: line.drawing_name, contentType: line.drawing_content_type, stream: stored.stream, sizeBytes: stored.sizeBytes };
  }

  /**
   * The model's mesh for the 3D view (ADR 231): the file read by the thumbnail's reader (STL, 3MF,
   * OBJ, STEP tessellated) and answered as a binary STL of at most MAX_VIEW_TRIANGLES; 410 once the
   * file was removed, 404 when it has no mesh or a larger one.
   */
  async mesh(staff: Staff, orderId: string, productId: string): Promise<Buffer> {
    const line = await this.line(staff, orderId, productId);
    if (!line.storage_key || line.removed_at) throw new HttpError(410, FILE_REMOVED_MESSAGE);
    const stl = await thumbnailsOf(this.ctx).meshOf(line.file_id, line.storage_key, MAX_VIEW_TRIANGLES);
    if (!stl) throw new HttpError(404, STAFF_NO_MESH);
    return stl;
  }

  /** The part's picture, drawn from its model by the customer's own drawer (the parts table's), as PNG. */
  preview(staff: Staff, orderId: string, productId: string): Promise<Buffer> {
    return this.line(staff, orderId, productId).then((line) => thumbnailsOf(this.ctx).ofFile({ column: 'user_id', id: line.userId }, line.project_id, line.file_id));
  }
}
