import { sql, type Kysely } from 'kysely';
import { pendingMigrations } from './migrate.ts';
import type { Database } from './schema.ts';

export type ReadyAnswer = { ready: true } | { ready: false; message: string };

/**
 * What `GET /ready` answers (docs/deploy.md): ready when the database answers a query and every
 * migration is applied, and the process is not shutting down. A load balancer sends traffic only to
 * ready processes; `/health` stays the liveness check (the process answers at all).
 */
export class Readiness {
  private migrated = false;
  private draining = false;

  constructor(private readonly db: Kysely<Database>) {}

  /** SIGTERM: from now on the process answers not ready while it finishes what is in flight. */
  drain(): void {
    this.draining = true;
  }

  async check(): Promise<ReadyAnswer> {
    if (this.draining) return { ready: false, message: 'Shutting down.' };
    try {
      await sql`select 1`.execute(this.db);
    } catch {
      return { ready: false, message: 'The database does not answer.' };
    }
    if (!this.migrated) {
      const pending = await pendingMigrations(this.db as never).catch(() => ['(unknown)']);
      if (pending.length > 0) return { ready: false, message: `The database is not up to date: ${pending.length} migration(s) pending; run npm run db:migrate.` };
      this.migrated = true;
    }
    return { ready: true };
  }
}
