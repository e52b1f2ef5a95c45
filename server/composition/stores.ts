import path from 'node:path';
import type { ServerConfig } from '../config.ts';
import { LocalDiskQuoteFileStore, type QuoteFileStore } from '../quote/file-store.ts';
import { S3QuoteFileStore } from '../quote/s3-file-store.ts';
import { createS3Client, S3FileStorage, S3Objects } from '../storage/s3-storage.ts';
import { LocalDiskStorage, type FileStorage } from '../storage/storage.ts';

export interface Stores {
  /** Avatars. */
  storage: FileStorage;
  /** Quote files (ADR 040). */
  quoteFiles: QuoteFileStore;
  /** Throws a one-sentence Error when the configured store cannot be used (checked at start). */
  check(): Promise<void>;
  describe: string;
}

/** The stores STORAGE names (ADR 120): this machine's disk by default, or one S3 bucket for every process. */
export function storesFromConfig(config: Pick<ServerConfig, 'storage' | 'dataDir' | 'quoteFilesDir'>): Stores {
  if (config.storage.kind === 's3') {
    const { s3 } = config.storage;
    const objects = new S3Objects(createS3Client(s3), s3.bucket, s3.prefix);
    return {
      storage: new S3FileStorage(objects),
      quoteFiles: new S3QuoteFileStore(objects, config.quoteFilesDir),
      check: () => objects.check(),
      describe: `S3 bucket ${s3.bucket}${s3.prefix ? `/${s3.prefix}` : ''}${s3.endpoint ? ` at ${s3.endpoint}` : ''}`,
    };
  }
  return {
    storage: new LocalDiskStorage(path.join(config.dataDir, 'uploads')),
    quoteFiles: new LocalDiskQuoteFileStore(config.quoteFilesDir),
    check: async () => {},
    describe: `local disk (${config.dataDir})`,
  };
}
