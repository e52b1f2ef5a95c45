import fs from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { S3Objects } from '../storage/s3-storage.ts';
import { LocalDiskQuoteFileStore } from './file-store.ts';

/**
 * Quote files in an S3 bucket under `quote-files/` (issue 21 item 2, ADR 120). An upload is still
 * received into a spool file on this machine's disk, as on local disk (the analysis reads it there);
 * once accepted it is streamed to the bucket by a multipart upload and the spool file is removed.
 * Reading streams the object back; nothing holds a whole file in memory.
 */
export class S3QuoteFileStore extends LocalDiskQuoteFileStore {
  constructor(
    private readonly objects: S3Objects,
    /** The local folder of the spool (QUOTE_FILES_DIR); nothing else is kept there. */
    localRoot: string,
  ) {
    super(localRoot);
  }

  override async putFile(key: string, localPath: string): Promise<void> {
    await this.objects.uploadFile(`quote-files/${key}`, localPath);
    await fs.rm(localPath, { force: true });
  }

  override async open(key: string): Promise<{ stream: Readable; sizeBytes: number } | undefined> {
    const object = await this.objects.open(`quote-files/${key}`);
    return object ? { stream: object.stream, sizeBytes: object.sizeBytes } : undefined;
  }

  override delete(key: string): Promise<void> {
    return this.objects.delete(`quote-files/${key}`);
  }

  override has(key: string): Promise<boolean> {
    return this.objects.has(`quote-files/${key}`);
  }
}
