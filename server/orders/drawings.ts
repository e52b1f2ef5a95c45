import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import type { QuoteFileStore } from '../quote/file-store.ts';
import { PART_DOCUMENT_MESSAGES } from '../quote/part-documents.ts';
import { FILE_REMOVED_MESSAGE } from '../quote/records.ts';
import { findOwnOrder } from './orders.ts';

/**
 * The drawing an ordered product is made to (ADR 164), for the order's owner only: someone else's
 * order, or a product of another order, answers 404 as a missing one.
 */
export async function orderProductDrawing(
  db: Kysely<Database>,
  files: Pick<QuoteFileStore, 'open'>,
  userId: string,
  orderId: string,
  productId: string,
): Promise<{ name: string; contentType: string; stream: Readable; sizeBytes: number }> {
  const order = await findOwnOrder(db, userId, orderId);
  const line = await db
    .selectFrom('order_line')
    .select(['drawing_name', 'drawing_content_type', 'drawing_key'])
    .where('order_id', '=', order.id)
    .where('id', '=', productId)
    .executeTakeFirst();
  if (!line?.drawing_key || !line.drawing_name || !line.drawing_content_type) throw new HttpError(404, PART_DOCUMENT_MESSAGES.noDrawing);
  const stored = await files.open(line.drawing_key);
  if (!stored) throw new HttpError(410, FILE_REMOVED_MESSAGE);
  return { name: line.drawing_name, contentType: line.drawing_content_type, stream: stored.stream, sizeBytes: stored.sizeBytes };
}
