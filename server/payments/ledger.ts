import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export type LedgerKind = 'recharge' | 'payment' | 'refund' | 'adjustment';

/** The debit would take the balance below zero: nothing was written. */
export class InsufficientBalanceError extends Error {
  constructor(
    readonly balanceCents: number,
    readonly amountCents: number,
  ) {
    super(`Balance ${balanceCents} is short of ${amountCents}`);
  }

  get shortfallCents(): number {
    return this.amountCents - this.balanceCents;
  }
}

export interface LedgerEntry {
  userId: string;
  /** Signed: a credit is positive, a debit negative. */
  amountCents: number;
  kind: LedgerKind;
  description: string;
  paymentId: string | null;
  at: string;
}

/**
 * The prepaid balance is a ledger (ADR 052): every change is a `balance_transaction` row, and the
 * balance is their sum. `user_account.balance_cents` is a cache of that sum kept in the same
 * transaction by one conditional update: `balance + amount >= 0` is part of the UPDATE's WHERE, so
 * a debit that would go below zero changes nothing, even when debits race (PostgreSQL locks the row
 * and re-checks the condition; the embedded SQLite connection is serialised). Call inside a
 * transaction so the row and the cache move together.
 */
export async function postLedgerEntry(trx: Kysely<Database>, entry: LedgerEntry): Promise<number> {
  if (!Number.isInteger(entry.amountCents)) throw new Error('Ledger amounts are whole cents');
  const updated = await trx
    .updateTable('user_account')
    .set((eb) => ({ balance_cents: eb('balance_cents', '+', entry.amountCents) }))
    .where('id', '=', entry.userId)
    .where((eb) => eb(eb('balance_cents', '+', entry.amountCents), '>=', 0))
    .returning(['balance_cents', 'balance_currency'])
    .executeTakeFirst();
  if (!updated) {
    const row = await trx.selectFrom('user_account').select('balance_cents').where('id', '=', entry.userId).executeTakeFirstOrThrow();
    throw new InsufficientBalanceError(Number(row.balance_cents), -entry.amountCents);
  }
  const balanceAfter = Number(updated.balance_cents);
  await trx
    .insertInto('balance_transaction')
    .values({
      id: randomUUID(),
      user_id: entry.userId,
      kind: entry.kind,
      amount_cents: entry.amountCents,
      balance_after_cents: balanceAfter,
      currency: updated.balance_currency,
      description: entry.description,
      created_at: entry.at,
      payment_id: entry.paymentId,
    })
    .execute();
  return balanceAfter;
}

/** The balance as the ledger says it: the sum of the user's rows. */
export async function ledgerBalance(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('balance_transaction')
    .select((eb) => eb.fn.sum<number | string | null>('amount_cents').as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** Accounts whose cached balance is not their ledger's sum (expected: none). */
export async function unreconciledAccounts(db: Kysely<Database>): Promise<{ userId: string; cachedCents: number; ledgerCents: number }[]> {
  const users = await db.selectFrom('user_account').select(['id', 'balance_cents']).execute();
  const out: { userId: string; cachedCents: number; ledgerCents: number }[] = [];
  for (const u of users) {
    const ledger = await ledgerBalance(db, u.id);
    if (ledger !== Number(u.balance_cents)) out.push({ userId: u.id, cachedCents: Number(u.balance_cents), ledgerCents: ledger });
  }
  return out;
}
