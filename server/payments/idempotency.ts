import { createHash, randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
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
  /**
   * The lease: an unfinished claim whose heartbeat is older than this (by the clock) was left by a
   * process that died, and a retry takes it over (ADR 152).
   */
  leaseMs: number;
  /** How often (real time) a live process renews the claims it holds; well under `leaseMs`. */
  heartbeatMs: number;
}

/** A crashed payment is taken over within about ten seconds, not two minutes (issue 32 item 9, ADR 152). */
export const CLAIM_LEASE = { leaseMs: 10_000, heartbeatMs: 2_000 } as const;

/** This process, as its claims name it: host, pid and a random id (a pid is reused after a restart). */
export function processIdentity(): string {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

/** Work renewed with a held claim (a payment's reservation of its order), at each heartbeat. */
type Renewal = (db: Kysely<Database>, now: string) => Promise<unknown>;

export const MESSAGES = {
  missing: `The ${IDEMPOTENCY_HEADER} header is required for payments: send a new random key (8–128 letters, digits, - _ . :) for each payment attempt.`,
  reused: `This ${IDEMPOTENCY_HEADER} was already used for a different request; use a new key for a new payment.`,
  busy: `A payment with this ${IDEMPOTENCY_HEADER} is still being processed; please try again in a moment.`,
  lost: `A payment with this ${IDEMPOTENCY_HEADER} was taken over by a retry; its answer is the retry's.`,
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
 *
 * A claim is a lease (ADR 152): it names its holder (`processIdentity`), and while the work runs the
 * holder renews its `updated_at` every `heartbeatMs`. A process that dies stops renewing; once the
 * heartbeat is `leaseMs` old a retry takes the claim over (the holder becomes the retry's process)
 * and does the work again, which the provider's idempotency key makes the same charge. A holder
 * that was only slow finds, at `complete`, that the claim is no longer its own: its transaction
 * fails and rolls back, so the work is recorded once.
 */
export class Idempotency {
  readonly holder = processIdentity();
  private readonly held = new Map<string, Renewal[]>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly options: IdempotencyOptions = { waitMs: 20_000, pollMs: 20, ...CLAIM_LEASE },
  ) {}

  /** How long a claim or a reservation renewed with it stays someone's without a heartbeat. */
  get leaseMs(): number {
    return this.options.leaseMs;
  }

  async claim(scope: string, key: string, hash: string): Promise<Claim> {
    const deadline = Date.now() + this.options.waitMs;
    for (;;) {
      const id = randomUUID();
      const now = iso(this.clock());
      const inserted = await this.db
        .insertInto('idempotency_record')
        .values({ id, scope, idem_key: key, request_hash: hash, state: 'in_progress', response_status: null, response_body: null, created_at: now, updated_at: now, holder: this.holder })
        .onConflict((oc) => oc.columns(['scope', 'idem_key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) return this.hold(id);
      const row = await this.db.selectFrom('idempotency_record').selectAll().where('scope', '=', scope).where('idem_key', '=', key).executeTakeFirst();
      if (!row) continue; // released meanwhile: claim it now
      if (row.request_hash !== hash) throw new HttpError(422, MESSAGES.reused, { [IDEMPOTENCY_HEADER]: [MESSAGES.reused] });
      if (row.state === 'done') return { kind: 'replay', status: Number(row.response_status), body: JSON.parse(row.response_body ?? 'null') };
      if (this.clock().getTime() - Date.parse(row.updated_at) > this.options.leaseMs) {
        const taken = await this.db
          .updateTable('idempotency_record')
          .set({ updated_at: iso(this.clock()), holder: this.holder })
          .where('id', '=', row.id)
          .where('state', '=', 'in_progress')
          .where('updated_at', '=', row.updated_at)
          .returning('id')
          .executeTakeFirst();
        if (taken) return this.hold(row.id);
      }
      if (Date.now() > deadline) throw new HttpError(409, MESSAGES.busy);
      await sleep(this.options.pollMs);
    }
  }

  /**
   * Stores the answer; call inside the transaction that did the work. Throws (and so rolls that
   * transaction back) when the claim is no longer this process's: a retry took it over.
   */
  async complete(trx: Kysely<Database>, recordId: string, status: number, body: unknown): Promise<void> {
    const stored = await trx
      .updateTable('idempotency_record')
      .set({ state: 'done', response_status: status, response_body: JSON.stringify(body), updated_at: iso(this.clock()) })
      .where('id', '=', recordId)
      .where('state', '=', 'in_progress')
      .where('holder', '=', this.holder)
      .executeTakeFirst();
    this.forget(recordId);
    if (Number(stored.numUpdatedRows) !== 1) throw new HttpError(409, MESSAGES.lost);
  }

  /** Answers whether the claim was still this process's (false: a retry took it over meanwhile). */
  async release(recordId: string): Promise<boolean> {
    this.forget(recordId);
    const deleted = await this.db.deleteFrom('idempotency_record').where('id', '=', recordId).where('state', '=', 'in_progress').where('holder', '=', this.holder).executeTakeFirst();
    return Number(deleted.numDeletedRows) === 1;
  }

  /** Renews `renewal` at each heartbeat while the claim is held (a payment's reservation of its subject). */
  renewWith(recordId: string, renewal: Renewal): void {
    this.held.get(recordId)?.push(renewal);
  }

  /**
   * Stops the heartbeat for good, as the process's death would (tests simulate a crash with it;
   * nothing else calls it): the claims held are left to expire.
   */
  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private hold(recordId: string): Claim {
    this.held.set(recordId, []);
    if (!this.timer && !this.stopped) {
      this.timer = setInterval(() => void this.heartbeat(), this.options.heartbeatMs);
      this.timer.unref();
    }
    return { kind: 'new', recordId };
  }

  private forget(recordId: string): void {
    this.held.delete(recordId);
    if (this.held.size === 0) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  /** One beat: every claim this process holds, and what was renewed with it, carry the time now. */
  private async heartbeat(): Promise<void> {
    const ids = [...this.held.keys()];
    if (ids.length === 0 || this.stopped) return;
    const now = iso(this.clock());
    try {
      await this.db.updateTable('idempotency_record').set({ updated_at: now }).where('id', 'in', ids).where('state', '=', 'in_progress').where('holder', '=', this.holder).execute();
      for (const renewals of this.held.values()) for (const renew of renewals) await renew(this.db, now);
    } catch {
      // A beat that fails (the database busy or restarting) is only a missed beat: the next one
      // renews, and a claim is given up only after `leaseMs` without any.
    }
  }
}
