import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PromoCode } from '#domain/api/account';
import type { MonthlyTask, PointsOverview } from '#domain/api/rewards';
import { MONTHLY_TASKS, monthKey, monthStart, nextMonthStart, type MonthlyTaskId } from '#domain/rules/rewards-rules';
import { iso } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { toPromoCode } from './promo-codes.ts';
import { monthlyCouponKey, monthlyCouponPercent } from './monthly-coupons.ts';

/**
 * The membership page's monthly tasks (spec section 4: the list refreshes monthly; ADR 092). A task
 * is done when the account did the thing during the month (UTC); its WePoints are credited once per
 * account, task and month: the points row's award key is unique, and the cached points move in the
 * same transaction as the row.
 *
 * Points follow money (issue 32 item 7): an order refunded is not a paid order. When the refund
 * leaves the month without another paid order, the points of "Paid an order" are taken back by a
 * ledger row of their own (`reversal:<award key>`, shown in the points history); a paid order later
 * that month earns them again under the next award key (`…:2`).
 */

type Range = { from: string; to: string };

function rangeOf(at: Date): Range {
  return { from: iso(monthStart(at)), to: iso(nextMonthStart(at)) };
}

/** When each task was first done in the month, or null. */
async function taskDoneAt(db: Kysely<Database>, userId: string, range: Range): Promise<Record<MonthlyTaskId, string | null>> {
  const first = <T extends { at: string | null } | undefined>(row: T) => row?.at ?? null;
  const [upload, paid, review, friend] = await Promise.all([
    db
      .selectFrom('quote_file')
      .innerJoin('quote_project', 'quote_project.id', 'quote_file.project_id')
      .select((eb) => eb.fn.min<string>('quote_file.uploaded_at').as('at'))
      .where('quote_project.user_id', '=', userId)
      .where('quote_file.uploaded_at', '>=', range.from)
      .where('quote_file.uploaded_at', '<', range.to)
      .executeTakeFirst(),
    firstPaidOrder(db, userId, range),
    db
      .selectFrom('order_review')
      .select((eb) => eb.fn.min<string>('created_at').as('at'))
      .where('user_id', '=', userId)
      .where('created_at', '>=', range.from)
      .where('created_at', '<', range.to)
      .executeTakeFirst(),
    db
      .selectFrom('user_account')
      .select((eb) => eb.fn.min<string>('created_at').as('at'))
      .where('referred_by_user_id', '=', userId)
      .where('created_at', '>=', range.from)
      .where('created_at', '<', range.to)
      .executeTakeFirst(),
  ]);
  return { 'upload-model': first(upload), 'pay-order': first(paid), 'review-order': first(review), 'friend-joined': first(friend) };
}

/** When the account's first order paid in the range and not refunded since was paid, or undefined. */
function firstPaidOrder(db: Kysely<Database>, userId: string, range: Range, except?: string) {
  let q = db
    .selectFrom('customer_order')
    .select((eb) => eb.fn.min<string>('paid_at').as('at'))
    .where('user_id', '=', userId)
    .where('paid_at', '>=', range.from)
    .where('paid_at', '<', range.to)
    .where('status', '<>', 'cancelled');
  if (except) q = q.where('id', '<>', except);
  return q.executeTakeFirst();
}

/**
 * The award key a task's points stand under in a month: the first key not yet credited, or the
 * credited one not reversed (`credited`). A reversal frees the next key (`…:2`, `…:3`).
 */
async function currentAward(db: Kysely<Database>, baseKey: string): Promise<{ key: string; credited: boolean }> {
  for (let n = 1; ; n++) {
    const key = n === 1 ? baseKey : `${baseKey}:${n}`;
    const rows = await db.selectFrom('we_point_transaction').select('award_key').where('award_key', 'in', [key, `reversal:${key}`]).execute();
    if (!rows.some((r) => r.award_key === key)) return { key, credited: false };
    if (!rows.some((r) => r.award_key === `reversal:${key}`)) return { key, credited: true };
  }
}

/**
 * Locks the account's row for the rest of the transaction (a write that changes nothing): crediting
 * a task and reversing it for a refund take this lock first, so on PostgreSQL one waits for the
 * other and then sees what it did (SQLite serialises writers already).
 */
async function lockPoints(trx: Kysely<Database>, userId: string): Promise<void> {
  await trx.updateTable('user_account').set((eb) => ({ we_points: eb.ref('we_points') })).where('id', '=', userId).execute();
}

/** Adds `points` (negative: takes them back) to the account, with its ledger row, in `trx`. */
async function postPoints(trx: Kysely<Database>, row: { userId: string; points: number; description: string; at: string; awardKey: string }): Promise<boolean> {
  const inserted = await trx
    .insertInto('we_point_transaction')
    .values({ id: randomUUID(), user_id: row.userId, points: row.points, balance_after: 0, description: row.description, created_at: row.at, award_key: row.awardKey })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return false;
  const user = await trx.updateTable('user_account').set((eb) => ({ we_points: eb('we_points', '+', row.points) })).where('id', '=', row.userId).returning('we_points').executeTakeFirstOrThrow();
  await trx.updateTable('we_point_transaction').set({ balance_after: Number(user.we_points) }).where('id', '=', inserted.id).execute();
  return true;
}

