import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { formatUsd } from '#domain/pricing/money';
import { reloadSuite } from '#domain/rules/balance-suites';
import type { Database } from '../db/schema.ts';
import { assertValid, HttpError } from '../errors.ts';
import { PAYMENT_MESSAGES } from '../payments/messages.ts';
import type { Payable, PayableSubject } from '../payments/payable.ts';

/**
 * A balance reload as a payable subject (ADRs 094, 180): `POST account/balance/reload`, whole USD
 * from MIN_RELOAD_USD, by card (the reload, the payment and a ledger credit, all in one transaction
 * after the charge) or by bank transfer (a pending reload and payment, with the accounts and the
 * reload's reference `R…` to quote; an operator confirms the transfer like an order's, and the
 * amount received is credited then). Each payment is a new reload: nothing to hold.
 */
const amountCentsOf = (body: { amount?: number | string }) => Number(body.amount) * 100;

async function findReload(db: Kysely<Database>, reference: string): Promise<PayableSubject | undefined> {
  const row = await db.selectFrom('balance_recharge').selectAll().where('reference', '=', reference).executeTakeFirst();
  if (!row) return undefined;
  // Only a bank-transfer reload still pending waits for a transfer.
  const awaiting = row.status === 'pending' && row.method === 'bank-transfer';
  return { kind: 'reload', id: row.id, number: row.reference, userId: row.user_id, status: awaiting ? 'awaiting_transfer' : row.status, amountCents: Number(row.amount_cents), currency: row.currency };
}

export const reloadPayable: Payable = {
  kind: 'reload',
  noun: 'balance reload',
  balanceAllowed: false,
  afterTransfer: 'the amount received is added to your balance then',

  /** Only the account itself, when it may reload (spec section 6: userInfo.isRecharge). */
  async authorise(db, caller) {
    if (!('userId' in caller)) throw new HttpError(404, 'Account not found.');
    const user = await db.selectFrom('user_account').select(['is_recharge', 'deleted_at']).where('id', '=', caller.userId).executeTakeFirst();
    if (!user || user.deleted_at) throw new HttpError(404, 'Account not found.');
    if (user.is_recharge !== 1) throw new HttpError(403, PAYMENT_MESSAGES.reloadDisabled);
    return { subjectId: null, userId: caller.userId, scope: `user:${caller.userId}`, via: 'owner' };
  },
  check(body) {
    assertValid(reloadSuite.runStatic(body));
  },
  fingerprint: (_grant, body, { method, currency, card, paymentMethodId }) => ({ op: 'reload', method, amountCents: amountCentsOf(body), currency, card, paymentMethodId }),
  async open(_db, grant, body, { at }) {
    const id = randomUUID();
    return { kind: 'reload', id, number: `R${at.slice(0, 10).replaceAll('-', '')}-${id.slice(0, 6).toUpperCase()}`, userId: grant.userId as string, status: 'pending', amountCents: amountCentsOf(body), currency: 'USD' };
  },
  describeCharge: (subject) => ({ description: 'Balance reload', metadata: { kind: 'reload', recharge: subject.id } }),

  async settle(trx, subject, { outcome, method, at, amountCents }) {
    const reload = { id: subject.id, user_id: subject.userId, amount_cents: subject.amountCents, currency: 'USD', reference: subject.number, created_at: at };
    const reply = { rechargeId: subject.id };
    if (method === 'bank_transfer' && outcome === 'paid') {
      // An operator's confirmation: the amount received is what is credited.
      const moved = await trx.updateTable('balance_recharge').set({ status: 'succeeded', amount_cents: amountCents }).where('id', '=', subject.id).where('status', '=', 'pending').executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw new HttpError(409, `${subject.number} changed meanwhile; look again and retry.`);
      return { status: 'paid', credit: { amountCents, kind: 'recharge', description: `Balance reload by bank transfer (${subject.number})` } };
    }
    if (outcome === 'awaiting_transfer') {
      await trx.insertInto('balance_recharge').values({ ...reload, method: 'bank-transfer', status: 'pending' }).execute();
      const balance = await trx.selectFrom('user_account').select('balance_cents').where('id', '=', subject.userId).executeTakeFirstOrThrow();
      return {
        status: 'awaiting_transfer',
        balanceCents: Number(balance.balance_cents),
        message: `Your reload of ${formatUsd(subject.amountCents)} waits for your bank transfer: put ${subject.number} in the transfer reference.`,
        extra: reply,
      };
    }
    await trx.insertInto('balance_recharge').values({ ...reload, method: 'credit-card', status: outcome === 'paid' ? 'succeeded' : 'failed' }).execute();
    if (outcome !== 'paid') return { status: 'failed' };
    return {
      status: 'succeeded',
      message: `Added ${formatUsd(subject.amountCents)} to your balance.`,
      credit: { amountCents: subject.amountCents, kind: 'recharge', description: 'Balance reload by credit card' },
      extra: reply,
    };
  },

  findByNumber: findReload,
  acceptTransfer(subject, amountCents) {
    if (subject.status !== 'awaiting_transfer') throw new HttpError(409, `${subject.number}: this reload is not waiting for a bank transfer.`);
    return { paymentCents: amountCents };
  },
};
