import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Worker } from 'node:worker_threads';
import type { QuoteDeps as AppContext } from './quote-deps.ts';
import { iso } from '../clock.ts';
import { HttpError } from '../errors.ts';
import type { Owner } from './owner.ts';
import { FILE_NOT_FOUND, PROJECT_NOT_FOUND } from './projects.ts';
import type { ThumbnailJob } from './thumbnail-worker.ts';

export const NO_THUMBNAIL = 'This project has no picture: it holds no file that could be drawn.';
export const NO_PART_THUMBNAIL = 'This part has no picture: its file could not be drawn.';

const BOOT = new URL('./thumbnail-worker-boot.mjs', import.meta.url);

/** An empty cache entry: the file was tried and has no mesh to draw (not tried again). */
const NOTHING = '';

/**
 * The picture of a project in the customer's list (issue 15): its first kept file drawn from its mesh
 * (`thumbnail-render.ts`) in a thread of its own, once, then read from `quote_file_thumbnail`
 * (deleted with the file). One drawing at a time per server, and one per file however many ask.
 */
const perServer = new WeakMap<AppContext, Thumbnails>();

/** The server's one drawer of pictures (the customer's parts table and the staff's order page share its queue). */
export function thumbnailsOf(ctx: AppContext): Thumbnails {
  let found = perServer.get(ctx);
  if (!found) {
    found = new Thumbnails(ctx);
    perServer.set(ctx, found);
  }
  return found;
}

export class Thumbnails {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly drawing = new Map<string, Promise<Buffer | null>>();

  constructor(
    private readonly ctx: AppContext,
    private readonly timeoutMs = 60_000,
  ) {}

  /** The PNG of the project's first kept file (404 when the project is not the owner's or has nothing to draw). */
  async forProject(owner: Owner, projectId: string): Promise<Buffer> {
    const { db } = this.ctx;
    const project = await db.selectFrom('quote_project').select('id').where('id', '=', projectId).where(owner.column, '=', owner.id).executeTakeFirst();
    if (!project) throw new HttpError(404, PROJECT_NOT_FOUND);
    const file = await db
      .selectFrom('quote_file')
      .select(['id', 'storage_key'])
      .where('project_id', '=', project.id)
      .where('removed_at', 'is', null)
      .orderBy('uploaded_at')
      .orderBy('id')
      .executeTakeFirst();
    if (!file) throw new HttpError(404, NO_THUMBNAIL);
    const png = await this.forFile(file.id, file.storage_key);
    if (!png) throw new HttpError(404, NO_THUMBNAIL);
    return png;
  }

  /** The PNG of one kept file of the owner's project, for the parts table (404 when not the owner's or nothing to draw). */
  async ofFile(owner: Owner, projectId: string, fileId: string): Promise<Buffer> {
    const { db } = this.ctx;
    const file = await db
      .selectFrom('quote_file')
      .innerJoin('quote_project', 'quote_project.id', 'quote_file.project_id')
      .select(['quote_file.id', 'quote_file.storage_key', 'quote_file.removed_at'])
      .where('quote_file.id', '=', fileId)
      .where('quote_project.id', '=', projectId)
      .where(`quote_project.${owner.column}`, '=', owner.id)
      .executeTakeFirst();
    if (!file) {
      const project = await db.selectFrom('quote_project').select('id').where('id', '=', projectId).where(owner.column, '=', owner.id).executeTakeFirst();
      throw new HttpError(404, project ? FILE_NOT_FOUND : PROJECT_NOT_FOUND);
    }
    const png = file.removed_at ? null : await this.forFile(file.id, file.storage_key);
    if (!png) throw new HttpError(404, NO_PART_THUMBNAIL);
    return png;
  }

  private async forFile(fileId: string, storageKey: string): Promise<Buffer | null> {
    const { db } = this.ctx;
    const cached = await db.selectFrom('quote_file_thumbnail').select('png_base64').where('file_id', '=', fileId).executeTakeFirst();
    if (cached) return cached.png_base64 === NOTHING ? null : Buffer.from(cached.png_base64, 'base64');
    let pending = this.drawing.get(fileId);
    if (!pending) {
      pending = this.enqueue(() => this.draw(fileId, storageKey)).finally(() => this.drawing.delete(fileId));
      this.drawing.set(fileId, pending);
    }
    return pending;
  }

  private enqueue<T>(job: () => Promise<T>): Promise<T> {
    const run = this.queue.then(job, job);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * The stored file's mesh as a binary STL, tessellated by the same reader (the staff's 3D view,
   * ADR 231): drawn in the same queue, one at a time per server and once per file however many
   * ask, not kept. Null when the file is gone, has no mesh, or has more than `maxTriangles`.
   */
  meshOf(fileId: string, storageKey: string, maxTriangles: number): Promise<Buffer | null> {
    const key = `stl:${fileId}`;
    let pending = this.drawing.get(key);
    if (!pending) {
      pending = this.enqueue(() => this.inSpool(storageKey, (spool) => this.inThread({ path: spool, kind: 'stl', maxTriangles }))).finally(() => this.drawing.delete(key));
      this.drawing.set(key, pending);
    }
    return pending;
  }

  /** Copies the stored file to the spool for the thread, and removes it after (null when the file is gone). */
  private async inSpool(storageKey: string, job: (spool: string) => Promise<Buffer | null>): Promise<Buffer | null> {
    const { ctx } = this;
    const stored = await ctx.quote.files.open(storageKey);
    if (!stored) return null;
    await fs.mkdir(ctx.quote.files.spoolDir, { recursive: true });
    const spool = path.join(ctx.quote.files.spoolDir, `thumbnail-${randomUUID()}`);
    try {
      await pipeline(stored.stream, createWriteStream(spool));
      return await job(spool);
    } finally {
      await fs.rm(spool, { force: true });
    }
  }

  private async draw(fileId: string, storageKey: string): Promise<Buffer | null> {
    const { ctx } = this;
    let png: Buffer | null;
    try {
      png = await this.inSpool(storageKey, (spool) => this.inThread({ path: spool }));
    } catch (error) {
      // A file that breaks the drawing is not retried on every visit of the list.
      ctx.log(`[quote] thumbnail of file ${fileId} failed: ${error instanceof Error ? error.message : String(error)}`);
      png = null;
    }
    await ctx.db
      .insertInto('quote_file_thumbnail')
      .values({ file_id: fileId, png_base64: png ? png.toString('base64') : NOTHING, created_at: iso(ctx.clock()) })
      .onConflict((oc) => oc.column('file_id').doNothing())
      .execute()
      // The file may have been deleted meanwhile (its row gone, so the reference fails): nothing to keep.
      .catch(() => undefined);
    return png;
  }

  private inThread(job: ThumbnailJob): Promise<Buffer | null> {
    return new Promise((resolve, reject) => {
      // execArgv: [] so the boot file registers tsx itself whatever the parent runs under (ADR 041).
      const worker = new Worker(BOOT, { execArgv: [], workerData: job });
      worker.unref();
      const timer = setTimeout(() => {
        void worker.terminate();
        reject(new Error(`drawing took longer than ${Math.round(this.timeoutMs / 1000)} s`));
      }, this.timeoutMs);
      worker.once('message', (reply: { ok: true; png: Uint8Array | null } | { ok: false; error: string }) => {
        clearTimeout(timer);
        void worker.terminate();
        if (reply.ok) resolve(reply.png ? Buffer.from(reply.png) : null);
        else reject(new Error(reply.error));
      });
      worker.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      worker.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the drawing thread stopped (exit code ${code})`));
      });
    });
  }
}
