import type { Kysely } from 'kysely';
import { formatUsd } from '#domain/pricing/money';
import type { Database } from '../db/schema.ts';
import type { AppLinks } from '../links.ts';
import type { Mailer } from '../mail/mailer.ts';
import { orderMails } from '../mail/order-mails.ts';
import type { Payments } from '../payments/payments.ts';
import type { TransferConfirmed } from '../payments/transfers.ts';

/** The paid subject: its row's id and its customer's email. */
export interface TransferSubject {
  id: string;
  email: string;
}

/**
 * A bank transfer confirmed, by whoever confirms it (the staff console, the admin token, the
 * operator's command): the payments' own confirmation (ADR 054), and in its transaction the
 * customer's mail (what was paid, what went to the balance) and whatever the caller records beside
 * it (the staff console's audit line); the mail leaves once the transaction commits.
 */
export async function confirmTransferAndTell(
  deps: { payments: Pick<Payments, 'confirmTransfer'>; mailer: Mailer; links: AppLinks },
  transfer: { number: string; cents: number; note: string | null },
  alsoInTransaction?: (trx: Kysely<Database>, done: TransferConfirmed, subject: TransferSubject) => Promise<void>,
): Promise<TransferConfirmed> {
  const mailIds: string[] = [];
  const done = await deps.payments.confirmTransfer(transfer.number.trim().toUpperCase(), transfer.cents, transfer.note, async (trx, done) => {
    const subject = await subjectOf(trx, done);
    await alsoInTransaction?.(trx, done, subject);
    const link = deps.links.app(done.kind === 'order' ? `user/order/detail/${subject.id}` : done.kind === 'additional_cost' ? 'user/order/additional-cost' : 'user/account/balance');
    const credited = done.kind !== 'reload' && done.creditedCents > 0 ? formatUsd(done.creditedCents) : null;
    mailIds.push(await deps.mailer.enqueue(orderMails.transferConfirmed({ to: subject.email, link }, { what: done.kind, reference: done.number, received: formatUsd(transfer.cents), credited }), trx));
  });
  await deps.mailer.dispatch(mailIds);
  return done;
}

async function subjectOf(db: Kysely<Database>, done: TransferConfirmed): Promise<TransferSubject> {
  if (done.kind === 'order') return db.selectFrom('customer_order as s').innerJoin('user_account as u', 'u.id', 's.user_id').select(['s.id', 'u.email']).where('s.number', '=', done.number).executeTakeFirstOrThrow();
  if (done.kind === 'additional_cost') return db.selectFrom('additional_cost as s').innerJoin('user_account as u', 'u.id', 's.user_id').select(['s.id', 'u.email']).where('s.number', '=', done.number).executeTakeFirstOrThrow();
  return db.selectFrom('balance_recharge as s').innerJoin('user_account as u', 'u.id', 's.user_id').select(['s.id', 'u.email']).where('s.reference', '=', done.number).executeTakeFirstOrThrow();
}
