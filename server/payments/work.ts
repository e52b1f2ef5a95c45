import type { Kysely, Selectable } from 'kysely';
import type { PayResponse } from '#domain/api/payment';
import { iso, type Clock } from '../clock.ts';
import type { Database, PaymentTable } from '../db/schema.ts';
import type { BankTransferSettings } from './bank-accounts.ts';
import type { PaymentEventName, PaymentEvents, PaymentStep } from './events.ts';
import type { Idempotency } from './idempotency.ts';
import { postLedgerEntry } from './ledger.ts';
import type { Payable, PayableSubject, PaymentActor, SettledAnswer, Settlement } from './payable.ts';
import type { PaymentProvider } from './provider.ts';
import { toPaymentSummary } from './records.ts';

/** What a pay call answers; stored under the idempotency key when the work happened. */
export interface Outcome {
  status: number;
  body: unknown;
}

/** What every step of a payment shares: the database, the clock, the provider, the bank, the keys and the events. */
export interface PaymentWork {
  db: Kysely<Database>;
  clock: Clock;
  provider: PaymentProvider;
  bank: BankTransferSettings;
  idempotency: Idempotency;
  events: PaymentEvents;
}

const EVENT_OF: Record<Settlement['outcome'], PaymentEventName | null> = { paid: 'paid', awaiting_transfer: 'awaiting_transfer', declined: null };

/**
 * The subject settles (it moves, in its owner's code), the balance takes what it credits, and what
 * follows a payment hears of it: all inside the payment's transaction `trx`.
 */
export async function settle(
  work: PaymentWork,
  trx: Kysely<Database>,
  payable: Payable,
  subject: PayableSubject,
  settlement: Settlement & { step: PaymentStep; actor: PaymentActor; note?: string | null },
): Promise<SettledAnswer> {
  const answer = await payable.settle(trx, subject, settlement);
  if (answer.credit && answer.credit.amountCents > 0) {
    const balanceAfter = await postLedgerEntry(trx, { userId: subject.userId, ...answer.credit, paymentId: settlement.paymentId, at: settlement.at });
    answer.balanceCents ??= balanceAfter;
  }
  const name = EVENT_OF[settlement.outcome];
  if (name) {
    await work.events.emit(trx, name, {
      subject,
      from: subject.status,
      to: answer.status,
      step: settlement.step,
      actor: settlement.actor,
      method: settlement.method,
      note: settlement.note ?? null,
      at: settlement.at,
    });
  }
  return answer;
}

/** The answer of a successful payment: the subject as it is now, the payment, and the subject's own fields. */
export function payAnswer(subject: PayableSubject, answer: SettledAnswer, payment: Selectable<PaymentTable>, defaults: Pick<PayResponse, 'message' | 'balanceCents' | 'bankTransfer'>): PayResponse {
  return {
    ...answer.extra,
    subject: { kind: subject.kind, id: subject.id, number: subject.number, status: answer.status },
    payment: toPaymentSummary(payment),
    balanceCents: answer.balanceCents ?? defaults.balanceCents,
    bankTransfer: defaults.bankTransfer,
    message: answer.message ?? defaults.message,
  };
}

export const now = (work: Pick<PaymentWork, 'clock'>) => iso(work.clock());
