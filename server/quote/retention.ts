import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { iso } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import type { QuoteFileStore } from './file-store.ts';

/** Spool files older than this are leftovers of an upload the process did not finish (a crash). */
const SPOOL_MAX_AGE_MS = 24 * 3600 * 1000;
const BATCH = 200;

export interface RetentionDeps {
  db: Kysely<Database>;
  files: QuoteFileStore;
  log?: (line: string) => void;
}

/** Walls and holes still `pending` this long after the upload were lost with their process (ADR 145). */
export const CHECKS_LOST_AFTER_MS = 10 * 60 * 1000;

/**
 * Files whose walls and holes were still being measured when their process stopped (a crash, a
 * deploy) would stay `pending`: past `CHECKS_LOST_AFTER_MS` (well past the analysis time limit)
 * they are marked `done`, their walls and holes unmeasured, so the quote page stops asking.
 */
export async function settleLostChecks(db: Kysely<Database>, now: Date, log?: (line: string) => void): Promise<number> {
  const result = await db
    .updateTable('quote_file')
    .set({ checks_state: 'done' })
    .where('checks_state', '=', 'pending')
    .where('uploaded_at', '<=', iso(new Date(now.getTime() - CHECKS_LOST_AFTER_MS)))
    .executeTakeFirst();
  const settled = Number(result.numUpdatedRows);
  if (settled > 0) log?.(`[quote] retention: ${settled} file(s) whose walls and holes were lost with their process marked done`);
  return settled;
}

/**
 * Spec section 9, "uploaded 3D files kept 3 months" (ADR 044): deletes the bytes of every file
 * whose `expires_at` has passed and marks its row removed (the metrics, findings and quotes stay,
 * so history, cart lines and quote documents still read). Also deletes stale upload spool files.
 * Idempotent; `main.ts` runs it hourly, tests call it with their own `now`.
 */
export async function removeExpiredQuoteFiles(deps: RetentionDeps, now: Date): Promise<{ removed: number; spoolFiles: number }> {
  let removed = 0;
  for (;;) {
    const due = await deps.db
      .selectFrom('quote_file')
      .select(['id', 'storage_key'])
      .where('removed_at', 'is', null)
      .where('expires_at', '<=', iso(now))
      .orderBy('expires_at')
      .limit(BATCH)
      .execute();
    for (const file of due) {
      await deps.files.delete(file.storage_key);
      await deps.db.updateTable('quote_file').set({ removed_at: iso(now) }).where('id', '=', file.id).where('removed_at', 'is', null).execute();
      removed++;
    }
    if (due.length < BATCH) break;
  }
  const spoolFiles = await removeStaleSpoolFiles(deps.files.spoolDir, now);
  if (removed > 0 || spoolFiles > 0) deps.log?.(`[quote] retention: removed ${removed} expired file(s) and ${spoolFiles} stale upload spool file(s)`);
  return { removed, spoolFiles };
}

async function removeStaleSpoolFiles(spoolDir: string, now: Date): Promise<number> {
  let names: string[];
  try {
    names = await fs.readdir(spoolDir);
  } catch {
    return 0;
  }
  let count = 0;
  for (const name of names) {
    const file = path.join(spoolDir, name);
    try {
      const stat = await fs.stat(file);
      if (now.getTime() - stat.mtimeMs > SPOOL_MAX_AGE_MS) {
        await fs.rm(file, { force: true });
        count++;
      }
    } catch {
      // gone meanwhile
    }
  }
  return count;
}

/** The end of the retention period: `from` plus `months` calendar months (UTC), clamped to the month's end. */
export function addMonths(from: Date, months: number): Date {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}
