import type { Kysely } from 'kysely';
import { ORDER_NOT_FOUND } from '#domain/api/order';
import { ORDER_STATUS_LABELS, PAYABLE_STATUSES, transition, type OrderEvent, type OrderStatus } from '#domain/orders/order-status';
import { formatUsd } from '#domain/pricing/money';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import type { Caller, Grant, Payable, PayableSubject, Refundable, SubjectKind } from '../payments/payable.ts';
import { ADDITIONAL_COST_NOT_FOUND, findAdditionalCostByToken, findOwnAdditionalCost } from './additional-costs.ts';
import { findOwnOrder } from './orders.ts';
import { REFUND_RESERVATION } from './status-events.ts';

/**
 * Orders and additional-cost orders as payable subjects (ADR 180). Both tables carry the same
 * payment columns (status, payment_method, paying_key and paying_since: the key holding it and its
 * heartbeat, paid_at), so one implementation serves both; who may pay differs (below).
 */
type PayableTable = 'customer_order' | 'additional_cost';

/** Kysely is told one table name; the other has the same payment columns. */
const asOrderTable = (table: PayableTable) => table as 'customer_order';

const CHANGED = 'The order changed meanwhile; look again and retry.';

export const ORDER_PAYMENT_MESSAGES = {
  inProgress: (noun: string) => `Another payment for this ${noun} is in progress; please wait a moment and refresh.`,
  alreadyPaid: (noun: string) => `This ${noun} is already paid.`,
} as const;

type Where = { id: string } | { number: string };

interface Columns {
  table: PayableTable;
  kind: Extract<SubjectKind, 'order' | 'additional_cost'>;
  noun: string;
  /** The subject with its amount due: an order's total, an additional cost's amount. */
  load(db: Kysely<Database>, where: Where): Promise<PayableSubject | undefined>;
}

async function loadOrder(db: Kysely<Database>, where: Where): Promise<PayableSubject | undefined> {
  const query = db.selectFrom('customer_order').select(['id', 'number', 'user_id', 'status', 'total_cents', 'currency']);
  const row = await ('id' in where ? query.where('id', '=', where.id) : query.where('number', '=', where.number)).executeTakeFirst();
  return row && { kind: 'order', id: row.id, number: row.number, userId: row.user_id, status: row.status, amountCents: Number(row.total_cents), currency: row.currency };
}

async function loadAdditionalCost(db: Kysely<Database>, where: Where): Promise<PayableSubject | undefined> {
  const query = db.selectFrom('additional_cost').select(['id', 'number', 'user_id', 'status', 'amount_cents', 'currency']);
  const row = await ('id' in where ? query.where('id', '=', where.id) : query.where('number', '=', where.number)).executeTakeFirst();
  return row && { kind: 'additional_cost', id: row.id, number: row.number, userId: row.user_id, status: row.status, amountCents: Number(row.amount_cents), currency: row.currency };
}

/** The payment half of a subject that lives in one of the two tables; `authorise` (who may pay) is each one's own. */
function paymentColumns(columns: Columns): Omit<Payable, 'authorise'> {
  const { table, kind, noun } = columns;
  const unhold = (db: Kysely<Database>, id: string, key: string) =>
    db.updateTable(asOrderTable(table)).set({ paying_key: null, paying_since: null }).where('id', '=', id).where('paying_key', '=', key).execute();
  return {
    kind,
    noun,
    balanceAllowed: true,
    afterTransfer: 'the order moves on to production then',
    fingerprint: (grant, _body, common) => ({ op: 'pay', kind, id: grant.subjectId, ...common }),

    /**
     * Holds the subject for this key, so that no other payment can start until this one is
     * recorded. A hold whose heartbeat stopped for the claim's lease (its process died) is free again.
     */
    async open(db, grant, _body, hold) {
      const id = grant.subjectId as string;
      const event: OrderEvent = hold.method === 'bank_transfer' ? 'choose_bank_transfer' : 'pay';
      const held = await db
        .updateTable(asOrderTable(table))
        .set({ paying_key: hold.key, paying_since: hold.at })
        .where('id', '=', id)
        .where('status', 'in', [...PAYABLE_STATUSES])
        .where((eb) => eb.or([eb('paying_key', 'is', null), eb('paying_since', '<', hold.staleBefore)]))
        .returning('id')
        .executeTakeFirst();
      const subject = await columns.load(db, { id });
      if (!subject) throw new HttpError(404, ORDER_NOT_FOUND);
      const status = subject.status as OrderStatus;
      if (!held) {
        if (status === 'paid' || status === 'in_production' || status === 'shipped' || status === 'delivered') throw new HttpError(409, ORDER_PAYMENT_MESSAGES.alreadyPaid(noun));
        const check = transition(status, event);
        throw new HttpError(409, check.ok ? ORDER_PAYMENT_MESSAGES.inProgress(noun) : check.message);
      }
      const check = transition(status, event);
      if (!check.ok) {
        await unhold(db, id, hold.key);
        throw new HttpError(409, check.message);
      }
      return subject;
    },
    async renewHold(db, subject, key, at) {
      await db.updateTable(asOrderTable(table)).set({ paying_since: at }).where('id', '=', subject.id).where('paying_key', '=', key).execute();
    },
    async releaseHold(db, subject, key) {
      await unhold(db, subject.id, key);
    },
    describeCharge: (subject) => ({ description: `${noun} ${subject.number}`, metadata: { kind, number: subject.number } }),

    /** Paid or awaiting a transfer: the subject moves, only while this key holds it (or, for an operator's confirmation, while none does). */
    async settle(trx, subject, { outcome, method, key, at, amountCents }) {
      if (outcome === 'declined') {
        if (key) await unhold(trx, subject.id, key);
        return { status: subject.status };
      }
      if (key === null) {
        const moved = await trx
          .updateTable(asOrderTable(table))
          .set({ status: 'paid', paid_at: at, payment_method: method, updated_at: at })
          .where('id', '=', subject.id)
          .where('status', '=', 'awaiting_transfer')
          .where('paying_key', 'is', null)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) throw new HttpError(409, `${subject.number} changed meanwhile (or a card payment is in progress); look again and retry.`);
        const excess = amountCents - subject.amountCents;
        return { status: 'paid', credit: excess > 0 ? { amountCents: excess, kind: 'adjustment', description: `Bank transfer for ${subject.number} exceeded the amount due` } : null };
      }
      const to: OrderStatus = outcome === 'paid' ? 'paid' : 'awaiting_transfer';
      const moved = await trx
        .updateTable(asOrderTable(table))
        .set({ status: to, payment_method: method, paying_key: null, paying_since: null, updated_at: at, ...(to === 'paid' ? { paid_at: at } : {}) })
        .where('id', '=', subject.id)
        .where('paying_key', '=', key)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw new HttpError(409, ORDER_PAYMENT_MESSAGES.inProgress(noun));
      return to === 'paid' ? { status: to } : { status: to, message: `${ORDER_STATUS_LABELS.awaiting_transfer}: put ${subject.number} in the transfer reference.` };
    },

    findByNumber: (db, number) => columns.load(db, { number }),
    /** A transfer must cover the amount due; anything above it is credited to the balance (settle). */
    acceptTransfer(subject, amountCents) {
      const check = transition(subject.status as OrderStatus, 'confirm_transfer', 'operator');
      if (!check.ok) throw new HttpError(409, `${subject.number}: ${check.message}`);
      if (amountCents < subject.amountCents) {
        throw new HttpError(422, `The transfer of ${formatUsd(amountCents)} is short of the ${formatUsd(subject.amountCents)} due for ${subject.number}; it keeps waiting.`);
      }
      return { paymentCents: subject.amountCents };
    },
  };
}

