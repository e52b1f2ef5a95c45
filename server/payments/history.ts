import type { Kysely } from 'kysely';
import type { BalanceTransaction, MemberPayment, RechargeRecord, WePointTransaction } from '#domain/api/balance';
import { HISTORY_VISIBLE_YEARS } from '#domain/orders/payments';
import type { Page, PageQuery } from '#domain/api/paging';
import type { Clock } from '../clock.ts';
import { paginate } from '../db/paginate.ts';
import type { Database } from '../db/schema.ts';

/** Spec section 9: history older than two years is not shown. */
export function historyStart(clock: Clock): string {
  const d = clock();
  const start = new Date(d);
  start.setUTCFullYear(d.getUTCFullYear() - HISTORY_VISIBLE_YEARS);
  return start.toISOString();
}

/**
 * The account's money history of the last two years, newest first: balance reloads, balance
 * transactions, WePoint transactions and membership payments.
 */
export class PaymentHistory {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  recharges(userId: string, query: PageQuery): Promise<Page<RechargeRecord>> {
    const filtered = this.db.selectFrom('balance_recharge').where('user_id', '=', userId).where('created_at', '>=', historyStart(this.clock));
    return paginate(
      filtered,
      query,
      (q) => q.selectAll().orderBy('created_at', 'desc').orderBy('id'),
      (r): RechargeRecord => ({
        id: r.id,
        amountCents: Number(r.amount_cents),
        currency: r.currency,
        method: r.method,
        status: r.status as RechargeRecord['status'],
        reference: r.reference,
        createdAt: r.created_at,
      }),
    );
  }

  /** The ledger rows, each with the number of what it paid or credited (an order, an additional cost, a reload). */
  balanceTransactions(userId: string, query: PageQuery): Promise<Page<BalanceTransaction>> {
    const filtered = this.db
      .selectFrom('balance_transaction')
      .where('balance_transaction.user_id', '=', userId)
      .where('balance_transaction.created_at', '>=', historyStart(this.clock));
    return paginate(
      filtered,
      query,
      (q) =>
        q
          .leftJoin('payment', 'payment.id', 'balance_transaction.payment_id')
          .leftJoin('customer_order', (j) => j.onRef('customer_order.id', '=', 'payment.subject_id').on('payment.subject_kind', '=', 'order'))
          .leftJoin('additional_cost', (j) => j.onRef('additional_cost.id', '=', 'payment.subject_id').on('payment.subject_kind', '=', 'additional_cost'))
          .leftJoin('balance_recharge', (j) => j.onRef('balance_recharge.id', '=', 'payment.subject_id').on('payment.subject_kind', '=', 'reload'))
          .selectAll('balance_transaction')
          .select(['customer_order.number as orderNumber', 'additional_cost.number as costNumber', 'balance_recharge.reference as reloadReference'])
          .orderBy('balance_transaction.created_at', 'desc')
          .orderBy('balance_transaction.id'),
      (r): BalanceTransaction => ({
        id: r.id,
        kind: r.kind as BalanceTransaction['kind'],
        amountCents: Number(r.amount_cents),
        balanceAfterCents: Number(r.balance_after_cents),
        currency: r.currency,
        description: r.description,
        reference: r.orderNumber ?? r.costNumber ?? r.reloadReference ?? null,
        createdAt: r.created_at,
      }),
    );
  }

  wePointTransactions(userId: string, query: PageQuery): Promise<Page<WePointTransaction>> {
    const filtered = this.db.selectFrom('we_point_transaction').where('user_id', '=', userId).where('created_at', '>=', historyStart(this.clock));
    return paginate(
      filtered,
      query,
      (q) => q.selectAll().orderBy('created_at', 'desc').orderBy('id'),
      (r): WePointTransaction => ({ id: r.id, points: r.points, balanceAfter: r.balance_after, description: r.description, createdAt: r.created_at }),
    );
  }

  memberPayments(userId: string, query: PageQuery): Promise<Page<MemberPayment>> {
    const filtered = this.db.selectFrom('member_payment').where('user_id', '=', userId).where('created_at', '>=', historyStart(this.clock));
    return paginate(
      filtered,
      query,
      (q) => q.selectAll().orderBy('created_at', 'desc').orderBy('id'),
      (r): MemberPayment => ({
        id: r.id,
        plan: r.plan,
        amountCents: Number(r.amount_cents),
        currency: r.currency,
        method: r.method,
        status: r.status as MemberPayment['status'],
        createdAt: r.created_at,
      }),
    );
  }
}
