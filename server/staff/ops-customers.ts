import { sql, type Kysely } from 'kysely';
import type { AdditionalCost } from '#domain/api/order';
import {
  STAFF_CUSTOMER_NOT_FOUND,
  type CustomerFlags,
  type OpsAdditionalCostRequest,
  type OpsAdditionalCosts,
  type OpsBalanceAdjustRequest,
  type OpsCustomerDetail,
  type OpsCustomerList,
  type OpsCustomerListQuery,
  type OpsCustomerPatch,
  type OpsCustomerSummary,
} from '#domain/api/ops-customers';
import type { StaffAction } from '#domain/api/ops';
import { STAFF_ORDER_NOT_FOUND } from '#domain/api/ops';
import { formatUsd } from '#domain/pricing/money';
import { ADDITIONAL_COST_MAX_CENTS, ADDITIONAL_COST_MIN_CENTS, CUSTOMER_FLAGS, STAFF_CUSTOMER_MESSAGES } from '#domain/rules/staff-customer-rules';
import { STAFF_MESSAGES, mayStaff, seesOnlyAssignedCustomers, type StaffPermission } from '#domain/rules/staff-rules';
import { iso, type Clock } from '../clock.ts';
import { paginate } from '../db/paginate.ts';
import type { Database, UserAccountTable } from '../db/schema.ts';
import { containsIgnoringCase } from '../db/search.ts';
import { transact } from '../db/transact.ts';
import { HttpError, fieldError, orNull } from '../errors.ts';
import type { AppLinks } from '../links.ts';
import type { Mailer } from '../mail/mailer.ts';
import { orderMails } from '../mail/order-mails.ts';
import { createAdditionalCost } from '../orders/additional-costs.ts';
import { toAdditionalCost } from '../orders/records.ts';
import { parseUsd } from '../payments/amounts.ts';
import { InsufficientBalanceError, postLedgerEntry } from '../payments/ledger.ts';
import { readStaffActions, recordStaffAction } from './audit.ts';
import type { Staff } from './staff-accounts.ts';

export interface OpsCustomersDeps {
  db: Kysely<Database>;
  clock: Clock;
  mailer: Mailer;
  links: AppLinks;
}

type AccountRow = UserAccountTable;

function refuseWithout(staff: Staff, permission: StaffPermission): void {
  if (!mayStaff(staff.role, permission)) throw new HttpError(403, STAFF_MESSAGES.notAllowed);
}

/** Whether a success manager serves this account (the account record names their email). */
const serves = (staff: Staff, managerEmail: string | null) => !seesOnlyAssignedCustomers(staff.role) || managerEmail?.toLowerCase() === staff.email.toLowerCase();

const flagsOf = (u: AccountRow): CustomerFlags => ({
  isRecharge: u.is_recharge === 1,
  isEntrustOrderAccount: u.is_entrust_order_account === 1,
  member: u.member === 1,
  isChannel: u.is_channel === 1,
});

function toSummary(u: AccountRow): OpsCustomerSummary {
  return {
    id: u.id,
    email: u.email,
    name: [u.first_name, u.last_name].filter(Boolean).join(' ') || u.email,
    company: u.company,
    customerNumber: u.customer_number,
    flags: flagsOf(u),
    successManager: u.customer_manager_email ? { name: u.customer_manager_name ?? u.customer_manager_email, email: u.customer_manager_email } : null,
    balanceCents: Number(u.balance_cents),
    createdAt: u.created_at,
  };
}

