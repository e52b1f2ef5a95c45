import type { Kysely } from 'kysely';
import type { Order, OperatorEventRequest } from '#domain/api/order';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { transact } from '../db/transact.ts';
import { HttpError, orNull } from '../errors.ts';
import type { AppLinks } from '../links.ts';
import type { Mailer } from '../mail/mailer.ts';
import { orderMails, type OrderMoveEvent } from '../mail/order-mails.ts';
import type { Payments } from '../payments/payments.ts';
import { applyOperatorEvent, readOrder } from './orders.ts';

/**
 * An order moved on through the admin token (automation; the staff console has its own service
 * with its audit): production, shipping (one line per package), delivery, or a refund, and in the
 * same transaction the customer's mail with the console's words; the mail leaves once it commits.
 */
export async function moveOrderByAdmin(
  deps: { db: Kysely<Database>; clock: Clock; payments: Pick<Payments, 'refund'>; mailer: Mailer; links: AppLinks },
  orderId: string,
  body: OperatorEventRequest,
): Promise<Order> {
  const note = orNull(body.note);
  const mailIds: string[] = [];
  if (body.event === 'refund') {
    await deps.payments.refund('order', orderId, note, async (trx) => {
      mailIds.push(await enqueueOrderEventMail(trx, deps, orderId, 'refund', { reason: note }));
    });
  } else {
    const tracking = body.tracking?.map((t) => ({ logisticsCompany: t.logisticsCompany, trackNumber: t.trackNumber, ...(t.package ? { package: t.package } : {}) }));
    if (tracking?.some((t) => !t.logisticsCompany || !t.trackNumber)) throw new HttpError(422, 'Each package needs a logistics company and a track number.');
    const event = body.event;
    await transact(deps.db, async (trx) => {
      await applyOperatorEvent(trx, deps.clock, orderId, event, { note, ...(tracking ? { tracking } : {}) });
      const packages = (tracking ?? []).map((t) => ({ carrier: t.logisticsCompany, trackingNumber: t.trackNumber }));
      mailIds.push(await enqueueOrderEventMail(trx, deps, orderId, event, { reason: note, packages }));
    });
  }
  await deps.mailer.dispatch(mailIds);
  return readOrder(deps.db, orderId);
}

/** The customer's mail for a move of their order, enqueued in the move's transaction; answers its id. */
async function enqueueOrderEventMail(
  trx: Kysely<Database>,
  deps: { mailer: Mailer; links: AppLinks },
  orderId: string,
  event: OrderMoveEvent,
  details: { reason: string | null; packages?: readonly { carrier: string; trackingNumber: string }[] },
): Promise<string> {
  const row = await trx.selectFrom('customer_order as o').innerJoin('user_account as u', 'u.id', 'o.user_id').select(['o.number', 'u.email']).where('o.id', '=', orderId).executeTakeFirstOrThrow();
  const subject = { to: row.email, number: row.number, link: deps.links.app(`user/order/detail/${orderId}`) };
  return deps.mailer.enqueue(orderMails.forEvent(subject, event, details), trx);
}
