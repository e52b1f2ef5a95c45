import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { reloadPayable } from '../accounts/balance-reloads.ts';
import { additionalCostPayable, orderPayable } from '../orders/payable.ts';
import { recordPaymentStatusEvent } from '../orders/status-events.ts';
import type { BankTransferSettings } from '../payments/bank-accounts.ts';
import { PaymentEvents, type PaymentEvent } from '../payments/events.ts';
import type { Idempotency } from '../payments/idempotency.ts';
import { Payments } from '../payments/payments.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { reversePaidOrderPoints } from '../rewards/points.ts';
import { rewardReferrerOfPaidOrder, withdrawReferralRewardOfOrder } from '../rewards/referral.ts';

/** Runs `then` for an order's payment event only. */
const forOrders =
  (then: (trx: Kysely<Database>, orderId: string, at: string) => Promise<void>) =>
  async (trx: Kysely<Database>, event: PaymentEvent): Promise<void> => {
    if (event.subject.kind === 'order') await then(trx, event.subject.id, event.at);
  };

/**
 * The payments with everything that can be paid and everything that follows a payment (ADR 180):
 * `server/payments` knows the payable interface and its events; this is where orders, additional
 * costs and reloads are put before it, and where the status history, the referrer's reward and
 * the month's points listen, each inside the payment's transaction, in this order.
 */
export function createPayments(deps: { db: Kysely<Database>; clock: Clock; provider: PaymentProvider; bank?: BankTransferSettings; idempotency?: Idempotency }): Payments {
  const events = new PaymentEvents()
    .on('paid', recordPaymentStatusEvent)
    // A referred friend's first order, paid: the referrer's coupon (ADR 090).
    .on('paid', forOrders(rewardReferrerOfPaidOrder))
    .on('awaiting_transfer', recordPaymentStatusEvent)
    // Points follow money (issue 32 item 7): the month's "Paid an order" points go back with it.
    .on('refunded', forOrders(reversePaidOrderPoints))
    // A referral coupon earned on this order is withdrawn while unused (ADR 151).
    .on('refunded', forOrders(withdrawReferralRewardOfOrder))
    .on('refunded', recordPaymentStatusEvent);
  return new Payments({ ...deps, payables: [reloadPayable, orderPayable, additionalCostPayable], events });
}
