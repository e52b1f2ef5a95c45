import { BalanceTransactionListSchema, MemberPaymentListSchema, RechargeListSchema, WePointTransactionListSchema } from '#domain/api/balance';
import { PageQuerySchema } from '#domain/api/paging';
import type { AppContext } from './app-context.ts';
import { PaymentHistory } from '../payments/history.ts';
import { ApiRouter, requireUser } from './api-router.ts';

export function balanceRoutes(ctx: AppContext): { balance: ApiRouter; member: ApiRouter } {
  const history = new PaymentHistory(ctx.db, ctx.clock);
  const balance = new ApiRouter('/account/balance', 'Balance', ctx);

  balance.route({
    method: 'get',
    path: '/rechargeList',
    summary: 'Balance reloads of the last two years, newest first',
    auth: 'user',
    query: PageQuerySchema,
    response: RechargeListSchema,
    handler: (c, { query }) => history.recharges(requireUser(c), query),
  });

  balance.route({
    method: 'get',
    path: '/transactionList',
    summary: 'Balance transactions of the last two years, newest first',
    auth: 'user',
    query: PageQuerySchema,
    response: BalanceTransactionListSchema,
    handler: (c, { query }) => history.balanceTransactions(requireUser(c), query),
  });

  balance.route({
    method: 'get',
    path: '/wePointTransactionList',
    summary: 'WePoint transactions of the last two years, newest first',
    auth: 'user',
    query: PageQuerySchema,
    response: WePointTransactionListSchema,
    handler: (c, { query }) => history.wePointTransactions(requireUser(c), query),
  });

  const member = new ApiRouter('/member', 'Membership', ctx);
  member.route({
    method: 'post',
    path: '/paymentList',
    summary: 'Membership payments, newest first',
    description: 'page and pageSize in the JSON body (or the query).',
    auth: 'user',
    query: PageQuerySchema,
    body: PageQuerySchema,
    response: MemberPaymentListSchema,
    handler: (c, { query, body }) => history.memberPayments(requireUser(c), { ...query, ...body }),
  });

  return { balance, member };
}