const TASK_WORDS: Record<MonthlyTaskId, string> = {
  'upload-model': 'Uploaded a model for a quote',
  'pay-order': 'Paid an order',
  'review-order': 'Reviewed an order',
  'friend-joined': 'A friend joined with your code',
};

/** Credits the points of each task done in the month of `at` that has not been credited yet; answers the tasks. */
export async function settleMonthlyTasks(db: Kysely<Database>, userId: string, at: Date, now: Date = at): Promise<MonthlyTask[]> {
  const month = monthKey(at);
  const range = rangeOf(at);
  const doneAt = await taskDoneAt(db, userId, range);
  for (const task of MONTHLY_TASKS) {
    if (!doneAt[task.id]) continue;
    const baseKey = `task:${userId}:${task.id}:${month}`;
    if ((await currentAward(db, baseKey)).credited) continue; // the usual case: a read, no write
    await db.transaction().execute(async (trx) => {
      await lockPoints(trx, userId);
      // Under the lock: an order refunded meanwhile no longer makes the month's paid order.
      if (task.id === 'pay-order' && !(await firstPaidOrder(trx, userId, range))?.at) return;
      const award = await currentAward(trx, baseKey);
      if (award.credited) return;
      await postPoints(trx, { userId, points: task.points, description: `${TASK_WORDS[task.id]} (${month})`, at: iso(now), awardKey: award.key });
    });
  }
  return MONTHLY_TASKS.map((task) => ({ id: task.id, points: task.points, done: doneAt[task.id] !== null, doneAt: doneAt[task.id] }));
}

/**
 * An order was refunded (in `trx`, the refund's transaction, after the order became cancelled):
 * when it made its month's "Paid an order" and no other paid order of that month does, the points
 * credited for it are taken back by a ledger row the points history shows. Once only (the
 * reversal's award key); nothing when they were not credited yet (the task is then no longer done).
 */
export async function reversePaidOrderPoints(trx: Kysely<Database>, orderId: string, at: string): Promise<void> {
  const order = await trx.selectFrom('customer_order').select(['user_id', 'number', 'paid_at']).where('id', '=', orderId).executeTakeFirst();
  if (!order?.paid_at) return;
  const paidAt = new Date(order.paid_at);
  const month = monthKey(paidAt);
  await lockPoints(trx, order.user_id);
  if ((await firstPaidOrder(trx, order.user_id, rangeOf(paidAt), orderId))?.at) return;
  const award = await currentAward(trx, `task:${order.user_id}:pay-order:${month}`);
  if (!award.credited) return;
  const task = MONTHLY_TASKS.find((x) => x.id === 'pay-order')!;
  await postPoints(trx, {
    userId: order.user_id,
    points: -task.points,
    description: `Reversed: ${TASK_WORDS['pay-order']} (${month}), order ${order.number} refunded`,
    at,
    awardKey: `reversal:${award.key}`,
  });
}

/**
 * Settles the tasks of every account that did something in the month of `at` (the scheduled run
 * calls it for this month and the last, so a task done late on the last day is still credited).
 */
export async function settleAllMonthlyTasks(db: Kysely<Database>, at: Date, now: Date = at): Promise<void> {
  const { from, to } = rangeOf(at);
  const ids = new Set<string>();
  const add = (rows: { id: string | null }[]) => rows.forEach((r) => r.id && ids.add(r.id));
  add(
    await db
      .selectFrom('quote_file')
      .innerJoin('quote_project', 'quote_project.id', 'quote_file.project_id')
      .select('quote_project.user_id as id')
      .distinct()
      .where('quote_file.uploaded_at', '>=', from)
      .where('quote_file.uploaded_at', '<', to)
      .execute(),
  );
  add(await db.selectFrom('customer_order').select('user_id as id').distinct().where('paid_at', '>=', from).where('paid_at', '<', to).execute());
  add(await db.selectFrom('order_review').select('user_id as id').distinct().where('created_at', '>=', from).where('created_at', '<', to).execute());
  add(await db.selectFrom('user_account').select('referred_by_user_id as id').distinct().where('created_at', '>=', from).where('created_at', '<', to).execute());
  for (const id of ids) await settleMonthlyTasks(db, id, at, now);
}

/** `GET prime/point`: the points (after crediting this month's done tasks), membership, tasks and this month's coupon. */
export async function pointsOverview(db: Kysely<Database>, userId: string, now: Date): Promise<PointsOverview> {
  const tasks = await settleMonthlyTasks(db, userId, now);
  const month = monthKey(now);
  const [user, coupon] = await Promise.all([
    db.selectFrom('user_account').select(['we_points', 'member']).where('id', '=', userId).executeTakeFirstOrThrow(),
    db.selectFrom('promo_code').selectAll().where('issue_key', '=', monthlyCouponKey(userId, month)).executeTakeFirst(),
  ]);
  const member = user.member === 1;
  const monthlyCoupon: PromoCode | null = coupon ? toPromoCode(coupon, iso(now)) : null;
  return {
    points: Number(user.we_points),
    member,
    month,
    refreshesOn: iso(nextMonthStart(now)).slice(0, 10),
    tasks,
    couponPercent: monthlyCouponPercent(member),
    monthlyCoupon,
  };
}
