import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { IDEMPOTENCY_HEADER } from '#domain/api/bases';
import { iso, type Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { transact } from '../db/transact.ts';
import { HttpError } from '../errors.ts';

/**
 * Writes answered once by their Idempotency-Key (issue 41 item 3, ADR 174): the browser sends a new
 * key with each cart change, checkout and upload, and sends the same request once more when an API
 * process went away with it (lib/api/retry.ts). Whatever process gets the repeat answers with what
 * the first request answered, from `stored_answer` (migration 020), by (caller, key, route): never
 * a second cart line, order or file. The routes use it through server/http/answered-once.ts; the
 * key is optional there. Payments keep their own module (server/payments/idempotency.ts, ADR 051),
 * which requires the key.
 *
 * Bounds: one row per key, route and caller, holding one answer of the route (a cart or an order of
 * at most 100 lines, a file record); kept STORED_ANSWER_LIFETIME_MS, then removed hourly (`prune`,
 * server/jobs/scheduled.ts), and with the caller's account (server/accounts/deletion.ts).
 */

export const STORED_ANSWER_LIFETIME_MS = 24 * 3600 * 1000;

export const STORED_ANSWER_MESSAGES = {
  malformed: `The ${IDEMPOTENCY_HEADER} header must be 8 to 128 letters, digits, "-", "_", "." or ":"; send a new random key with each action, or none.`,
  reused: `This ${IDEMPOTENCY_HEADER} was already used for a different request; send a new key with each action.`,
} as const;

/** Who asked, with which key, on what route, for what: a key names one request of one caller on one route. */
export interface AnswerScope {
  /** The caller: `user_id:<id>` or `temp_subject_id:<id>` (`ownerKey`). */
  owner: string;
  key: string;
  /** Method and route template, e.g. `POST cart/items`, `DELETE cart/items/:id`. */
  route: string;
  /** What was asked (path parameters, body): the same key with another request is refused (422). */
  request: unknown;
  /** The success status the route answers (201 for a created thing). */
  status: number;
}

/** The answer to give: the work's own (`fresh`), or the one stored for the key (`replay`). */
export type Answered<T> = { kind: 'fresh'; status: number; body: T } | { kind: 'replay'; status: number; body: unknown };

/** The database a write answered once does all its reads and writes with (the transaction that records its key). */
export type AnswerDb = Kysely<Database>;

/** The `owner` of a scope: a quote owner (`server/quote/owner.ts`) or a signed-in user. */
export function ownerKey(owner: { column: string; id: string }): string {
  return `${owner.column}:${owner.id}`;
}

/** Thrown inside the transaction when another request of the same key answered first: rolls it back. */
class AnsweredMeanwhile extends Error {}

function requestHash(scope: AnswerScope): string {
  return createHash('sha256').update(JSON.stringify([scope.route, scope.request])).digest('hex');
}

export class StoredAnswers {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** The stored answer of this key; 422 when the key came with another request. */
  private async stored(scope: AnswerScope, hash: string): Promise<Answered<never> | undefined> {
    const row = await this.db
      .selectFrom('stored_answer')
      .select(['request_hash', 'status', 'body'])
      .where('owner', '=', scope.owner)
      .where('idem_key', '=', scope.key)
      .where('route', '=', scope.route)
      .executeTakeFirst();
    if (!row || row.body === null) return undefined;
    if (row.request_hash !== hash) throw new HttpError(422, STORED_ANSWER_MESSAGES.reused, { [IDEMPOTENCY_HEADER]: [STORED_ANSWER_MESSAGES.reused] });
    return { kind: 'replay', status: Number(row.status), body: JSON.parse(row.body) as unknown };
  }

  /**
   * Exactly once: `work` runs inside the transaction that records the key, and gets that
   * transaction to do ALL its reads and writes with. The answer is stored in it; a failed work
   * (an HttpError, a crash, a process killed) stores nothing, so a repeat does the work. A repeat
   * that arrives while the first is being answered waits for it (on PostgreSQL the key's unique
   * index holds it; the embedded database runs one transaction at a time), then answers its answer.
   */
  async once<T>(scope: AnswerScope, work: (db: Kysely<Database>) => Promise<T>): Promise<Answered<T>> {
    const hash = requestHash(scope);
    const stored = await this.stored(scope, hash);
    if (stored) return stored;
    try {
      const body = await transact(this.db, async (trx) => {
        const id = randomUUID();
        const claimed = await trx
          .insertInto('stored_answer')
          .values({ id, owner: scope.owner, idem_key: scope.key, route: scope.route, request_hash: hash, status: scope.status, body: null, created_at: iso(this.clock()) })
          .onConflict((oc) => oc.columns(['owner', 'idem_key', 'route']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!claimed) throw new AnsweredMeanwhile();
        const result = await work(trx);
        await trx.updateTable('stored_answer').set({ body: JSON.stringify(result) }).where('id', '=', id).execute();
        return result;
      });
      return { kind: 'fresh', status: scope.status, body };
    } catch (error) {
      if (!(error instanceof AnsweredMeanwhile)) throw error;
      const replayed = await this.stored(scope, hash);
      if (!replayed) throw new Error('stored_answer: a key answered meanwhile has no answer');
      return replayed;
    }
  }

  /**
   * For a write that cannot run in one transaction (an upload: received, analysed, stored in the
   * bucket, then recorded): a repeat after the answer was stored gets that answer; the answer is
   * stored once the work is done. A process that dies before storing it leaves nothing, and the
   * repeat does the work (an upload cut by a crash is not recorded: nothing is doubled). Only a
   * death between recording the file and storing the answer, a few milliseconds, lets a repeat
   * record the file a second time.
   */
  async around<T>(scope: AnswerScope, work: () => Promise<T>): Promise<Answered<T>> {
    const hash = requestHash(scope);
    const stored = await this.stored(scope, hash);
    if (stored) return stored;
    const body = await work();
    const inserted = await this.db
      .insertInto('stored_answer')
      .values({ id: randomUUID(), owner: scope.owner, idem_key: scope.key, route: scope.route, request_hash: hash, status: scope.status, body: JSON.stringify(body), created_at: iso(this.clock()) })
      .onConflict((oc) => oc.columns(['owner', 'idem_key', 'route']).doNothing())
      .returning('id')
      .executeTakeFirst();
    // Two copies ran at once (only when the first was still running as the repeat came): one answer for the key.
    if (!inserted) return (await this.stored(scope, hash)) ?? { kind: 'fresh', status: scope.status, body };
    return { kind: 'fresh', status: scope.status, body };
  }

  /** Removes answers older than STORED_ANSWER_LIFETIME_MS; answers how many. */
  async prune(now: Date = this.clock()): Promise<number> {
    const result = await this.db
      .deleteFrom('stored_answer')
      .where('created_at', '<', iso(new Date(now.getTime() - STORED_ANSWER_LIFETIME_MS)))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
