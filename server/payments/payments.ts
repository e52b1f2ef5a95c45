import type { Kysely } from 'kysely';
import { paymentSuite } from '#domain/rules/checkout-suites';
import { iso, type Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { assertValid, HttpError } from '../errors.ts';
import { DEMO_BANK_TRANSFER, type BankTransferSettings } from './bank-accounts.ts';
import { cardFingerprint, cardSource, type CardFields } from './cards.ts';
import type { PaymentEvents } from './events.ts';
import { Idempotency, requestHash } from './idempotency.ts';
import { PAYMENT_MESSAGES } from './messages.ts';
import { chooseBankTransfer, payByBalance, payByCard } from './methods.ts';
import type { Caller, Payable, PayableRequest, PayableSubject, SubjectKind } from './payable.ts';
import type { PaymentProvider } from './provider.ts';
import { refund } from './refunds.ts';
import { confirmTransfer, type TransferConfirmed } from './transfers.ts';
import type { Outcome, PaymentWork } from './work.ts';

export { PAYMENT_MESSAGES } from './messages.ts';
export { toPaymentSummary } from './records.ts';
export type { Outcome } from './work.ts';

export interface PaymentsDeps {
  db: Kysely<Database>;
  clock: Clock;
  provider: PaymentProvider;
  /** Defaults to the demo accounts, transfers on. */
  bank?: BankTransferSettings;
  /** Defaults to this process's claims with the standard lease (ADR 152); tests give another process's. */
  idempotency?: Idempotency;
  /** What can be paid: confirmations look a reference up in each, refunds find theirs by kind. */
  payables: readonly Payable[];
  /** What follows a payment listens here (ADR 180). */
  events: PaymentEvents;
}

/**
 * Paying orders, additional-cost orders and balance reloads (ADRs 051–054, 180): one flow for every
 * method and every payable subject. Who may pay → claim the idempotency key → hold the subject (so
 * two keys cannot both pay it) → move the money (ledger debit, provider charge, or bank-transfer
 * instructions: methods.ts) → record the payment, settle the subject, tell what follows, and store
 * the answer, in one transaction. Transfers are confirmed in transfers.ts, refunds in refunds.ts.
 */
export class Payments {
  readonly idempotency: Idempotency;
  readonly provider: PaymentProvider;
  readonly bank: BankTransferSettings;
  readonly events: PaymentEvents;
  private readonly work: PaymentWork;
  private readonly payables: readonly Payable[];

  constructor(deps: PaymentsDeps) {
    this.idempotency = deps.idempotency ?? new Idempotency(deps.db, deps.clock);
    this.provider = deps.provider;
    this.bank = deps.bank ?? DEMO_BANK_TRANSFER;
    this.events = deps.events;
    this.payables = deps.payables;
    this.work = { db: deps.db, clock: deps.clock, provider: this.provider, bank: this.bank, idempotency: this.idempotency, events: this.events };
  }

  /** Validates a pay body (before any claim: a malformed request is never stored). */
  validate(body: Record<string, unknown> & CardFields, options: { balanceAllowed: boolean }): void {
    if (body.method === 'bank_transfer' && !this.bank.enabled) throw new HttpError(422, PAYMENT_MESSAGES.bankTransferOff, { method: [PAYMENT_MESSAGES.bankTransferOff] });
    assertValid(paymentSuite.runStatic(body, { now: this.work.clock(), balanceAllowed: options.balanceAllowed }));
    if (body.method === 'card' && body.card !== undefined && !body.paymentMethodId && !this.provider.acceptsCardNumbers) {
      throw new HttpError(422, PAYMENT_MESSAGES.cardNumbersRefused, { card: [PAYMENT_MESSAGES.cardNumbersRefused] });
    }
  }

  /**
   * Pays `payable` for `caller` (an account, or the holder of a link's token): the payable says
   * whether they may and what is due; the key (`Idempotency-Key`) makes a repeat the same payment.
   */
  async pay(payable: Payable, caller: Caller, body: PayableRequest, key: string): Promise<Outcome> {
    const { db, clock } = this.work;
    const grant = await payable.authorise(db, caller);
    payable.check?.(body);
    this.validate(body, { balanceAllowed: payable.balanceAllowed && grant.via === 'owner' });
    const { method } = body;
    const common = { method, currency: body.currency ?? null, card: cardFingerprint(body), paymentMethodId: body.paymentMethodId ?? null };
    const claim = await this.idempotency.claim(grant.scope, key, requestHash(payable.fingerprint(grant, body, common)));
    if (claim.kind === 'replay') return claim;
    let subject: PayableSubject | undefined;
    try {
      const at = clock();
      subject = await payable.open(db, grant, body, { key, method, at: iso(at), staleBefore: iso(new Date(at.getTime() - this.idempotency.leaseMs)) });
      // The hold lives as long as the claim: renewed by its heartbeat, given up with it (ADR 152).
      const { renewHold } = payable;
      const held = subject;
      if (renewHold) this.idempotency.renewWith(claim.recordId, (renewDb, now) => renewHold(renewDb, held, key, now));
      const work = { payable, subject, grant, key, recordId: claim.recordId };
      if (method === 'balance') return await payByBalance(this.work, work);
      if (method === 'card') return await payByCard(this.work, work, cardSource(body));
      return await chooseBankTransfer(this.work, work, body.currency);
    } catch (error) {
      // A claim a retry took over (this process was too slow to renew it) is the retry's now, and
      // so is the hold under the same key: leave both alone.
      const stillOurs = await this.idempotency.release(claim.recordId);
      if (subject && stillOurs) await payable.releaseHold?.(db, subject, key);
      throw error;
    }
  }

  /** Operator: a bank transfer arrived for the order, additional cost or reload `number` (transfers.ts). */
  confirmTransfer(number: string, amountCents: number, note: string | null, alsoInTransaction?: (trx: Kysely<Database>, done: TransferConfirmed) => Promise<void>): Promise<TransferConfirmed> {
    return confirmTransfer(this.work, this.payables, number, amountCents, note, alsoInTransaction);
  }

  /** Operator: cancels a paid subject of `kind` and gives its money back the way it came (refunds.ts). */
  refund(kind: SubjectKind, id: string, note: string | null, alsoInTransaction?: (trx: Kysely<Database>) => Promise<void>): Promise<void> {
    const payable = this.payables.find((p) => p.kind === kind && p.refunds);
    if (!payable) throw new Error(`Nothing of kind ${kind} can be refunded`);
    return refund(this.work, payable, id, note, alsoInTransaction);
  }
}
