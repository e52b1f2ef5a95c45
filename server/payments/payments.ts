import { createHash, randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { BankCurrency } from '#domain/orders/payments';
import type {
  BankTransferInstructions,
  CardDeclinedBody,
  InsufficientBalanceBody,
  PaymentMethod,
  PaymentSummary,
  PayRequest,
  PayResponse,
  ReloadRequest,
  ReloadResponse,
} from '#domain/api/payment';
import { CARD_CURRENCY } from '#domain/orders/payments';
import { formatUsd } from '#domain/pricing/money';
import { ORDER_NOT_FOUND } from '#domain/api/order';
import { ORDER_STATUS_LABELS, PAYABLE_STATUSES, transition, type OrderEvent, type OrderStatus } from '#domain/orders/order-status';
import { reloadSuite } from '#domain/rules/balance-suites';
import { cardDigits } from '#domain/rules/checkout-rules';
import { paymentSuite } from '#domain/rules/checkout-suites';
import { iso, type Clock } from '../clock.ts';
import type { Database, PaymentTable } from '../db/schema.ts';
import { assertValid, HttpError } from '../errors.ts';
import { REFUND_RESERVATION, recordStatusEvent, type StatusActor } from '../orders/status-events.ts';
import type { BankAccount } from '#domain/api/common';
import { reversePaidOrderPoints } from '../rewards/points.ts';
import { rewardReferrerOfPaidOrder, withdrawReferralRewardOfOrder } from '../rewards/referral.ts';
import { DEMO_BANK_ACCOUNTS } from './bank-accounts.ts';
import { Idempotency, requestHash } from './idempotency.ts';
import { InsufficientBalanceError, postLedgerEntry } from './ledger.ts';
import { ProviderRequestError, ProviderUnavailableError, type CardSource, type ChargeResult, type PaymentProvider } from './provider.ts';

export type SubjectKind = 'order' | 'additional_cost';
export type Via = 'owner' | 'agency' | 'link';

/** What a pay call answers; stored under the idempotency key when the work happened. */
export interface Outcome {
  status: number;
  body: unknown;
}

interface Subject {
  kind: SubjectKind;
  id: string;
  number: string;
  userId: string;
  status: OrderStatus;
  amountCents: number;
  currency: string;
}

/** Both payable tables share these columns; Kysely is told one name, the other has the same ones. */
const TABLE: Record<SubjectKind, 'customer_order'> = { order: 'customer_order', additional_cost: 'additional_cost' as 'customer_order' };
const NOUN: Record<SubjectKind, string> = { order: 'order', additional_cost: 'additional cost' };
/** A refund left marked by a crash is finished by an operator's attempt after this long. */
const REFUND_STALE_MS = 120_000;

export const PAYMENT_MESSAGES = {
  providerDown: 'We could not reach the card provider. Please try again in a moment with the same payment (you will not be charged twice).',
  inProgress: (kind: SubjectKind) => `Another payment for this ${NOUN[kind]} is in progress; please wait a moment and refresh.`,
  alreadyPaid: (kind: SubjectKind) => `This ${NOUN[kind]} is already paid.`,
  reloadDisabled: 'Balance reload is not enabled for this account.',
  cardNumbersRefused: 'Send the paymentMethodId from the card form; card numbers are not accepted by this server.',
  bankTransferOff: 'Bank transfer is not available at the moment; please pay by card or with your balance.',
} as const;

export function toPaymentSummary(row: Selectable<PaymentTable>): PaymentSummary {
  return {
    id: row.id,
    method: row.method as PaymentMethod,
    status: row.status as PaymentSummary['status'],
    amountCents: Number(row.amount_cents),
    currency: 'USD',
    provider: row.provider,
    cardBrand: row.card_brand,
    cardLast4: row.card_last4,
    declineCode: row.decline_code,
    message: row.message,
    via: row.via as PaymentSummary['via'],
    createdAt: row.created_at,
  };
}

/** Where to send a bank transfer for `reference`: every account (the asked currency first) and what to do. */
export function bankInstructions(
  accounts: readonly BankAccount[],
  reference: string,
  amountCents: number,
  options: { currency?: BankCurrency | undefined; purpose?: 'order' | 'reload' } = {},
): BankTransferInstructions {
  const first = options.currency ?? 'USD';
  const others = accounts.map((a) => a.currency).filter((c) => c !== 'USD');
  const inOthers = others.length > 0 ? ` (or the same value in ${others.join(', ').replace(/, ([^,]*)$/, ' or $1')})` : '';
  const then = options.purpose === 'reload' ? 'the amount received is added to your balance then' : 'the order moves on to production then';
  return {
    reference,
    amountCents,
    currency: 'USD',
    bankAccounts: [...accounts].sort((a, b) => Number(b.currency === first) - Number(a.currency === first)),
    note:
      `Transfer ${formatUsd(amountCents)}${inOthers} to one of these accounts and put ${reference} in the transfer reference. ` +
      `Bank charges are yours. We confirm the transfer when it arrives (usually 1–3 working days) and ${then}.`,
  };
}

/** How bank transfers work on this server (ADR 093): whether they are offered, and the accounts shown. */
export interface BankTransferSettings {
  enabled: boolean;
  accounts: readonly BankAccount[];
}

const DEMO_BANK_TRANSFER: BankTransferSettings = { enabled: true, accounts: DEMO_BANK_ACCOUNTS };

/** What a pay or reload body says about the card. */
type CardFields = Pick<PayRequest, 'card' | 'paymentMethodId'>;

/** The card fields of a request, without the number: what the request fingerprint keeps. */
function cardFingerprint(body: CardFields): unknown {
  return body.card ? { last4: cardDigits(body.card.number).slice(-4), expMonth: body.card.expMonth, expYear: body.card.expYear } : null;
}

/** The card to charge (the payment rules made sure there is one). */
function cardSource(body: CardFields): CardSource {
  const paymentMethodId = body.paymentMethodId?.trim();
  if (paymentMethodId) return { kind: 'payment_method', id: paymentMethodId };
  const card = body.card as NonNullable<CardFields['card']>;
  return { kind: 'card', card: { number: cardDigits(card.number), expMonth: card.expMonth, expYear: card.expYear, cvc: card.cvc, ...(card.name ? { name: card.name } : {}) } };
}

/** A payment row to write: who paid what for which subject, how, and what the provider said. */
interface PaymentRecord {
  id?: string;
  userId: string;
  subject: { kind: SubjectKind | 'reload'; id: string };
  amountCents: number;
  method: PaymentMethod;
  status: Selectable<PaymentTable>['status'];
  provider: string;
  via: Via;
  idempotencyKey: string;
  /** The card charge, when the payment went through the provider. */
  charge?: ChargeResult;
  message?: string | null;
}

/**
 * Paying orders, additional-cost orders and balance reloads (ADRs 051–054): one flow for every
 * method. Claim the idempotency key → reserve the subject (so two keys cannot both pay it) → move
 * the money (ledger debit, provider charge, or bank-transfer instructions) → record the payment,
 * the new status and the stored answer in one transaction.
 */
export class Payments {
  readonly idempotency: Idempotency;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    readonly provider: PaymentProvider,
    readonly bank: BankTransferSettings = DEMO_BANK_TRANSFER,
    idempotency?: Idempotency,
  ) {
    this.idempotency = idempotency ?? new Idempotency(db, clock);
  }

  /** Validates a pay body (before any claim: a malformed request is never stored). */
  validate(body: Record<string, unknown> & CardFields, options: { balanceAllowed: boolean }): void {
    if (body.method === 'bank_transfer' && !this.bank.enabled) throw new HttpError(422, PAYMENT_MESSAGES.bankTransferOff, { method: [PAYMENT_MESSAGES.bankTransferOff] });
    assertValid(paymentSuite.runStatic(body, { now: this.clock(), balanceAllowed: options.balanceAllowed }));
    if (body.method === 'card' && body.card !== undefined && !body.paymentMethodId && !this.provider.acceptsCardNumbers) {
      throw new HttpError(422, PAYMENT_MESSAGES.cardNumbersRefused, { card: [PAYMENT_MESSAGES.cardNumbersRefused] });
    }
  }

  async loadSubject(kind: SubjectKind, id: string): Promise<Subject | undefined> {
    if (kind === 'order') {
      const row = await this.db.selectFrom('customer_order').select(['id', 'number', 'user_id', 'status', 'total_cents', 'currency']).where('id', '=', id).executeTakeFirst();
      return row && { kind, id: row.id, number: row.number, userId: row.user_id, status: row.status as OrderStatus, amountCents: Number(row.total_cents), currency: row.currency };
    }
    const row = await this.db.selectFrom('additional_cost').select(['id', 'number', 'user_id', 'status', 'amount_cents', 'currency']).where('id', '=', id).executeTakeFirst();
    return row && { kind, id: row.id, number: row.number, userId: row.user_id, status: row.status as OrderStatus, amountCents: Number(row.amount_cents), currency: row.currency };
  }

  /**
   * Pays an order or an additional-cost order the caller may pay (the route checked ownership or
   * the link). `scope` is who holds the key: `user:<id>`, `agency:<link id>`, `additional-cost:<id>`.
   */
  async pay(args: { kind: SubjectKind; id: string; body: PayRequest; key: string; scope: string; via: Via }): Promise<Outcome> {
    const { kind, id, body, key, scope, via } = args;
    this.validate(body, { balanceAllowed: via === 'owner' });
    const { method } = body;
    const hash = requestHash({ op: 'pay', kind, id, method, currency: body.currency ?? null, card: cardFingerprint(body), paymentMethodId: body.paymentMethodId ?? null });
    const claim = await this.idempotency.claim(scope, key, hash);
    if (claim.kind === 'replay') return claim;
    let reserved = false;
    try {
      const subject = await this.reserve(kind, id, key, method === 'bank_transfer' ? 'choose_bank_transfer' : 'pay');
      reserved = true;
      // The reservation lives as long as the claim: renewed by its heartbeat, given up with it (ADR 152).
      this.idempotency.renewWith(claim.recordId, (db, now) => db.updateTable(TABLE[kind]).set({ paying_since: now }).where('id', '=', id).where('paying_key', '=', key).execute());
      if (method === 'balance') return await this.payByBalance(subject, claim.recordId, key);
      if (method === 'card') return await this.payByCard(subject, claim.recordId, key, scope, cardSource(body), via);
      return await this.chooseBankTransfer(subject, claim.recordId, key, via, body.currency);
    } catch (error) {
      // A claim a retry took over (this process was too slow to renew it) is the retry's now, and
      // so is the reservation under the same key: leave both alone.
      const stillOurs = await this.idempotency.release(claim.recordId);
      if (reserved && stillOurs) await this.unreserve(this.db, kind, id, key);
      throw error;
    }
  }

  /**
   * Holds the subject for this key, so that no other payment can start until this one is recorded.
   * A reservation whose heartbeat stopped for the claim's lease (its process died) is free again.
   */
  private async reserve(kind: SubjectKind, id: string, key: string, event: OrderEvent): Promise<Subject> {
    const now = this.clock();
    const staleBefore = iso(new Date(now.getTime() - this.idempotency.leaseMs));
    const held = await this.db
      .updateTable(TABLE[kind])
      .set({ paying_key: key, paying_since: iso(now) })
      .where('id', '=', id)
      .where('status', 'in', [...PAYABLE_STATUSES])
      .where((eb) => eb.or([eb('paying_key', 'is', null), eb('paying_since', '<', staleBefore)]))
      .returning('id')
      .executeTakeFirst();
    const subject = await this.loadSubject(kind, id);
    if (!subject) throw new HttpError(404, ORDER_NOT_FOUND);
    if (!held) {
      if (subject.status === 'paid' || subject.status === 'in_production' || subject.status === 'shipped' || subject.status === 'delivered') {
        throw new HttpError(409, PAYMENT_MESSAGES.alreadyPaid(kind));
      }
      const check = transition(subject.status, event);
      throw new HttpError(409, check.ok ? PAYMENT_MESSAGES.inProgress(kind) : check.message);
    }
    const check = transition(subject.status, event);
    if (!check.ok) {
      await this.unreserve(this.db, kind, id, key);
      throw new HttpError(409, check.message);
    }
    return subject;
  }

  private async unreserve(db: Kysely<Database>, kind: SubjectKind, id: string, key: string): Promise<void> {
    await db.updateTable(TABLE[kind]).set({ paying_key: null, paying_since: null }).where('id', '=', id).where('paying_key', '=', key).execute();
  }

  /** The subject becomes `to`; only while this key holds it. */
  private async moveSubject(trx: Kysely<Database>, subject: Subject, key: string, to: OrderStatus, method: PaymentMethod, event: OrderEvent, actor: StatusActor): Promise<void> {
    const now = iso(this.clock());
    const result = await trx
      .updateTable(TABLE[subject.kind])
      .set({ status: to, payment_method: method, paying_key: null, paying_since: null, updated_at: now, ...(to === 'paid' ? { paid_at: now } : {}) })
      .where('id', '=', subject.id)
      .where('paying_key', '=', key)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new HttpError(409, PAYMENT_MESSAGES.inProgress(subject.kind));
    if (subject.kind === 'order' && subject.status !== to) await recordStatusEvent(trx, { orderId: subject.id, from: subject.status, to, event, actor, at: now });
    // A referred friend's first order, paid: the referrer's coupon, in the same transaction (ADR 090).
    if (subject.kind === 'order' && to === 'paid') await rewardReferrerOfPaidOrder(trx, subject.id, now);
  }

  /** Writes one payment row: the only place a payment is recorded (balance, card, bank transfer, reload). */
  private async recordPayment(trx: Kysely<Database>, p: PaymentRecord): Promise<Selectable<PaymentTable>> {
    const now = iso(this.clock());
    const declined = p.charge?.status === 'declined' ? p.charge : undefined;
    const row: Selectable<PaymentTable> = {
      id: p.id ?? randomUUID(),
      user_id: p.userId,
      subject_kind: p.subject.kind,
      subject_id: p.subject.id,
      method: p.method,
      status: p.status,
      amount_cents: p.amountCents,
      currency: 'USD',
      provider: p.provider,
      provider_charge_id: p.charge?.chargeId ?? null,
      card_brand: p.charge?.brand ?? null,
      card_last4: p.charge?.last4 ?? null,
      card_fingerprint: p.charge?.fingerprint ?? null,
      decline_code: declined?.declineCode ?? null,
      message: declined?.message ?? p.message ?? null,
      via: p.via,
      idempotency_key: p.idempotencyKey,
      created_at: now,
      updated_at: now,
    };
    await trx.insertInto('payment').values(row).execute();
    return row;
  }

  private response(subject: Subject, status: OrderStatus, payment: Selectable<PaymentTable>, extra: Partial<PayResponse>): PayResponse {
    return {
      subject: { kind: subject.kind, id: subject.id, number: subject.number, status },
      payment: toPaymentSummary(payment),
      balanceCents: null,
      bankTransfer: null,
      message: '',
      ...extra,
    };
  }

  private async payByBalance(subject: Subject, recordId: string, key: string): Promise<Outcome> {
    const paymentId = randomUUID();
    return this.db.transaction().execute(async (trx) => {
      let balanceAfter: number;
      try {
        balanceAfter = await postLedgerEntry(trx, {
          userId: subject.userId,
          amountCents: -subject.amountCents,
          kind: 'payment',
          description: `${subject.kind === 'order' ? 'Order' : 'Additional cost'} ${subject.number}`,
          paymentId,
          at: iso(this.clock()),
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
        await this.unreserve(trx, subject.kind, subject.id, key);
        await this.idempotency.complete(trx, recordId, 422, body);
        return { status: 422, body };
      }
      const payment = await this.recordPayment(trx, {
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
      await this.moveSubject(trx, subject, key, 'paid', 'balance', 'pay', 'customer');
      const body = this.response(subject, 'paid', payment, { balanceCents: balanceAfter, message: `Paid ${formatUsd(subject.amountCents)} from your balance.` });
      await this.idempotency.complete(trx, recordId, 200, body);
      return { status: 200, body };
    });
  }

  /** The provider's idempotency key: ours, scoped, hashed to a fixed length. */
  private providerKey(scope: string, key: string): string {
    return createHash('sha256').update(`${scope}\n${key}`).digest('hex');
  }

  private async charge(amountCents: number, source: CardSource, idempotencyKey: string, description: string, metadata: Record<string, string>): Promise<ChargeResult> {
    try {
      return await this.provider.charge({ amountCents, currency: CARD_CURRENCY, source, idempotencyKey, description, metadata });
    } catch (error) {
      if (error instanceof ProviderUnavailableError) throw new HttpError(503, PAYMENT_MESSAGES.providerDown);
      if (error instanceof ProviderRequestError) throw new HttpError(422, error.message, { card: [error.message] });
      throw error;
    }
  }

  private async payByCard(subject: Subject, recordId: string, key: string, scope: string, source: CardSource, via: Via): Promise<Outcome> {
    if (subject.currency !== CARD_CURRENCY) throw new HttpError(422, 'Credit card payment is USD only.', { currency: ['Credit card payment is USD only.'] });
    const result = await this.charge(subject.amountCents, source, this.providerKey(scope, key), `${NOUN[subject.kind]} ${subject.number}`, {
      kind: subject.kind,
      number: subject.number,
    });
    return this.db.transaction().execute(async (trx) => {
      const payment = await this.recordPayment(trx, {
        userId: subject.userId,
        subject,
        amountCents: subject.amountCents,
        method: 'card',
        status: result.status,
        provider: this.provider.name,
        charge: result,
        via,
        idempotencyKey: key,
      });
      let outcome: Outcome;
      if (result.status === 'succeeded') {
        await this.moveSubject(trx, subject, key, 'paid', 'card', 'pay', via === 'owner' ? 'customer' : 'agency');
        outcome = { status: 200, body: this.response(subject, 'paid', payment, { message: `Paid ${formatUsd(subject.amountCents)} by card${result.last4 ? ` ending ${result.last4}` : ''}.` }) };
      } else {
        await this.unreserve(trx, subject.kind, subject.id, key);
        const body: CardDeclinedBody = { message: result.message, code: 'card_declined', declineCode: result.declineCode, payment: toPaymentSummary(payment) };
        outcome = { status: 402, body };
      }
      await this.idempotency.complete(trx, recordId, outcome.status, outcome.body);
      return outcome;
    });
  }

  private async chooseBankTransfer(subject: Subject, recordId: string, key: string, via: Via, currency: BankCurrency | undefined): Promise<Outcome> {
    return this.db.transaction().execute(async (trx) => {
      const pending = await trx
        .selectFrom('payment')
        .selectAll()
        .where('subject_kind', '=', subject.kind)
        .where('subject_id', '=', subject.id)
        .where('method', '=', 'bank_transfer')
        .where('status', '=', 'pending')
        .executeTakeFirst();
      const payment =
        pending ??
        (await this.recordPayment(trx, {
          userId: subject.userId,
          subject,
          amountCents: subject.amountCents,
          method: 'bank_transfer',
          status: 'pending',
          provider: 'bank',
          via,
          idempotencyKey: key,
        }));
      await this.moveSubject(trx, subject, key, 'awaiting_transfer', 'bank_transfer', 'choose_bank_transfer', via === 'owner' ? 'customer' : 'agency');
      const body = this.response(subject, 'awaiting_transfer', payment, {
        bankTransfer: bankInstructions(this.bank.accounts, subject.number, subject.amountCents, { currency }),
        message: `${ORDER_STATUS_LABELS.awaiting_transfer}: put ${subject.number} in the transfer reference.`,
      });
      await this.idempotency.complete(trx, recordId, 200, body);
      return { status: 200, body };
    });
  }

  /**
   * `POST account/balance/reload`: whole USD ≥ 100, by card (recorded in `balance_recharge`, the
   * payment and a ledger credit, all in one transaction after the charge) or by bank transfer (a
   * pending reload and payment, with the accounts and the reload's reference to quote; an operator
   * confirms the transfer like an order's, and the amount received is credited then).
   */
  async reload(args: { userId: string; body: ReloadRequest; key: string }): Promise<Outcome> {
    const { userId, body, key } = args;
    const user = await this.db.selectFrom('user_account').select(['is_recharge', 'deleted_at']).where('id', '=', userId).executeTakeFirst();
    if (!user || user.deleted_at) throw new HttpError(404, 'Account not found.');
    if (user.is_recharge !== 1) throw new HttpError(403, PAYMENT_MESSAGES.reloadDisabled);
    const method = body.method ?? 'card';
    assertValid(reloadSuite.runStatic({ ...body, method }));
    this.validate({ ...body, method }, { balanceAllowed: false });
    const amountCents = Number(body.amount) * 100;
    const scope = `user:${userId}`;
    const hash = requestHash({ op: 'reload', method, amountCents, currency: body.currency ?? null, card: cardFingerprint(body), paymentMethodId: body.paymentMethodId ?? null });
    const claim = await this.idempotency.claim(scope, key, hash);
    if (claim.kind === 'replay') return claim;
    try {
      if (method === 'bank_transfer') return await this.reloadByTransfer(userId, amountCents, key, claim.recordId, body.currency);
      return await this.reloadByCard(userId, amountCents, key, scope, claim.recordId, cardSource(body));
    } catch (error) {
      await this.idempotency.release(claim.recordId);
      throw error;
    }
  }

  private newRecharge(now: string, amountCents: number, method: 'credit-card' | 'bank-transfer', userId: string, status: string) {
    const id = randomUUID();
    return { id, user_id: userId, amount_cents: amountCents, currency: 'USD', method, status, reference: `R${now.slice(0, 10).replaceAll('-', '')}-${id.slice(0, 6).toUpperCase()}`, created_at: now };
  }

  private async reloadByCard(userId: string, amountCents: number, key: string, scope: string, recordId: string, source: CardSource): Promise<Outcome> {
    const recharge = this.newRecharge(iso(this.clock()), amountCents, 'credit-card', userId, 'pending');
    const result = await this.charge(amountCents, source, this.providerKey(scope, key), 'Balance reload', { kind: 'reload', recharge: recharge.id });
    return this.db.transaction().execute(async (trx) => {
      const now = iso(this.clock());
      await trx
        .insertInto('balance_recharge')
        .values({ ...recharge, status: result.status === 'succeeded' ? 'succeeded' : 'failed', created_at: now })
        .execute();
      const payment = await this.recordPayment(trx, {
        userId,
        subject: { kind: 'reload', id: recharge.id },
        amountCents,
        method: 'card',
        status: result.status,
        provider: this.provider.name,
        charge: result,
        via: 'owner',
        idempotencyKey: key,
      });
      let outcome: Outcome;
      if (result.status === 'succeeded') {
        const balanceAfter = await postLedgerEntry(trx, { userId, amountCents, kind: 'recharge', description: 'Balance reload by credit card', paymentId: payment.id, at: now });
        const reply: ReloadResponse = {
          rechargeId: recharge.id,
          subject: { kind: 'reload', id: recharge.id, number: recharge.reference, status: 'succeeded' },
          payment: toPaymentSummary(payment),
          balanceCents: balanceAfter,
          bankTransfer: null,
          message: `Added ${formatUsd(amountCents)} to your balance.`,
        };
        outcome = { status: 200, body: reply };
      } else {
        const declined: CardDeclinedBody = { message: result.message, code: 'card_declined', declineCode: result.declineCode, payment: toPaymentSummary(payment) };
        outcome = { status: 402, body: declined };
      }
      await this.idempotency.complete(trx, recordId, outcome.status, outcome.body);
      return outcome;
    });
  }

  private async reloadByTransfer(userId: string, amountCents: number, key: string, recordId: string, currency: BankCurrency | undefined): Promise<Outcome> {
    return this.db.transaction().execute(async (trx) => {
      const now = iso(this.clock());
      const recharge = this.newRecharge(now, amountCents, 'bank-transfer', userId, 'pending');
      await trx.insertInto('balance_recharge').values(recharge).execute();
      const payment = await this.recordPayment(trx, {
        userId,
        subject: { kind: 'reload', id: recharge.id },
        amountCents,
        method: 'bank_transfer',
        status: 'pending',
        provider: 'bank',
        via: 'owner',
        idempotencyKey: key,
      });
      const balance = await trx.selectFrom('user_account').select('balance_cents').where('id', '=', userId).executeTakeFirstOrThrow();
      const reply: ReloadResponse = {
        rechargeId: recharge.id,
        subject: { kind: 'reload', id: recharge.id, number: recharge.reference, status: 'awaiting_transfer' },
        payment: toPaymentSummary(payment),
        balanceCents: Number(balance.balance_cents),
        bankTransfer: bankInstructions(this.bank.accounts, recharge.reference, amountCents, { currency, purpose: 'reload' }),
        message: `Your reload of ${formatUsd(amountCents)} waits for your bank transfer: put ${recharge.reference} in the transfer reference.`,
      };
      await this.idempotency.complete(trx, recordId, 200, reply);
      return { status: 200, body: reply };
    });
  }

  /** Operator: a bank transfer for a reload (reference `R…`) arrived; the amount received is credited. */
  private async confirmReloadTransfer(reference: string, amountCents: number, note: string | null): Promise<{ kind: 'reload'; number: string; status: 'paid'; creditedCents: number } | undefined> {
    const recharge = await this.db.selectFrom('balance_recharge').selectAll().where('reference', '=', reference).executeTakeFirst();
    if (!recharge) return undefined;
    if (recharge.status !== 'pending' || recharge.method !== 'bank-transfer') throw new HttpError(409, `${reference}: this reload is not waiting for a bank transfer.`);
    await this.db.transaction().execute(async (trx) => {
      const now = iso(this.clock());
      const moved = await trx
        .updateTable('balance_recharge')
        .set({ status: 'succeeded', amount_cents: amountCents })
        .where('id', '=', recharge.id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw new HttpError(409, `${reference} changed meanwhile; look again and retry.`);
      const pending = await trx.selectFrom('payment').select('id').where('subject_kind', '=', 'reload').where('subject_id', '=', recharge.id).where('status', '=', 'pending').executeTakeFirst();
      const paymentId = pending?.id ?? randomUUID();
      if (pending) {
        await trx.updateTable('payment').set({ status: 'succeeded', amount_cents: amountCents, message: note, updated_at: now }).where('id', '=', paymentId).execute();
      } else {
        await this.recordPayment(trx, {
          id: paymentId,
          userId: recharge.user_id,
          subject: { kind: 'reload', id: recharge.id },
          amountCents,
          method: 'bank_transfer',
          status: 'succeeded',
          provider: 'bank',
          message: note,
          via: 'owner',
          idempotencyKey: `operator:${paymentId}`,
        });
      }
      await postLedgerEntry(trx, { userId: recharge.user_id, amountCents, kind: 'recharge', description: `Balance reload by bank transfer (${reference})`, paymentId, at: now });
    });
    return { kind: 'reload', number: reference, status: 'paid', creditedCents: amountCents };
  }

  /**
   * Operator: a bank transfer for an order or additional-cost order (`W…` or `AC…`) arrived.
   * It must cover the amount due; anything above it is credited to the customer's balance.
   */
  async confirmTransfer(number: string, amountCents: number, note: string | null): Promise<{ kind: SubjectKind | 'reload'; number: string; status: OrderStatus; creditedCents: number }> {
    if (!Number.isInteger(amountCents) || amountCents <= 0) throw new HttpError(422, 'The amount must be a positive amount of US dollars.', { amount: ['The amount must be a positive amount of US dollars.'] });
    if (number.startsWith('R')) {
      const reload = await this.confirmReloadTransfer(number, amountCents, note);
      if (reload) return reload;
    }
    const order = await this.db.selectFrom('customer_order').select('id').where('number', '=', number).executeTakeFirst();
    const cost = order ? undefined : await this.db.selectFrom('additional_cost').select('id').where('number', '=', number).executeTakeFirst();
    const kind: SubjectKind = order ? 'order' : 'additional_cost';
    const id = order?.id ?? cost?.id;
    const subject = id ? await this.loadSubject(kind, id) : undefined;
    if (!subject) throw new HttpError(404, `No order, additional cost or reload numbered ${number}.`);
    const check = transition(subject.status, 'confirm_transfer', 'operator');
    if (!check.ok) throw new HttpError(409, `${subject.number}: ${check.message}`);
    if (amountCents < subject.amountCents) {
      throw new HttpError(422, `The transfer of ${formatUsd(amountCents)} is short of the ${formatUsd(subject.amountCents)} due for ${subject.number}; it keeps waiting.`);
    }
    const excess = amountCents - subject.amountCents;
    await this.db.transaction().execute(async (trx) => {
      const now = iso(this.clock());
      const moved = await trx
        .updateTable(TABLE[kind])
        .set({ status: 'paid', paid_at: now, payment_method: 'bank_transfer', updated_at: now })
        .where('id', '=', subject.id)
        .where('status', '=', 'awaiting_transfer')
        .where('paying_key', 'is', null)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw new HttpError(409, `${subject.number} changed meanwhile (or a card payment is in progress); look again and retry.`);
      const pending = await trx
        .selectFrom('payment')
        .select('id')
        .where('subject_kind', '=', kind)
        .where('subject_id', '=', subject.id)
        .where('method', '=', 'bank_transfer')
        .where('status', '=', 'pending')
        .executeTakeFirst();
      const paymentId = pending?.id ?? randomUUID();
      if (pending) {
        await trx.updateTable('payment').set({ status: 'succeeded', message: note, updated_at: now }).where('id', '=', paymentId).execute();
      } else {
        await this.recordPayment(trx, {
          id: paymentId,
          userId: subject.userId,
          subject,
          amountCents: subject.amountCents,
          method: 'bank_transfer',
          status: 'succeeded',
          provider: 'bank',
          message: note,
          via: 'owner',
          idempotencyKey: `operator:${paymentId}`,
        });
      }
      if (excess > 0) {
        await postLedgerEntry(trx, { userId: subject.userId, amountCents: excess, kind: 'adjustment', description: `Bank transfer for ${subject.number} exceeded the amount due`, paymentId, at: now });
      }
      if (kind === 'order') {
        await recordStatusEvent(trx, { orderId: subject.id, from: 'awaiting_transfer', to: 'paid', event: 'confirm_transfer', actor: 'operator', note: note ?? `Received ${formatUsd(amountCents)}`, at: now });
        await rewardReferrerOfPaidOrder(trx, subject.id, now);
      }
    });
    return { kind, number: subject.number, status: 'paid', creditedCents: excess };
  }

  /**
   * Operator: cancel a paid order and give the money back the way it came (ADR 052): a balance
   * payment or a bank transfer to the balance, a card to the card (through the provider, by an
   * idempotent refund key).
   *
   * The refund reserves the order before the provider is called (issue 12 item 13): a conditional
   * update marks it as being refunded (`paying_key = 'refund'`), and every other change of a paid
   * order (start of production) requires that mark to be absent. So a refund cannot race the
   * start of production: whichever claims the order first wins, the other answers 409. A provider
   * outage releases the mark; a refund left marked by a crash is finished by an attempt after
   * REFUND_STALE_MS (the provider's refund key makes the retry the same refund).
   */
  async refundOrder(orderId: string, note: string | null): Promise<void> {
    const subject = await this.loadSubject('order', orderId);
    if (!subject) throw new HttpError(404, ORDER_NOT_FOUND);
    const check = transition(subject.status, 'refund', 'operator');
    if (!check.ok) throw new HttpError(409, check.message);
    const now = this.clock();
    const stale = iso(new Date(now.getTime() - REFUND_STALE_MS));
    const claimed = await this.db
      .updateTable('customer_order')
      .set({ paying_key: REFUND_RESERVATION, paying_since: iso(now) })
      .where('id', '=', orderId)
      .where('status', '=', 'paid')
      .where((eb) => eb.or([eb('paying_key', 'is', null), eb.and([eb('paying_key', '=', REFUND_RESERVATION), eb('paying_since', '<', stale)])]))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw new HttpError(409, 'The order changed meanwhile; look again and retry.');
    const release = () =>
      this.db.updateTable('customer_order').set({ paying_key: null, paying_since: null }).where('id', '=', orderId).where('paying_key', '=', REFUND_RESERVATION).execute();
    const payments = await this.db.selectFrom('payment').selectAll().where('subject_kind', '=', 'order').where('subject_id', '=', orderId).where('status', '=', 'succeeded').execute();
    for (const p of payments) {
      if (p.method === 'card' && p.provider_charge_id) {
        try {
          await this.provider.refund({ chargeId: p.provider_charge_id, amountCents: Number(p.amount_cents), idempotencyKey: `refund-${p.id}` });
        } catch (error) {
          await release();
          if (error instanceof ProviderUnavailableError) throw new HttpError(503, PAYMENT_MESSAGES.providerDown);
          if (error instanceof ProviderRequestError) throw new HttpError(422, error.message);
          throw error;
        }
      }
    }
    await this.db.transaction().execute(async (trx) => {
      const now = iso(this.clock());
      const moved = await trx
        .updateTable('customer_order')
        .set({ status: 'cancelled', paying_key: null, paying_since: null, updated_at: now })
        .where('id', '=', orderId)
        .where('status', '=', 'paid')
        .where('paying_key', '=', REFUND_RESERVATION)
        .returning('promo_code_id')
        .executeTakeFirst();
      if (!moved) throw new HttpError(409, 'The order changed meanwhile; look again and retry.');
      for (const p of payments) {
        if (p.method !== 'card') {
          await postLedgerEntry(trx, { userId: p.user_id, amountCents: Number(p.amount_cents), kind: 'refund', description: `Refund for order ${subject.number}`, paymentId: p.id, at: now });
        }
        await trx.updateTable('payment').set({ status: 'refunded', updated_at: now }).where('id', '=', p.id).execute();
      }
      if (moved.promo_code_id) await trx.updateTable('promo_code').set({ used_at: null }).where('id', '=', moved.promo_code_id).execute();
      // Points follow money (issue 32 item 7): the month's "Paid an order" points go back with it.
      await reversePaidOrderPoints(trx, orderId, now);
      // A referral coupon earned on this order is withdrawn while unused (ADR 151).
      await withdrawReferralRewardOfOrder(trx, orderId, now);
      await recordStatusEvent(trx, { orderId, from: 'paid', to: 'cancelled', event: 'refund', actor: 'operator', note, at: now });
    });
  }
}
