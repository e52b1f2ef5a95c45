import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { QuoteServices } from './quote-services.ts';

/**
 * What the quote services use (ADR 181): the database, the clock, the configuration, the log, the
 * job queue when there is one, and the quote files and analysis threads. The composition root's
 * context has these; a quote service sees nothing else of the app.
 */
export interface QuoteDeps {
  db: Kysely<Database>;
  clock: Clock;
  config: ServerConfig;
  log: (line: string) => void;
  jobs: JobQueue | undefined;
  quote: QuoteServices;
}
