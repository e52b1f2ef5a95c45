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
    db
      .selectFrom('customer_order')
      .select((eb) => eb.fn.min<string>('paid_at').as('at'))
      .where('user_id', '=', userId)
      .where('paid_at', '>=', range.from)
      .where('paid_at', '<', range.to)
      .executeTakeFirst(),
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

const TASK_WORDS: Record<MonthlyTaskId, string> = {
  'upload-model': 'Uploaded a model for a quote',
  'pay-order': 'Paid an order',
  'review-order': 'Reviewed an order',
  'friend-joined': 'A friend joined with your code',
};

/** Credits the points of each task done in the month of `at` that has not been credited yet; answers the tasks. */
export async function settleMonthlyTasks(db: Kysely<Database>, userId: string, at: Date, now: Date = at): Promise<MonthlyTask[]> {
  const month = monthKey(at);
  const doneAt = await taskDoneAt(db, userId, rangeOf(at));
  for (const task of MONTHLY_TASKS) {
    if (!doneAt[task.id]) continue;
    await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('we_point_transaction')
        .values({
          id: randomUUID(),
          user_id: userId,
          points: task.points,
          balance_after: 0,
          description: `${TASK_WORDS[task.id]} (${month})`,
          created_at: iso(now),
          award_key: `task:${userId}:${task.id}:${month}`,
        })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) return;
      const user = await trx.updateTable('user_account').set((eb) => ({ we_points: eb('we_points', '+', task.points) })).where('id', '=', userId).returning('we_points').executeTakeFirstOrThrow();
      await trx.updateTable('we_point_transaction').set({ balance_after: Number(user.we_points) }).where('id', '=', row.id).execute();
    });
  }
  return MONTHLY_TASKS.map((task) => ({ id: task.id, points: task.points, done: doneAt[task.id] !== null, doneAt: doneAt[task.id] }));
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
