import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { guardedStream } from '../storage/storage.ts';

/**
 * Where quote files live (ADR 040). Unlike `FileStorage` (whole buffers, fine for 2 MB avatars),
 * quote files are up to 100 MiB and never held whole in the main thread: an upload is streamed
 * into a spool file on local disk, analysed there by a worker, and only then moved into the store.
 * `S3QuoteFileStore` (STORAGE=s3, ADR 120) keeps the spool here and streams accepted files to a bucket.
 */
export interface QuoteFileStore {
  /** Local folder for uploads in progress (partial files are deleted on any failure). */
  readonly spoolDir: string;
  /** A new spool file under `spoolDir` to stream an upload into. */
  openSpool(localPath: string): Writable;
  /** Deletes spool files last written before `olderThan` (uploads a crash left behind); answers how many. */
  sweepSpool(olderThan: Date): Promise<number>;
  /** Moves an accepted spool file into the store under `key`. */
  putFile(key: string, localPath: string): Promise<void>;
  /** The bytes as a stream, or undefined when the key is not stored. */
  open(key: string): Promise<{ stream: Readable; sizeBytes: number } | undefined>;
  delete(key: string): Promise<void>;
  has(key: string): Promise<boolean>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]{0,200}$/;

function checkKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe storage key "${key}"`);
}

/** Files under `<root>/files/<key>`, spool under `<root>/spool`; folders are made on first use. */
export class LocalDiskQuoteFileStore implements QuoteFileStore {
  readonly spoolDir: string;
  private readonly filesDir: string;

  constructor(root: string) {
    this.spoolDir = path.join(root, 'spool');
    this.filesDir = path.join(root, 'files');
  }

  openSpool(localPath: string): Writable {
    return createWriteStream(localPath, { mode: 0o600 });
  }

  async sweepSpool(olderThan: Date): Promise<number> {
    const names = await fs.readdir(this.spoolDir).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      if (!name.endsWith('.part')) continue;
      const file = path.join(this.spoolDir, name);
      const stat = await fs.stat(file).catch(() => undefined);
      if (stat && stat.mtime < olderThan) {
        await fs.rm(file, { force: true });
        removed++;
      }
    }
    return removed;
  }

  private file(key: string): string {
    checkKey(key);
    return path.join(this.filesDir, key);
  }

  async putFile(key: string, localPath: string): Promise<void> {
    const target = this.file(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    try {
      await fs.rename(localPath, target);
    } catch (error) {
      // Another file system (QUOTE_FILES_DIR on a mount): copy, then remove the spool file.
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      try {
        await fs.copyFile(localPath, target);
      } catch (copyError) {
        await fs.rm(target, { force: true }); // no half-copied file left behind (a full disk)
        throw copyError;
      }
      await fs.rm(localPath, { force: true });
    }
  }

  async open(key: string): Promise<{ stream: Readable; sizeBytes: number } | undefined> {
    const file = this.file(key);
    try {
      const stat = await fs.stat(file);
      return { stream: guardedStream(createReadStream(file)), sizeBytes: stat.size };
    } catch {
      return undefined;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.file(key), { force: true });
  }

  async has(key: string): Promise<boolean> {
    try {
      await fs.access(this.file(key));
      return true;
    } catch {
      return false;
    }
  }
}
