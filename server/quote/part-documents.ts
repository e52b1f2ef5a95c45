import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Kysely, Selectable } from 'kysely';
import type { PartDocument, QuoteFile } from '#domain/api/quote';
import { DOCUMENT_CONTENT_TYPES, DOCUMENT_MESSAGES, MAX_DOCUMENT_BYTES, MAX_PART_NOTE } from '#domain/rules/document-rules';
import { iso } from '../clock.ts';
import type { Database, QuoteFileDrawingTable } from '../db/schema.ts';
import { transact } from '../db/transact.ts';
import { HttpError } from '../errors.ts';
import type { Owner } from './owner.ts';
import type { Projects } from './projects.ts';
import type { QuoteDeps } from './quote-deps.ts';
import { FILE_REMOVED_MESSAGE } from './records.ts';
import { discardDocuments, receiveDocuments } from './receive-documents.ts';

export const PART_DOCUMENT_MESSAGES = {
  noDrawing: 'This part has no drawing.',
} as const;

type DrawingRow = Selectable<QuoteFileDrawingTable>;

export function drawingPath(projectId: string, fileId: string): string {
  return `project/${projectId}/files/${fileId}/drawing`;
}

export function toDrawing(row: Pick<DrawingRow, 'id' | 'name' | 'content_type' | 'size_bytes'>, projectId: string, fileId: string): PartDocument {
  return { id: row.id, name: row.name, contentType: row.content_type, sizeBytes: Number(row.size_bytes), path: drawingPath(projectId, fileId) };
}

/** Each file's drawing, by file id. */
export async function drawingsOf(db: Kysely<Database>, fileIds: readonly string[]): Promise<Map<string, DrawingRow>> {
  const found = new Map<string, DrawingRow>();
  if (fileIds.length === 0) return found;
  for (const row of await db.selectFrom('quote_file_drawing').selectAll().where('file_id', 'in', [...fileIds]).execute()) found.set(row.file_id, row);
  return found;
}

/**
 * Deletes stored drawings' bytes, except those an order line was made from (ADR 164): an ordered
 * product keeps its drawing after the part, its project or the drawing itself is gone.
 */
export async function deleteUnorderedDrawings(deps: Pick<QuoteDeps, 'db' | 'quote'>, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  const ordered = new Set((await deps.db.selectFrom('order_line').select('drawing_key').where('drawing_key', 'in', [...keys]).execute()).map((r) => r.drawing_key));
  for (const key of keys) if (!ordered.has(key)) await deps.quote.files.delete(key);
}

/**
 * Drawings and notes per part (issue 34 item 5, ADR 164): one technical drawing (PDF, DXF, DWG,
 * PNG or JPEG, judged by its content, at most 20 MB) and one note (at most 2,000 characters) kept
 * with the part, for its owner only. They travel to the cart line and to the order's product.
 */
export class PartDocuments {
  constructor(
    private readonly ctx: QuoteDeps,
    private readonly projects: Projects,
  ) {}

  /** Attaches the part's drawing (multipart, one part named `drawing`), replacing the one it had. */
  async putDrawing(owner: Owner, projectId: string, fileId: string, request: Request): Promise<QuoteFile> {
    const { ctx } = this;
    const { project, file } = await this.projects.findFile(owner, projectId, fileId);
    if (file.removed_at) throw new HttpError(410, FILE_REMOVED_MESSAGE);
    const received = await receiveDocuments(request, {
      spoolDir: ctx.quote.files.spoolDir,
      openSpool: (p) => ctx.quote.files.openSpool(p),
      fileField: 'drawing',
      maxFiles: 1,
      maxBytesPerFile: MAX_DOCUMENT_BYTES,
      fields: {},
      requireFile: true,
    });
    const doc = received.files[0]!;
    const at = ctx.clock();
    const id = randomUUID();
    // Beside the project's model files, in its folder of documents; a new key per drawing, so an
    // order made from the previous one keeps its bytes.
    const key = `${project.id}/documents/drawing-${id}`;
    let before: DrawingRow | undefined;
    try {
      await ctx.quote.files.putFile(key, doc.path);
    } catch (error) {
      await discardDocuments(received.files);
      throw error;
    }
    const row: DrawingRow = {
      file_id: file.id,
      id,
      name: doc.name,
      content_type: DOCUMENT_CONTENT_TYPES[doc.type],
      size_bytes: doc.sizeBytes,
      sha256: doc.sha256,
      storage_key: key,
      created_at: iso(at),
    };
    try {
      await transact(ctx.db, async (trx) => {
        const still = await trx.selectFrom('quote_file').select('id').where('id', '=', file.id).executeTakeFirst();
        if (!still) throw new HttpError(404, 'File not found.');
        before = await trx.selectFrom('quote_file_drawing').selectAll().where('file_id', '=', file.id).executeTakeFirst();
        await trx.deleteFrom('quote_file_drawing').where('file_id', '=', file.id).execute();
        await trx.insertInto('quote_file_drawing').values(row).execute();
        await trx.updateTable('quote_project').set({ updated_at: iso(at) }).where('id', '=', project.id).execute();
      });
    } catch (error) {
      await ctx.quote.files.delete(key);
      throw error;
    }
    if (before) await deleteUnorderedDrawings(ctx, [before.storage_key]);
    return this.projects.readFile(owner, projectId, fileId);
  }

  async removeDrawing(owner: Owner, projectId: string, fileId: string): Promise<QuoteFile> {
    const { file } = await this.projects.findFile(owner, projectId, fileId);
    const row = await this.ctx.db.selectFrom('quote_file_drawing').selectAll().where('file_id', '=', file.id).executeTakeFirst();
    if (row) {
      await this.ctx.db.deleteFrom('quote_file_drawing').where('file_id', '=', file.id).where('id', '=', row.id).execute();
      await deleteUnorderedDrawings(this.ctx, [row.storage_key]);
    }
    return this.projects.readFile(owner, projectId, fileId);
  }

  async drawing(owner: Owner, projectId: string, fileId: string): Promise<{ name: string; contentType: string; stream: Readable; sizeBytes: number }> {
    const { file } = await this.projects.findFile(owner, projectId, fileId);
    const row = await this.ctx.db.selectFrom('quote_file_drawing').selectAll().where('file_id', '=', file.id).executeTakeFirst();
    if (!row) throw new HttpError(404, PART_DOCUMENT_MESSAGES.noDrawing);
    const stored = await this.ctx.quote.files.open(row.storage_key);
    if (!stored) throw new HttpError(410, FILE_REMOVED_MESSAGE);
    return { name: row.name, contentType: row.content_type, stream: stored.stream, sizeBytes: stored.sizeBytes };
  }

  /** The part's note; an empty one clears it. */
  async setNote(owner: Owner, projectId: string, fileId: string, note: string): Promise<QuoteFile> {
    const { project, file } = await this.projects.findFile(owner, projectId, fileId);
    if (note.length > MAX_PART_NOTE) throw new HttpError(422, DOCUMENT_MESSAGES.noteTooLong, { note: [DOCUMENT_MESSAGES.noteTooLong] });
    const at = iso(this.ctx.clock());
    await transact(this.ctx.db, async (trx) => {
      await trx.updateTable('quote_file').set({ note: note || null }).where('id', '=', file.id).execute();
      await trx.updateTable('quote_project').set({ updated_at: at }).where('id', '=', project.id).execute();
    });
    return this.projects.readFile(owner, projectId, fileId);
  }
}
