import type { Kysely } from 'kysely';
import type { OpsClaim, OpsClaimDecision, OpsClaimList, OpsClaimQuery } from '#domain/api/ops-queues';
import { MAX_QUEUE } from '#domain/api/ops-queues';
import { STAFF_MESSAGES, mayStaff } from '#domain/rules/staff-rules';
import { iso, type Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import { CLAIM_DECISION_MESSAGES, claimedElsewhere, decideAfterSale, readAfterSale } from '../orders/after-sales.ts';
import type { AppLinks } from '../links.ts';
import type { Mailer } from '../mail/mailer.ts';
import { orderMails } from '../mail/order-mails.ts';
import { readAudit, recordStaffAction } from './audit.ts';
import type { Staff } from './staff-accounts.ts';

const customerName = (u: { email: string; first_name: string | null; last_name: string | null }) => [u.first_name, u.last_name].filter(Boolean).join(' ') || u.email;

function claimRows(db: Kysely<Database>) {
  return db
    .selectFrom('after_sale_order')
    .innerJoin('customer_order', 'customer_order.id', 'after_sale_order.order_id')
    .innerJoin('user_account as u', 'u.id', 'after_sale_order.user_id')
    .selectAll('after_sale_order')
    .select(['customer_order.number as wedo_number', 'u.email', 'u.first_name', 'u.last_name']);
}

type ClaimRow = Awaited<ReturnType<ReturnType<typeof claimRows>['executeTakeFirstOrThrow']>>;

async function toOpsClaim(db: Kysely<Database>, row: ClaimRow): Promise<OpsClaim> {
  const [claim, audit] = await Promise.all([readAfterSale(db, row), readAudit(db, 'after_sale', row.id)]);
  const elsewhere = await claimedElsewhere(db, claim.items.map((i) => i.productId), row.id);
  return {
    claim,
    orderId: row.order_id,
    customer: { id: row.user_id, email: row.email, name: customerName(row) },
    lines: claim.items.map((i) => ({ productId: i.productId, name: i.name, ordered: i.originalQuantity, claimedElsewhere: elsewhere.get(i.productId) ?? 0 })),
    audit,
  };
}

/** The after-sale claims (issue 38 item 4), the oldest first; `status` keeps one kind. */
export async function listStaffClaims(db: Kysely<Database>, staff: Staff, query: OpsClaimQuery): Promise<OpsClaimList> {
  if (!mayStaff(staff.role, 'claims.decide')) throw new HttpError(403, STAFF_MESSAGES.notAllowed);
  let rows = claimRows(db);
  let count = db.selectFrom('after_sale_order').select((eb) => eb.fn.countAll<number | string | bigint>().as('n'));
  if (query.status) {
    rows = rows.where('after_sale_order.status', '=', query.status);
    count = count.where('status', '=', query.status);
  }
  const [found, total] = await Promise.all([rows.orderBy('after_sale_order.created_at').orderBy('after_sale_order.id').limit(MAX_QUEUE).execute(), count.executeTakeFirstOrThrow()]);
  return { list: await Promise.all(found.map((r) => toOpsClaim(db, r))), total: Number(total.n) };
}

export async function readStaffClaim(db: Kysely<Database>, staff: Staff, claimId: string): Promise<OpsClaim> {
  if (!mayStaff(staff.role, 'claims.decide')) throw new HttpError(403, STAFF_MESSAGES.notAllowed);
  const row = await claimRows(db).where('after_sale_order.id', '=', claimId).executeTakeFirst();
  if (!row) throw new HttpError(404, CLAIM_DECISION_MESSAGES.notFound);
  return toOpsClaim(db, row);
}

/**
 * Staff approve a claim (the refabrication made at no charge, its quantities checked again against
 * the line and every other claim) or refuse it with the reason the customer reads, through the
 * orders' own `decideAfterSale` (ADR 200). The audit line and the customer's mail (approved with its
 * refabrication order, or refused with the reason) are written in the decision's transaction; the
 * mail leaves once it commits.
 */
export async function decideStaffClaim(deps: { db: Kysely<Database>; clock: Clock; mailer: Mailer; links: AppLinks }, staff: Staff, claimId: string, body: OpsClaimDecision): Promise<OpsClaim> {
  if (!mayStaff(staff.role, 'claims.decide')) throw new HttpError(403, STAFF_MESSAGES.notAllowed);
  const row = await claimRows(deps.db).where('after_sale_order.id', '=', claimId).executeTakeFirst();
  if (!row) throw new HttpError(404, CLAIM_DECISION_MESSAGES.notFound);
  const mailIds: string[] = [];
  await decideAfterSale(deps.db, deps.clock, claimId, body, async (trx, done) => {
    const reason = body.decision === 'refuse' ? body.reason.trim() : null;
    await recordStaffAction(trx, {
      staffId: staff.id,
      action: body.decision === 'approve' ? 'claim.approve' : 'claim.refuse',
      subject: { kind: 'after_sale', id: claimId },
      before: done.before,
      after: done.after,
      reason,
      at: iso(deps.clock()),
    });
    const to = { to: row.email, link: deps.links.app('user/order/after-sale') };
    const claim = { number: row.number, orderNumber: row.wedo_number };
    const mail = reason === null ? orderMails.claimApproved(to, { ...claim, refabrication: done.after.refabricationOrder ?? '' }) : orderMails.claimRefused(to, { ...claim, reason });
    mailIds.push(await deps.mailer.enqueue(mail, trx));
  });
  await deps.mailer.dispatch(mailIds);
  return readStaffClaim(deps.db, staff, claimId);
}