const ORDER: Columns = { table: 'customer_order', kind: 'order', noun: 'order', load: loadOrder };

/** A paid order's refund (ADR 052): marked with REFUND_RESERVATION while the money goes back. */
const orderRefunds: Refundable = {
  async open(db, id) {
    const subject = await loadOrder(db, { id });
    if (!subject) throw new HttpError(404, ORDER_NOT_FOUND);
    const check = transition(subject.status as OrderStatus, 'refund', 'operator');
    if (!check.ok) throw new HttpError(409, check.message);
    return subject;
  },
  async hold(db, subject, at, staleBefore) {
    const claimed = await db
      .updateTable('customer_order')
      .set({ paying_key: REFUND_RESERVATION, paying_since: at })
      .where('id', '=', subject.id)
      .where('status', '=', 'paid')
      .where((eb) => eb.or([eb('paying_key', 'is', null), eb.and([eb('paying_key', '=', REFUND_RESERVATION), eb('paying_since', '<', staleBefore)])]))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw new HttpError(409, CHANGED);
  },
  async release(db, subject) {
    await db.updateTable('customer_order').set({ paying_key: null, paying_since: null }).where('id', '=', subject.id).where('paying_key', '=', REFUND_RESERVATION).execute();
  },
  /** Cancelled, and its coupon usable again. */
  async settle(trx, subject, at) {
    const moved = await trx
      .updateTable('customer_order')
      .set({ status: 'cancelled', paying_key: null, paying_since: null, updated_at: at })
      .where('id', '=', subject.id)
      .where('status', '=', 'paid')
      .where('paying_key', '=', REFUND_RESERVATION)
      .returning('promo_code_id')
      .executeTakeFirst();
    if (!moved) throw new HttpError(409, CHANGED);
    if (moved.promo_code_id) await trx.updateTable('promo_code').set({ used_at: null }).where('id', '=', moved.promo_code_id).execute();
    return { from: 'paid', to: 'cancelled' };
  },
};

const ownerGrant = (userId: string, subjectId: string): Grant => ({ subjectId, userId, scope: `user:${userId}`, via: 'owner' });

/** An order, paid by the account that placed it (404 for anyone else's); refundable by an operator. */
export const orderPayable: Payable = {
  ...paymentColumns(ORDER),
  async authorise(db, caller: Caller) {
    if (!('userId' in caller) || !caller.subjectId) throw new HttpError(404, ORDER_NOT_FOUND);
    const order = await findOwnOrder(db, caller.userId, caller.subjectId);
    return ownerGrant(caller.userId, order.id);
  },
  refunds: orderRefunds,
};

/** An additional-cost order (ADR 056): paid by its account, or by anyone holding its public link (`via: 'link'`). */
export const additionalCostPayable: Payable = {
  ...paymentColumns({ table: 'additional_cost', kind: 'additional_cost', noun: 'additional cost', load: loadAdditionalCost }),
  async authorise(db, caller: Caller) {
    if ('token' in caller) {
      const row = await findAdditionalCostByToken(db, caller.token);
      return { subjectId: row.id, scope: `additional-cost:${row.id}`, via: 'link' };
    }
    if (!caller.subjectId) throw new HttpError(404, ADDITIONAL_COST_NOT_FOUND);
    const row = await findOwnAdditionalCost(db, caller.userId, caller.subjectId);
    return ownerGrant(caller.userId, row.id);
  },
};