/** The account, or 404 when there is none or the caller may not see it (another success manager's customer). */
async function visibleAccount(db: Kysely<Database>, staff: Staff, userId: string): Promise<AccountRow> {
  const row = await db.selectFrom('user_account').selectAll().where('id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
  if (!row || !serves(staff, row.customer_manager_email)) throw new HttpError(404, STAFF_CUSTOMER_NOT_FOUND);
  return row;
}

/**
 * The customers the caller may see (a success manager: theirs), newest first, searched by part of
 * the email, the first and last name (either, or both as written) or the company, literally and in any case.
 */
export async function listStaffCustomers(db: Kysely<Database>, staff: Staff, query: OpsCustomerListQuery): Promise<OpsCustomerList> {
  refuseWithout(staff, 'customers.read');
  let filtered = db.selectFrom('user_account as u').where('u.deleted_at', 'is', null);
  if (seesOnlyAssignedCustomers(staff.role)) filtered = filtered.where(sql<string>`lower(u.customer_manager_email)`, '=', staff.email.toLowerCase());
  const q = query.q?.trim();
  if (q) {
    const fullName = sql<string>`coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')`;
    filtered = filtered.where((eb) =>
      eb.or([containsIgnoringCase(sql.ref<string>('u.email'), q), containsIgnoringCase(fullName, q), containsIgnoringCase(sql.ref<string | null>('u.company'), q), containsIgnoringCase(sql.ref<string>('u.customer_number'), q)]),
    );
  }
  return paginate(filtered, query, (b) => b.selectAll('u').orderBy('u.created_at', 'desc').orderBy('u.id'), toSummary);
}

/**
 * Every staff action about a customer, oldest first: on the account itself, and on its orders,
 * additional costs, balance reloads and after-sale claims (issue 38 item 7).
 */
export function readCustomerAudit(db: Kysely<Database>, userId: string): Promise<StaffAction[]> {
  return readStaffActions(db, (eb) =>
    eb.or([
      eb.and([eb('a.subject_kind', '=', 'customer'), eb('a.subject_id', '=', userId)]),
      eb.and([eb('a.subject_kind', '=', 'order'), eb('a.subject_id', 'in', eb.selectFrom('customer_order').select('id').where('user_id', '=', userId))]),
      eb.and([eb('a.subject_kind', '=', 'additional_cost'), eb('a.subject_id', 'in', eb.selectFrom('additional_cost').select('id').where('user_id', '=', userId))]),
      eb.and([eb('a.subject_kind', '=', 'reload'), eb('a.subject_id', 'in', eb.selectFrom('balance_recharge').select('id').where('user_id', '=', userId))]),
      eb.and([eb('a.subject_kind', '=', 'after_sale'), eb('a.subject_id', 'in', eb.selectFrom('after_sale_order').select('id').where('user_id', '=', userId))]),
    ]),
  );
}

/** A customer's page for staff: the account's record, what the caller may change, and the audit about them. */
export async function readStaffCustomer(db: Kysely<Database>, staff: Staff, userId: string): Promise<OpsCustomerDetail> {
  refuseWithout(staff, 'customers.read');
  const row = await visibleAccount(db, staff, userId);
  const mayManage = mayStaff(staff.role, 'customers.manage');
  const [audit, managers] = await Promise.all([
    readCustomerAudit(db, userId),
    mayManage
      ? db.selectFrom('staff_account').select(['id', 'name', 'email']).where('role', '=', 'success_manager').where('disabled_at', 'is', null).orderBy('name').orderBy('id').execute()
      : Promise.resolve([]),
  ]);
  return { customer: toSummary(row), mayManage, mayAdjustBalance: mayStaff(staff.role, 'balance.adjust'), successManagers: managers, audit };
}

/** What the audit keeps of the account record: its flags and its success manager's email. */
const recordState = (u: AccountRow) => ({ ...flagsOf(u), successManager: u.customer_manager_email });

/**
 * Staff set the account record's flags and its customer success manager (a staff account with that
 * role; ADR 204): only the fields sent change, written with the audit line in one transaction.
 */
export async function updateStaffCustomer(deps: OpsCustomersDeps, staff: Staff, userId: string, patch: OpsCustomerPatch): Promise<OpsCustomerDetail> {
  refuseWithout(staff, 'customers.manage');
  const { db, clock } = deps;
  await visibleAccount(db, staff, userId);
  let manager: { name: string; email: string } | null | undefined;
  if (patch.successManagerId === null) manager = null;
  else if (patch.successManagerId !== undefined) {
    const chosen = await db
      .selectFrom('staff_account')
      .select(['name', 'email'])
      .where('id', '=', patch.successManagerId)
      .where('role', '=', 'success_manager')
      .where('disabled_at', 'is', null)
      .executeTakeFirst();
    if (!chosen) throw fieldError('successManagerId', STAFF_CUSTOMER_MESSAGES.notSuccessManager);
    manager = chosen;
  }
  const changes: Partial<UserAccountTable> = {};
  const columns = { isRecharge: 'is_recharge', isEntrustOrderAccount: 'is_entrust_order_account', member: 'member', isChannel: 'is_channel' } as const;
  for (const flag of CUSTOMER_FLAGS) {
    const value = patch[flag];
    if (value !== undefined) changes[columns[flag]] = value ? 1 : 0;
  }
  if (manager !== undefined) {
    changes.customer_manager_name = manager?.name ?? null;
    changes.customer_manager_email = manager?.email ?? null;
  }
  if (Object.keys(changes).length === 0) throw new HttpError(422, STAFF_CUSTOMER_MESSAGES.nothingChanged);
  const at = iso(clock());
  await transact(db, async (trx) => {
    const before = await trx.selectFrom('user_account').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    await trx.updateTable('user_account').set({ ...changes, updated_at: at }).where('id', '=', userId).execute();
    const after = await trx.selectFrom('user_account').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    const [b, a] = [recordState(before), recordState(after)];
    const changed = (Object.keys(b) as (keyof typeof b)[]).filter((k) => b[k] !== a[k]);
    await recordStaffAction(trx, {
      staffId: staff.id,
      action: 'customer.update',
      subject: { kind: 'customer', id: userId },
      before: Object.fromEntries(changed.map((k) => [k, b[k]])),
      after: Object.fromEntries(changed.map((k) => [k, a[k]])),
      reason: orNull(patch.reason),
      at,
    });
  });
  return readStaffCustomer(db, staff, userId);
}

/** `25`, `+25`, `-12.50` US dollars → signed cents; undefined when it is not an amount or is zero. */
export function parseSignedUsd(value: string): number | undefined {
  const text = value.trim().replace(/[\s,$]/g, '');
  const negative = text.startsWith('-');
  const cents = parseUsd(text.replace(/^[-+]/, ''));
  if (cents === undefined || cents === 0) return undefined;
  return negative ? -cents : cents;
}

/**
 * Staff credit or debit a customer's balance with a reason, as a ledger entry (ADR 052: never below
 * zero); the customer reads the reason in their balance transactions. Audited in the same transaction.
 */
export async function adjustStaffCustomerBalance(deps: OpsCustomersDeps, staff: Staff, userId: string, body: OpsBalanceAdjustRequest): Promise<OpsCustomerDetail> {
  refuseWithout(staff, 'balance.adjust');
  const { db, clock } = deps;
  const cents = parseSignedUsd(body.amount);
  if (cents === undefined) throw fieldError('amount', STAFF_CUSTOMER_MESSAGES.amount);
  const reason = body.reason.trim();
  if (!reason) throw fieldError('reason', STAFF_CUSTOMER_MESSAGES.reasonRequired);
  await visibleAccount(db, staff, userId);
  const at = iso(clock());
  try {
    await transact(db, async (trx) => {
      const balanceAfter = await postLedgerEntry(trx, { userId, amountCents: cents, kind: 'adjustment', description: reason, paymentId: null, at });
      await recordStaffAction(trx, {
        staffId: staff.id,
        action: 'customer.balance_adjust',
        subject: { kind: 'customer', id: userId },
        before: { balanceCents: balanceAfter - cents },
        after: { balanceCents: balanceAfter, amountCents: cents },
        reason,
        at,
      });
    });
  } catch (error) {
    if (error instanceof InsufficientBalanceError) {
      const message = `${STAFF_CUSTOMER_MESSAGES.belowZero} (${formatUsd(error.balanceCents)})`;
      throw new HttpError(422, message, { amount: [message] });
    }
    throw error;
  }
  return readStaffCustomer(db, staff, userId);
}

/** The order's customer, or 404 when the caller may not see it. */
async function visibleOrder(db: Kysely<Database>, staff: Staff, orderId: string) {
  const row = await db
    .selectFrom('customer_order as o')
    .innerJoin('user_account as u', 'u.id', 'o.user_id')
    .select(['o.id', 'o.number', 'u.email', 'u.customer_manager_email'])
    .where('o.id', '=', orderId)
    .executeTakeFirst();
  if (!row || !serves(staff, row.customer_manager_email)) throw new HttpError(404, STAFF_ORDER_NOT_FOUND);
  return row;
}

/** The additional-cost orders made on an order, newest first. */
export async function listOrderAdditionalCosts(db: Kysely<Database>, staff: Staff, orderId: string): Promise<OpsAdditionalCosts> {
  refuseWithout(staff, 'orders.read');
  const order = await visibleOrder(db, staff, orderId);
  const rows = await db.selectFrom('additional_cost').selectAll().where('order_id', '=', orderId).orderBy('created_at', 'desc').orderBy('id').execute();
  return { list: rows.map((r): AdditionalCost => toAdditionalCost(r, order.number)) };
}

/**
 * Staff create an additional-cost order from an order (issue 38 item 3, ADRs 056, 205) through the
 * same `createAdditionalCost` as the admin call: the customer sees it under their additional-cost
 * orders and is mailed its payment link; the order's audit gets the line, in the same transaction.
 */
export async function createStaffAdditionalCost(deps: OpsCustomersDeps, staff: Staff, orderId: string, body: OpsAdditionalCostRequest): Promise<OpsAdditionalCosts> {
  refuseWithout(staff, 'payments.charge');
  const { db, clock, mailer, links } = deps;
  const cents = parseUsd(body.amount.trim().replace(/[\s,$]/g, ''));
  if (cents === undefined || cents < ADDITIONAL_COST_MIN_CENTS || cents > ADDITIONAL_COST_MAX_CENTS) throw fieldError('amount', STAFF_CUSTOMER_MESSAGES.chargeAmount);
  const reason = body.reason.trim();
  if (!reason) throw fieldError('reason', STAFF_CUSTOMER_MESSAGES.reasonRequired);
  const order = await visibleOrder(db, staff, orderId);
  const mailIds: string[] = [];
  await transact(db, async (trx) => {
    const created = await createAdditionalCost(trx, clock, (token) => links.app(`additional-cost/payment?token=${token}`), {
      customerEmail: order.email,
      amountCents: cents,
      description: reason,
      orderNumber: order.number,
    });
    await recordStaffAction(trx, {
      staffId: staff.id,
      action: 'order.additional_cost',
      subject: { kind: 'order', id: orderId },
      before: null,
      after: { additionalCost: created.number, amountCents: created.amountCents, status: created.status },
      reason,
      at: iso(clock()),
    });
    mailIds.push(
      await mailer.enqueue(
        orderMails.additionalCost({ to: order.email, number: order.number, link: links.app('user/order/additional-cost') }, { number: created.number, amount: formatUsd(created.amountCents), reason, payLink: created.url }),
        trx,
      ),
    );
  });
  await mailer.dispatch(mailIds);
  return listOrderAdditionalCosts(db, staff, orderId);
}
