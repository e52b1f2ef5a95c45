import type { ServerConfig } from '../config.ts';
import { AnalysisPool } from './analysis-pool.ts';
import { LocalDiskQuoteFileStore, type QuoteFileStore } from './file-store.ts';
import { OwnerGate } from './owner-gate.ts';

/** What the quote routes share: where files live and the analysis threads (ADRs 040, 041). */
export interface QuoteServices {
  files: QuoteFileStore;
  analysis: AnalysisPool;
  /** Uploads one owner may have in progress at once, and waiting (ADR 080). */
  uploads: OwnerGate;
  /**
   * Files whose walls and holes this process is measuring after their upload answered, by file id:
   * settles once they are stored (ADR 145). What re-reads a file's geometry waits for it.
   */
  checks: Map<string, Promise<void>>;
  close(): Promise<void>;
}

export function createQuoteServices(config: ServerConfig, log: (line: string) => void, files?: QuoteFileStore): QuoteServices {
  const analysis = new AnalysisPool(config.quoteWorkers, config.quoteAnalysisTimeoutMs, log);
  return {
    files: files ?? new LocalDiskQuoteFileStore(config.quoteFilesDir),
    analysis,
    uploads: new OwnerGate(config.quoteUploadsPerOwner, config.quoteMaxFilesPerProject),
    checks: new Map(),
    close: () => analysis.close(),
  };
}
