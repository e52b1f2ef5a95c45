import { randomUUID } from 'node:crypto';
import type { CardDeclinedBody, InsufficientBalanceBody } from '#domain/api/payment';
import type { BankCurrency } from '#domain/orders/payments';
import { CARD_CURRENCY } from '#domain/orders/payments';
import { formatUsd } from '#domain/pricing/money';
import { HttpError } from '../errors.ts';
import { bankInstructions } from './bank-accounts.ts';
import { chargeCard, providerKey } from './cards.ts';
import { InsufficientBalanceError, postLedgerEntry } from './ledger.ts';
import { PAYMENT_MESSAGES } from './messages.ts';
import type { Grant, Payable, PayableSubject } from './payable.ts';
import type { CardSource } from './provider.ts';
import { pendingTransferOf, recordPayment, toPaymentSummary } from './records.ts';
import { now, payAnswer, settle, type Outcome, type PaymentWork } from './work.ts';

/**
 * The three ways to pay a subject held for `key` (ADRs 051–054); each records the payment, settles
 * the subject and stores the answer under the key in one transaction.
 */
interface Held {
  payable: Payable;
  subject: PayableSubject;
  grant: Grant;
  key: string;
  /** The idempotency claim the answer is stored under. */
  recordId: string;
}

const capitalised = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/** A debit of the prepaid ledger, which never goes below zero (a shortfall is a stored 422 answer). */
export function payByBalance(work: PaymentWork, { payable, subject, key, recordId }: Held): Promise<Outcome> {
  const paymentId = randomUUID();
  return work.db.transaction().execute(async (trx) => {
    let balanceAfter: number;
    try {
      balanceAfter = await postLedgerEntry(trx, {
        userId: subject.userId,
        amountCents: -subject.amountCents,
        kind: 'payment',
        description: `${capitalised(payable.noun)} ${subject.number}`,
        paymentId,
        at: now(work),
      });
    } catch (error) {
      if (!(error instanceof InsufficientBalanceError)) throw error;
      const body: InsufficientBalanceBody = {
        message: `Your balance (${formatUsd(error.balanceCents)}) is ${formatUsd(error.shortfallCents)} short of the ${formatUsd(subject.amountCents)} due. Reload your balance or choose another payment method.`,
        code: 'insufficient_balance',
        errors: { method: [`Your balance is ${formatUsd(error.shortfallCents)} short.`] },
        balanceCents: error.balanceCents,
        amountCents: subject.amountCents,
        shortfallCents: error.shortfallCents,
        currency: 'USD',
      };
      await payable.releaseHold?.(trx, subject, key);
      await work.idempotency.complete(trx, recordId, 422, body);
      return { status: 422, body };
    }
    const at = now(work);
    const payment = await recordPayment(trx, at, {
      id: paymentId,
      userId: subject.userId,
      subject,
      amountCents: subject.amountCents,
      method: 'balance',
      status: 'succeeded',
      provider: 'balance',
      via: 'owner',
      idempotencyKey: key,
    });
    const answer = await settle(work, trx, payable, subject, { outcome: 'paid', method: 'balance', key, at, amountCents: subject.amountCents, paymentId, step: 'pay', actor: 'customer' });
    const body = payAnswer(subject, answer, payment, { balanceCents: balanceAfter, bankTransfer: null, message: `Paid ${formatUsd(subject.amountCents)} from your balance.` });
    await work.idempotency.complete(trx, recordId, 200, body);
    return { status: 200, body };
  });
}

/** A card charge through the provider (its idempotency key is ours), then the record of what it said. */
export async function payByCard(work: PaymentWork, { payable, subject, grant, key, recordId }: Held, source: CardSource): Promise<Outcome> {
  if (subject.currency !== CARD_CURRENCY) throw new HttpError(422, PAYMENT_MESSAGES.cardUsdOnly, { currency: [PAYMENT_MESSAGES.cardUsdOnly] });
  const result = await chargeCard(work.provider, { amountCents: subject.amountCents, source, idempotencyKey: providerKey(grant.scope, key), ...payable.describeCharge(subject) });
  return work.db.transaction().execute(async (trx) => {
    const at = now(work);
    const payment = await recordPayment(trx, at, {
      userId: subject.userId,
      subject,
      amountCents: subject.amountCents,
      method: 'card',
      status: result.status,
      provider: work.provider.name,
      charge: result,
      via: grant.via,
      idempotencyKey: key,
    });
    const outcome = result.status === 'succeeded' ? 'paid' : 'declined';
    const actor = grant.via === 'owner' ? 'customer' : 'agency';
    const answer = await settle(work, trx, payable, subject, { outcome, method: 'card', key, at, amountCents: subject.amountCents, paymentId: payment.id, step: 'pay', actor });
    let reply: Outcome;
    if (result.status === 'succeeded') {
      const message = `Paid ${formatUsd(subject.amountCents)} by card${result.last4 ? ` ending ${result.last4}` : ''}.`;
      reply = { status: 200, body: payAnswer(subject, answer, payment, { balanceCents: null, bankTransfer: null, message }) };
    } else {
      const body: CardDeclinedBody = { message: result.message, code: 'card_declined', declineCode: result.declineCode, payment: toPaymentSummary(payment) };
      reply = { status: 402, body };
    }
    await work.idempotency.complete(trx, recordId, reply.status, reply.body);
    return reply;
  });
}

/** A bank transfer chosen: a pending payment (one per subject) and the accounts to send it to. */
export function chooseBankTransfer(work: PaymentWork, { payable, subject, grant, key, recordId }: Held, currency: BankCurrency | undefined): Promise<Outcome> {
  return work.db.transaction().execute(async (trx) => {
    const at = now(work);
    const payment =
      (await pendingTransferOf(trx, subject)) ??
      (await recordPayment(trx, at, {
        userId: subject.userId,
        subject,
        amountCents: subject.amountCents,
        method: 'bank_transfer',
        status: 'pending',
        provider: 'bank',
        via: grant.via,
        idempotencyKey: key,
      }));
    const actor = grant.via === 'owner' ? 'customer' : 'agency';
    const answer = await settle(work, trx, payable, subject, { outcome: 'awaiting_transfer', method: 'bank_transfer', key, at, amountCents: subject.amountCents, paymentId: payment.id, step: 'choose_bank_transfer', actor });
    const bankTransfer = bankInstructions(work.bank.accounts, subject.number, subject.amountCents, { currency, then: payable.afterTransfer });
    const body = payAnswer(subject, answer, payment, { balanceCents: null, bankTransfer, message: '' });
    await work.idempotency.complete(trx, recordId, 200, body);
    return { status: 200, body };
  });
}
