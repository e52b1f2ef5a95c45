import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '#domain/api/bases';
import { iso, type Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../errors.ts';

export type Claim = { kind: 'new'; recordId: string } | { kind: 'replay'; status: number; body: unknown };

export interface IdempotencyOptions {
  /** How long a duplicate waits for the first request's answer before a 409 (real time). */
  waitMs: number;
  pollMs: number;
  /** An unfinished record older than this (a crashed process) may be taken over by a retry. */
  staleMs: number;
}

export const MESSAGES = {
  missing: `The ${IDEMPOTENCY_HEADER} header is required for payments: send a new random key (8–128 letters, digits, - _ . :) for each payment attempt.`,
  reused: `This ${IDEMPOTENCY_HEADER} was already used for a different request; use a new key for a new payment.`,
  busy: `A payment with this ${IDEMPOTENCY_HEADER} is still being processed; please try again in a moment.`,
} as const;

/** The request's Idempotency-Key (the header's value); 400 when missing or malformed. */
export function idempotencyKeyOf(header: string | undefined): string {
  const key = header?.trim() ?? '';
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw new HttpError(400, MESSAGES.missing, { [IDEMPOTENCY_HEADER]: [MESSAGES.missing] });
  return key;
}

/** A fingerprint of what was asked: same key with another fingerprint is refused. */
export function requestHash(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One key, one answer (ADR 051). `claim` inserts an `in_progress` record under a unique
 * (scope, key) constraint; whoever inserts it does the work and `complete`s it with the answer in
 * the same transaction as the work. A duplicate finds the record: a finished one answers the stored
 * answer; an unfinished one is waited for. `release` forgets a claim whose work did not happen
 * (validation failed after the claim, the provider was unreachable), so a retry does the work.
 */
export class Idempotency {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly options: IdempotencyOptions = { waitMs: 20_000, pollMs: 20, staleMs: 120_000 },
  ) {}

  async claim(scope: string, key: string, hash: string): Promise<Claim> {
    const deadline = Date.now() + this.options.waitMs;
    for (;;) {
      const id = randomUUID();
      const now = iso(this.clock());
      const inserted = await this.db
        .insertInto('idempotency_record')
        .values({ id, scope, idem_key: key, request_hash: hash, state: 'in_progress', response_status: null, response_body: null, created_at: now, updated_at: now })
        .onConflict((oc) => oc.columns(['scope', 'idem_key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) return { kind: 'new', recordId: id };
      const row = await this.db.selectFrom('idempotency_record').selectAll().where('scope', '=', scope).where('idem_key', '=', key).executeTakeFirst();
      if (!row) continue; // released meanwhile: claim it now
      if (row.request_hash !== hash) throw new HttpError(422, MESSAGES.reused, { [IDEMPOTENCY_HEADER]: [MESSAGES.reused] });
      if (row.state === 'done') return { kind: 'replay', status: Number(row.response_status), body: JSON.parse(row.response_body ?? 'null') };
      if (this.clock().getTime() - Date.parse(row.updated_at) > this.options.staleMs) {
        const taken = await this.db
          .updateTable('idempotency_record')
          .set({ updated_at: iso(this.clock()) })
          .where('id', '=', row.id)
          .where('state', '=', 'in_progress')
          .where('updated_at', '=', row.updated_at)
          .returning('id')
          .executeTakeFirst();
        if (taken) return { kind: 'new', recordId: row.id };
      }
      if (Date.now() > deadline) throw new HttpError(409, MESSAGES.busy);
      await sleep(this.options.pollMs);
    }
  }

  /** Stores the answer; call inside the transaction that did the work. */
  async complete(trx: Kysely<Database>, recordId: string, status: number, body: unknown): Promise<void> {
    await trx
      .updateTable('idempotency_record')
      .set({ state: 'done', response_status: status, response_body: JSON.stringify(body), updated_at: iso(this.clock()) })
      .where('id', '=', recordId)
      .execute();
  }

  async release(recordId: string): Promise<void> {
    await this.db.deleteFrom('idempotency_record').where('id', '=', recordId).where('state', '=', 'in_progress').execute();
  }
}
