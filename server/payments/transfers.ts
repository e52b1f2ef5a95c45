import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { formatUsd } from '#domain/pricing/money';
import { HttpError } from '../errors.ts';
import { PAYMENT_MESSAGES } from './messages.ts';
import type { Payable, PayableSubject } from './payable.ts';
import { pendingTransferOf, recordPayment } from './records.ts';
import { now, settle, type PaymentWork } from './work.ts';

/** What the operator's confirmation answers: what was paid, and what went to the balance. */
export interface TransferConfirmed {
  kind: PayableSubject['kind'];
  number: string;
  status: 'paid';
  creditedCents: number;
}

/**
 * Operator: a bank transfer arrived for the subject its reference names (`W…` order, `AC…`
 * additional cost, `R…` reload). The subject says whether the amount settles it; the pending
 * payment is marked succeeded (or recorded), and what the subject credits goes to the balance,
 * in one transaction with the subject's move and what follows it.
 */
export async function confirmTransfer(
  work: PaymentWork,
  payables: readonly Payable[],
  number: string,
  amountCents: number,
  note: string | null,
  /** Written in the confirmation's own transaction, with what it did (the staff console's audit line, issue 38). */
  alsoInTransaction?: (trx: Kysely<Database>, done: TransferConfirmed) => Promise<void>,
): Promise<TransferConfirmed> {
  if (!Number.isInteger(amountCents) || amountCents <= 0) throw new HttpError(422, PAYMENT_MESSAGES.positiveAmount, { amount: [PAYMENT_MESSAGES.positiveAmount] });
  let found: { payable: Payable; subject: PayableSubject } | undefined;
  for (const payable of payables) {
    const subject = await payable.findByNumber(work.db, number);
    if (subject) {
      found = { payable, subject };
      break;
    }
  }
  if (!found) throw new HttpError(404, PAYMENT_MESSAGES.notFound(number));
  const { payable, subject } = found;
  const { paymentCents } = payable.acceptTransfer(subject, amountCents);
  const credited = await work.db.transaction().execute(async (trx) => {
    const at = now(work);
    const pending = await pendingTransferOf(trx, subject);
    const paymentId = pending?.id ?? randomUUID();
    // The payment row first: the balance's ledger row names it.
    if (pending) {
      await trx.updateTable('payment').set({ status: 'succeeded', amount_cents: paymentCents, message: note, updated_at: at }).where('id', '=', paymentId).execute();
    } else {
      await recordPayment(trx, at, {
        id: paymentId,
        userId: subject.userId,
        subject,
        amountCents: paymentCents,
        method: 'bank_transfer',
        status: 'succeeded',
        provider: 'bank',
        message: note,
        via: 'owner',
        idempotencyKey: `operator:${paymentId}`,
      });
    }
    const answer = await settle(work, trx, payable, subject, {
      outcome: 'paid',
      method: 'bank_transfer',
      key: null,
      at,
      amountCents,
      paymentId,
      step: 'confirm_transfer',
      actor: 'operator',
      note: note ?? `Received ${formatUsd(amountCents)}`,
    });
    const creditedCents = answer.credit?.amountCents ?? 0;
    if (alsoInTransaction) await alsoInTransaction(trx, { kind: subject.kind, number: subject.number, status: 'paid', creditedCents });
    return creditedCents;
  });
  return { kind: subject.kind, number: subject.number, status: 'paid', creditedCents: credited };
}
