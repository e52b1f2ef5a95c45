import type { Kysely } from 'kysely';
import type { OpsOrder, OpsOrderEventRequest, OpsOrderList, OpsOrderListQuery } from '#domain/api/ops';
import { STAFF_ORDER_NOT_FOUND } from '#domain/api/ops';
import type { Order } from '#domain/api/order';
import { transition, type OrderStatus } from '#domain/orders/order-status';
import { REASON_REQUIRED, STAFF_MESSAGES, mayStaff, seesOnlyAssignedCustomers, staffOrderEvents } from '#domain/rules/staff-rules';
import { iso, type Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { transact } from '../db/transact.ts';
import { HttpError, fieldError, orNull } from '../errors.ts';
import type { AppLinks } from '../links.ts';
import type { Mailer } from '../mail/mailer.ts';
import { orderMails } from '../mail/order-mails.ts';
import type { Payments } from '../payments/payments.ts';
import { cancelClaimRefabricatedBy, claimRefabricatedBy } from '../orders/after-sales.ts';
import { applyOperatorEvent, cancelUnpaidOrder, listOrdersForStaff, readOrder } from '../orders/orders.ts';
import { readOrderAudit, recordStaffAction } from './audit.ts';
import { orderFilesOf } from './ops-order-files.ts';
import type { Staff } from './staff-accounts.ts';

export interface OpsOrdersDeps {
  db: Kysely<Database>;
  clock: Clock;
  mailer: Mailer;
  payments: Pick<Payments, 'refund'>;
  links: AppLinks;
}

/** The order's customer, or 404 when the caller may not see it (another success manager's customer, or no such order). */
export async function visibleOrder(db: Kysely<Database>, staff: Staff, orderId: string) {
  const row = await db
    .selectFrom('customer_order as o')
    .innerJoin('user_account as u', 'u.id', 'o.user_id')
    .select(['o.id', 'o.number', 'o.status', 'o.paying_key', 'o.promo_code_id', 'u.id as user_id', 'u.email', 'u.first_name', 'u.last_name', 'u.customer_number', 'u.customer_manager_name', 'u.customer_manager_email'])
    .where('o.id', '=', orderId)
    .executeTakeFirst();
  if (!row) throw new HttpError(404, STAFF_ORDER_NOT_FOUND);
  if (seesOnlyAssignedCustomers(staff.role) && row.customer_manager_email?.toLowerCase() !== staff.email) throw new HttpError(404, STAFF_ORDER_NOT_FOUND);
  return row;
}

/** The orders the caller may see (a success manager: their customers'), by status and search. */
export function listStaffOrders(db: Kysely<Database>, staff: Staff, query: OpsOrderListQuery): Promise<OpsOrderList> {
  return listOrdersForStaff(db, query, seesOnlyAssignedCustomers(staff.role) ? { managerEmail: staff.email } : {});
}

/** An order's page for staff: the order, its customer, what the caller may do now, and the staff's actions on it. */
export async function readStaffOrder(db: Kysely<Database>, staff: Staff, orderId: string): Promise<OpsOrder> {
  const row = await visibleOrder(db, staff, orderId);
  const [order, audit, claim] = await Promise.all([readOrder(db, orderId), readOrderAudit(db, orderId), claimRefabricatedBy(db, orderId)]);
  return {
    order,
    files: await orderFilesOf(db, order),
    customer: {
      id: row.user_id,
      email: row.email,
      name: [row.first_name, row.last_name].filter(Boolean).join(' ') || row.email,
      customerNumber: row.customer_number,
      successManager: row.customer_manager_email ? { name: row.customer_manager_name ?? row.customer_manager_email, email: row.customer_manager_email } : null,
    },
    events: mayStaff(staff.role, 'orders.move') ? staffOrderEvents(order.status, { somethingPaid: somethingPaid(order), refabrication: claim !== undefined }) : [],
    audit,
  };
}

/** Whether any money came in for the order (a refabrication at no charge has no payment). */
const somethingPaid = (order: Order) => order.payments.some((p) => p.status === 'succeeded');

/** What the audit keeps of an order: its status and, once shipped, its tracking. */
function auditState(order: Order): Record<string, unknown> {
  return { status: order.status, ...(order.tracking.length > 0 ? { tracking: order.tracking.map((t) => `${t.logisticsCompany} ${t.trackNumber}`) } : {}) };
}

/**
 * Staff move an order on (issue 38, ADR 193) through the lifecycle's own rule (`transition`) and the
 * server's own paths: production, shipping and delivery through `applyOperatorEvent`, a cancelled
 * unpaid order through `cancelUnpaidOrder`, a refund through the payments' refund. A refabrication
 * made at no charge is cancelled before it ships (ADR 232) by `applyOperatorEvent` too, its claim
 * `cancelled` with the reason and audited as well, and the customer mailed about the claim; nothing
 * is refunded. The audit lines and the customer's mail are written in the move's transaction; the
 * mail leaves once it commits.
 */
export async function moveStaffOrder(deps: OpsOrdersDeps, staff: Staff, orderId: string, body: OpsOrderEventRequest): Promise<OpsOrder> {
  if (!mayStaff(staff.role, 'orders.move')) throw new HttpError(403, STAFF_MESSAGES.notAllowed);
  const { db, clock, mailer } = deps;
  const row = await visibleOrder(db, staff, orderId);
  const check = transition(row.status as OrderStatus, body.event, 'operator');
  if (!check.ok) throw new HttpError(409, check.message);
  const reason = orNull(body.reason);
  if (REASON_REQUIRED.includes(body.event) && !reason) throw fieldError('reason', STAFF_MESSAGES.reasonRequired);
  const carrier = orNull(body.carrier);
  const trackingNumber = orNull(body.trackingNumber);
  if (body.event === 'ship') {
    if (!carrier) throw fieldError('carrier', STAFF_MESSAGES.trackingRequired);
    if (!trackingNumber) throw fieldError('trackingNumber', STAFF_MESSAGES.trackingRequired);
  }
  const current = await readOrder(db, orderId);
  if (body.event === 'refund' && !somethingPaid(current)) throw new HttpError(409, STAFF_MESSAGES.nothingToRefund);
  const claim = await claimRefabricatedBy(db, orderId);
  const facts = { somethingPaid: somethingPaid(current), refabrication: claim !== undefined };
  if (body.event === 'cancel_refabrication' && !staffOrderEvents(current.status, facts).includes('cancel_refabrication')) throw new HttpError(409, STAFF_MESSAGES.notARefabrication);
  const before = auditState(current);
  const subject = { to: row.email, number: row.number, link: deps.links.app(`user/order/detail/${orderId}`) };
  const mail =
    body.event === 'cancel_refabrication'
      ? orderMails.refabricationCancelled(
          { to: row.email, link: deps.links.app('user/order/after-sale') },
          { number: claim?.number ?? '', orderNumber: claim?.orderNumber ?? '', refabrication: row.number, reason: reason as string },
        )
      : orderMails.forEvent(subject, body.event, { reason, ...(body.event === 'ship' ? { packages: [{ carrier: carrier as string, trackingNumber: trackingNumber as string }] } : {}) });
  const mailIds: string[] = [];
  const alsoInTransaction = async (trx: Kysely<Database>) => {
    const after = auditState(await readOrder(trx, orderId));
    const at = iso(clock());
    await recordStaffAction(trx, { staffId: staff.id, action: `order.${body.event}`, subject: { kind: 'order', id: orderId }, before, after, reason, at });
    if (body.event === 'cancel_refabrication' && claim) {
      await cancelClaimRefabricatedBy(trx, orderId, reason as string, at);
      await recordStaffAction(trx, { staffId: staff.id, action: 'claim.cancel_refabrication', subject: { kind: 'after_sale', id: claim.id }, before: { status: 'accepted' }, after: { status: 'cancelled' }, reason, at });
    }
    mailIds.push(await mailer.enqueue(mail, trx));
  };
  if (body.event === 'refund') {
    await deps.payments.refund('order', orderId, reason, alsoInTransaction);
  } else {
    await transact(db, async (trx) => {
      if (body.event === 'cancel') await cancelUnpaidOrder(trx, clock, row, 'operator', reason);
      else await applyOperatorEvent(trx, clock, orderId, body.event, { note: reason, ...(body.event === 'ship' ? { tracking: [{ logisticsCompany: carrier as string, trackNumber: trackingNumber as string }] } : {}) });
      await alsoInTransaction(trx);
    });
  }
  await mailer.dispatch(mailIds);
  return readStaffOrder(db, staff, orderId);
}
