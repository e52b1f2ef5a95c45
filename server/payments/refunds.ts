import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import { postLedgerEntry } from './ledger.ts';
import { PAYMENT_MESSAGES } from './messages.ts';
import type { Payable } from './payable.ts';
import { ProviderRequestError, ProviderUnavailableError } from './provider.ts';
import { now, type PaymentWork } from './work.ts';

/** A refund left marked by a crash is finished by an operator's attempt after this long. */
export const REFUND_STALE_MS = 120_000;

/**
 * Operator: give a paid subject's money back the way it came (ADR 052): a balance payment or a bank
 * transfer to the balance, a card to the card (through the provider, by an idempotent refund key).
 *
 * The refund holds the subject before the provider is called (issue 12 item 13): its owner marks
 * it as being refunded, and every other change of a paid order (start of production) requires
 * that mark absent. So a refund cannot race the start of production: whichever claims the order
 * first wins, the other answers 409. A provider outage releases the mark; a mark left by a crash
 * is taken over by an attempt after REFUND_STALE_MS (the provider's refund key makes the retry the
 * same refund). What follows a refund (points, referral reward, status history) hears the
 * `refunded` event inside the refund's transaction.
 */
export async function refund(
  work: PaymentWork,
  payable: Payable,
  id: string,
  note: string | null,
  /** Written in the refund's own transaction (the staff console's audit line, issue 38). */
  alsoInTransaction?: (trx: Kysely<Database>) => Promise<void>,
): Promise<void> {
  const refunds = payable.refunds;
  if (!refunds) throw new Error(`A ${payable.noun} cannot be refunded`);
  const subject = await refunds.open(work.db, id);
  const at = work.clock();
  await refunds.hold(work.db, subject, at.toISOString(), new Date(at.getTime() - REFUND_STALE_MS).toISOString());
  const payments = await work.db.selectFrom('payment').selectAll().where('subject_kind', '=', subject.kind).where('subject_id', '=', subject.id).where('status', '=', 'succeeded').execute();
  for (const p of payments) {
    if (p.method === 'card' && p.provider_charge_id) {
      try {
        await work.provider.refund({ chargeId: p.provider_charge_id, amountCents: Number(p.amount_cents), idempotencyKey: `refund-${p.id}` });
      } catch (error) {
        await refunds.release(work.db, subject);
        if (error instanceof ProviderUnavailableError) throw new HttpError(503, PAYMENT_MESSAGES.providerDown);
        if (error instanceof ProviderRequestError) throw new HttpError(422, error.message);
        throw error;
      }
    }
  }
  await work.db.transaction().execute(async (trx) => {
    const at = now(work);
    const moved = await refunds.settle(trx, subject, at);
    for (const p of payments) {
      if (p.method !== 'card') {
        await postLedgerEntry(trx, { userId: p.user_id, amountCents: Number(p.amount_cents), kind: 'refund', description: `Refund for ${payable.noun} ${subject.number}`, paymentId: p.id, at });
      }
      await trx.updateTable('payment').set({ status: 'refunded', updated_at: at }).where('id', '=', p.id).execute();
    }
    await work.events.emit(trx, 'refunded', { subject, ...moved, step: 'refund', actor: 'operator', method: null, note, at });
    if (alsoInTransaction) await alsoInTransaction(trx);
  });
}
