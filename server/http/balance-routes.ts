import type { Context } from 'hono';
import type { BalanceTransaction, MemberPayment, RechargeRecord, WePointTransaction } from '#domain/api/balance';
import { HISTORY_VISIBLE_YEARS } from '#domain/api/balance';
import type { Page } from '#domain/api/paging';
import type { AppContext } from '../app-context.ts';
import type { AppEnv } from '../auth/auth-context.ts';
import type { Clock } from '../clock.ts';
import { ApiRouter, requireUser } from './api-router.ts';
import { s } from './json-schema.ts';
import { readJson, readPaging, type Paging } from './request.ts';

const pageQuery = {
  page: { schema: s.integer({ minimum: 1 }), description: 'From 1 (default 1).' },
  pageSize: { schema: s.integer({ minimum: 1, maximum: 100 }), description: 'Default 10.' },
};

/** Spec section 9: history older than two years is not shown. */
export function historyStart(clock: Clock): string {
  const d = clock();
  const start = new Date(d);
  start.setUTCFullYear(d.getUTCFullYear() - HISTORY_VISIBLE_YEARS);
  return start.toISOString();
}

const page = <T>(list: T[], total: unknown, paging: Paging): Page<T> => ({ list, total: Number(total), page: paging.page, pageSize: paging.pageSize });

export function balanceRoutes(ctx: AppContext): { balance: ApiRouter; member: ApiRouter } {
  const { db, clock, config } = ctx;
  const options = { rateLimiter: ctx.rateLimiter, trustProxy: config.trustProxy };
  const balance = new ApiRouter('/account/balance', 'Balance', options);

  balance.route({
    method: 'get',
    path: '/rechargeList',
    summary: 'Balance reloads of the last two years, newest first',
    auth: 'user',
    query: pageQuery,
    response: s.page(
      s.object({ id: s.string(), amountCents: s.integer(), currency: s.string(), method: s.string(), status: s.enum(['pending', 'succeeded', 'failed']), reference: s.string(), createdAt: s.string() }),
    ),
    handler: async (c: Context<AppEnv>) => {
      const userId = requireUser(c);
      const paging = readPaging(c.req.query());
      const base = db.selectFrom('balance_recharge').where('user_id', '=', userId).where('created_at', '>=', historyStart(clock));
      const { total } = await base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
      const rows = await base.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(paging.pageSize).offset(paging.offset).execute();
      const list = rows.map(
        (r): RechargeRecord => ({
          id: r.id,
          amountCents: r.amount_cents,
          currency: r.currency,
          method: r.method,
          status: r.status as RechargeRecord['status'],
          reference: r.reference,
          createdAt: r.created_at,
        }),
      );
      return c.json(page(list, total, paging));
    },
  });

  balance.route({
    method: 'get',
    path: '/transactionList',
    summary: 'Balance transactions of the last two years, newest first',
    auth: 'user',
    query: pageQuery,
    response: s.page(
      s.object({ id: s.string(), kind: s.enum(['recharge', 'payment', 'refund', 'adjustment']), amountCents: s.integer(), balanceAfterCents: s.integer(), currency: s.string(), description: s.string(), createdAt: s.string() }),
    ),
    handler: async (c: Context<AppEnv>) => {
      const userId = requireUser(c);
      const paging = readPaging(c.req.query());
      const base = db.selectFrom('balance_transaction').where('user_id', '=', userId).where('created_at', '>=', historyStart(clock));
      const { total } = await base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
      const rows = await base.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(paging.pageSize).offset(paging.offset).execute();
      const list = rows.map(
        (r): BalanceTransaction => ({
          id: r.id,
          kind: r.kind as BalanceTransaction['kind'],
          amountCents: r.amount_cents,
          balanceAfterCents: r.balance_after_cents,
          currency: r.currency,
          description: r.description,
          createdAt: r.created_at,
        }),
      );
      return c.json(page(list, total, paging));
    },
  });

  balance.route({
    method: 'get',
    path: '/wePointTransactionList',
    summary: 'WePoint transactions of the last two years, newest first',
    auth: 'user',
    query: pageQuery,
    response: s.page(s.object({ id: s.string(), points: s.integer(), balanceAfter: s.integer(), description: s.string(), createdAt: s.string() })),
    handler: async (c: Context<AppEnv>) => {
      const userId = requireUser(c);
      const paging = readPaging(c.req.query());
      const base = db.selectFrom('we_point_transaction').where('user_id', '=', userId).where('created_at', '>=', historyStart(clock));
      const { total } = await base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
      const rows = await base.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(paging.pageSize).offset(paging.offset).execute();
      const list = rows.map(
        (r): WePointTransaction => ({ id: r.id, points: r.points, balanceAfter: r.balance_after, description: r.description, createdAt: r.created_at }),
      );
      return c.json(page(list, total, paging));
    },
  });

  const member = new ApiRouter('/member', 'Membership', options);
  member.route({
    method: 'post',
    path: '/paymentList',
    summary: 'Membership payments, newest first',
    description: 'page and pageSize in the JSON body (or the query).',
    auth: 'user',
    body: s.object({ 'page?': s.integer({ minimum: 1 }), 'pageSize?': s.integer({ minimum: 1, maximum: 100 }) }),
    response: s.page(
      s.object({ id: s.string(), plan: s.string(), amountCents: s.integer(), currency: s.string(), method: s.string(), status: s.enum(['pending', 'paid', 'refunded']), createdAt: s.string() }),
    ),
    handler: async (c: Context<AppEnv>) => {
      const userId = requireUser(c);
      const paging = readPaging({ ...c.req.query(), ...(await readJson(c)) });
      const base = db.selectFrom('member_payment').where('user_id', '=', userId).where('created_at', '>=', historyStart(clock));
      const { total } = await base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
      const rows = await base.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(paging.pageSize).offset(paging.offset).execute();
      const list = rows.map(
        (r): MemberPayment => ({
          id: r.id,
          plan: r.plan,
          amountCents: r.amount_cents,
          currency: r.currency,
          method: r.method,
          status: r.status as MemberPayment['status'],
          createdAt: r.created_at,
        }),
      );
      return c.json(page(list, total, paging));
    },
  });

  return { balance, member };
}
