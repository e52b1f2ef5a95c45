/** Balance, WePoint and membership payment history (spec sections 3, 7, 9; ADR 060). */
import { z } from 'zod';
import { described, instant, named, pageOf } from './fields.ts';


export const RechargeRecordSchema = named(
  'RechargeRecord',
  z.object({
    id: z.string(),
    amountCents: z.int(),
    currency: z.string(),
    method: z.string(),
    status: z.enum(['pending', 'succeeded', 'failed']),
    reference: z.string(),
    createdAt: instant(),
  }),
);
export type RechargeRecord = z.infer<typeof RechargeRecordSchema>;

export const BalanceTransactionSchema = named(
  'BalanceTransaction',
  z.object({
    id: z.string(),
    kind: z.enum(['recharge', 'payment', 'refund', 'adjustment']),
    amountCents: described(z.int(), 'Signed: a credit is positive, a debit negative.'),
    balanceAfterCents: z.int(),
    currency: z.string(),
    description: z.string(),
    reference: described(z.string().nullable(), 'What the row pays or credits: an order (W…), an additional cost (AC…) or a reload (R…).'),
    createdAt: instant(),
  }),
);
export type BalanceTransaction = z.infer<typeof BalanceTransactionSchema>;

export const WePointTransactionSchema = named(
  'WePointTransaction',
  z.object({ id: z.string(), points: z.int(), balanceAfter: z.int(), description: z.string(), createdAt: instant() }),
);
export type WePointTransaction = z.infer<typeof WePointTransactionSchema>;

export const MemberPaymentSchema = named(
  'MemberPayment',
  z.object({
    id: z.string(),
    plan: z.string(),
    amountCents: z.int(),
    currency: z.string(),
    method: z.string(),
    status: z.enum(['pending', 'paid', 'refunded']),
    createdAt: instant(),
  }),
);
export type MemberPayment = z.infer<typeof MemberPaymentSchema>;

export const RechargeListSchema = pageOf(RechargeRecordSchema);
export const BalanceTransactionListSchema = pageOf(BalanceTransactionSchema);
export const WePointTransactionListSchema = pageOf(WePointTransactionSchema);
export const MemberPaymentListSchema = pageOf(MemberPaymentSchema);
