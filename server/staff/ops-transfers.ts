import type { Kysely } from 'kysely';
import type { AwaitingTransfer, AwaitingTransfers, AwaitingTransfersQuery } from '#domain/api/ops';
import { MAX_AWAITING_TRANSFERS } from '#domain/api/ops';
import type { ConfirmTransferRequest } from '#domain/api/order';
import { STAFF_MESSAGES, mayStaff } from '#domain/rules/staff-rules';
import { iso, type Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { HttpError, fieldError, orNull } from '../errors.ts';
import { parseUsd } from '../payments/amounts.ts';
import type { Payments } from '../payments/payments.ts';
import { recordStaffAction } from './audit.ts';
import { confirmTransferAndTell } from '../orders/transfer-confirmation.ts';
import type { TransferConfirmed } from '../payments/transfers.ts';
import type { AppLinks } from '../links.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Staff } from './staff-accounts.ts';

const customerName = (u: { email: string; first_name: string | null; last_name: string | null }) => [u.first_name, u.last_name].filter(Boolean).join(' ') || u.email;

/**
 * What is waiting for a bank transfer (issue 38 item 3): orders and additional costs awaiting one,
 * and balance reloads chosen by transfer, oldest first, by the reference the customer writes on it.
 */
export async function awaitingTransfers(db: Kysely<Database>, query: AwaitingTransfersQuery): Promise<AwaitingTransfers> {
  const userCols = ['u.id as user_id', 'u.email', 'u.first_name', 'u.last_name'] as const;
  const [orders, costs, reloads] = await Promise.all([
    db.selectFrom('customer_order as s').innerJoin('user_account as u', 'u.id', 's.user_id').select(['s.id', 's.number as reference', 's.total_cents as due', 's.updated_at as since', ...userCols]).where('s.status', '=', 'awaiting_transfer').execute(),
    db.selectFrom('additional_cost as s').innerJoin('user_account as u', 'u.id', 's.user_id').select(['s.id', 's.number as reference', 's.amount_cents as due', 's.updated_at as since', ...userCols]).where('s.status', '=', 'awaiting_transfer').execute(),
    db.selectFrom('balance_recharge as s').innerJoin('user_account as u', 'u.id', 's.user_id').select(['s.id', 's.reference', 's.amount_cents as due', 's.created_at as since', ...userCols]).where('s.status', '=', 'pending').where('s.method', '=', 'bank-transfer').execute(),
  ]);
  const q = query.q?.trim().toLowerCase() ?? '';
  const all: AwaitingTransfer[] = [
    ...orders.map((r) => ({ kind: 'order' as const, r })),
    ...costs.map((r) => ({ kind: 'additional_cost' as const, r })),
    ...reloads.map((r) => ({ kind: 'reload' as const, r })),
  ]
    .filter(({ r }) => !q || r.reference.toLowerCase().includes(q) || r.email.toLowerCase().includes(q))
    .map(({ kind, r }) => ({ kind, id: r.id, reference: r.reference, dueCents: Number(r.due), currency: 'USD' as const, customer: { id: r.user_id, email: r.email, name: customerName(r) }, since: r.since }))
    .sort((a, b) => a.since.localeCompare(b.since) || a.reference.localeCompare(b.reference));
  return { list: all.slice(0, MAX_AWAITING_TRANSFERS), total: all.length };
}

/**
 * Staff confirm a transfer with the amount received, through the payments' own confirmation (ADR
 * 054): short of an order's or additional cost's due, it is refused and keeps waiting; exact, it is
 * paid; over, it is paid and the rest goes to the customer's balance; a reload takes the whole
 * amount. The audit line and the customer's mail (what was paid, what went to the balance) are
 * written in the confirmation's transaction; the mail leaves once it commits.
 */
export async function confirmStaffTransfer(
  deps: { clock: Clock; payments: Pick<Payments, 'confirmTransfer'>; mailer: Mailer; links: AppLinks },
  staff: Staff,
  body: ConfirmTransferRequest,
): Promise<TransferConfirmed> {
  if (!mayStaff(staff.role, 'payments.confirm')) throw new HttpError(403, STAFF_MESSAGES.notAllowed);
  const cents = parseUsd(body.amount);
  if (cents === undefined) throw fieldError('amount', 'The amount must be US dollars, e.g. 1234.50.');
  const note = orNull(body.note);
  return confirmTransferAndTell(deps, { number: body.number, cents, note }, (trx, done, subject) =>
    recordStaffAction(trx, {
      staffId: staff.id,
      action: 'transfer.confirm',
      subject: { kind: done.kind, id: subject.id },
      before: { status: 'awaiting_transfer' },
      after: { status: 'paid', receivedCents: cents, creditedCents: done.creditedCents },
      reason: note,
      at: iso(deps.clock()),
    }),
  );
}
