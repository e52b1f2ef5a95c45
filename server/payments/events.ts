import type { Kysely } from 'kysely';
import type { PaymentMethod } from '#domain/api/payment';
import type { Database } from '../db/schema.ts';
import type { PayableSubject, PaymentActor } from './payable.ts';

/** What a payment did to its subject: paid it, set it waiting for a bank transfer, or refunded it. */
export type PaymentEventName = 'paid' | 'awaiting_transfer' | 'refunded';

/** The step that moved the subject: a payment, the choice of a transfer, its confirmation, a refund. */
export type PaymentStep = 'pay' | 'choose_bank_transfer' | 'confirm_transfer' | 'refund';

export interface PaymentEvent {
  subject: PayableSubject;
  /** The subject's status before and after. */
  from: string;
  to: string;
  step: PaymentStep;
  actor: PaymentActor;
  method: PaymentMethod | null;
  /** What the history notes (an operator's note, the amount a transfer brought). */
  note: string | null;
  at: string;
}

/** Runs inside the payment's transaction: what it writes commits or rolls back with the payment. */
export type PaymentListener = (trx: Kysely<Database>, event: PaymentEvent) => Promise<void>;

/**
 * What follows a payment, told inside the payment's transaction (ADR 180): the order's status
 * history, the referrer's reward, the month's points subscribe here, in the composition root, so
 * that `server/payments` imports none of them. Listeners run one after another in the order they
 * subscribed; one that throws rolls the whole payment back.
 */
export class PaymentEvents {
  private readonly listeners = new Map<PaymentEventName, PaymentListener[]>();

  on(name: PaymentEventName, listener: PaymentListener): this {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
    return this;
  }

  async emit(trx: Kysely<Database>, name: PaymentEventName, event: PaymentEvent): Promise<void> {
    for (const listener of this.listeners.get(name) ?? []) await listener(trx, event);
  }
}
