/** Balance, WePoint and membership payment history (spec sections 3, 7, 9). */

/** Spec section 9: reload and transaction history is visible for 2 years. */
export const HISTORY_VISIBLE_YEARS = 2;

export interface RechargeRecord {
  id: string;
  amountCents: number;
  currency: string;
  method: string;
  status: 'pending' | 'succeeded' | 'failed';
  reference: string;
  createdAt: string;
}

export interface BalanceTransaction {
  id: string;
  kind: 'recharge' | 'payment' | 'refund' | 'adjustment';
  /** Signed: a credit is positive, a debit negative. */
  amountCents: number;
  balanceAfterCents: number;
  currency: string;
  description: string;
  createdAt: string;
}

export interface WePointTransaction {
  id: string;
  points: number;
  balanceAfter: number;
  description: string;
  createdAt: string;
}

export interface MemberPayment {
  id: string;
  plan: string;
  amountCents: number;
  currency: string;
  method: string;
  status: 'pending' | 'paid' | 'refunded';
  createdAt: string;
}
