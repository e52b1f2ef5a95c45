import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AdditionalCost, AdditionalCostCreated, AdditionalCostPublic, AdditionalCostStatus } from '#domain/api/order';
import type { Page, PageQuery } from '#domain/api/paging';
import { EMAIL_PATTERN } from '#domain/rules/account-rules';
import { iso, type Clock } from '../clock.ts';
import { paginate } from '../db/paginate.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import { LINK_NOT_FOUND, LINK_TOKEN_PATTERN, hashToken, newToken } from './link-tokens.ts';
import { newNumber } from './numbers.ts';
import { toAdditionalCost } from './records.ts';

/**
 * Operator: an additional-cost order for a customer (ADR 056): extra work, a design change, freight
 * arranged for them. The customer sees it under order/additional-cost and pays it like an order;
 * the link answered here opens the public payment page (spec route /additional-cost/payment).
 */
export async function createAdditionalCost(
  db: Kysely<Database>,
  clock: Clock,
  link: (token: string) => string,
  input: { customerEmail: unknown; amountCents: unknown; description: unknown; orderNumber?: unknown },
): Promise<AdditionalCostCreated> {
  const errors: Record<string, string[]> = {};
  const email = typeof input.customerEmail === 'string' ? input.customerEmail.trim().toLowerCase() : '';
  if (!EMAIL_PATTERN.test(email)) errors.customerEmail = ['Please give the customer’s email.'];
  const amount = input.amountCents;
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100 || amount > 100_000_000) errors.amountCents = ['The amount must be whole cents, at least USD 1.00.'];
  const description = typeof input.description === 'string' ? input.description.trim() : '';
  if (description === '' || description.length > 1000) errors.description = ['Please describe what the additional cost is for (at most 1000 characters).'];
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new HttpError(422, first, errors);
  const user = await db.selectFrom('user_account').select('id').where('email', '=', email).where('deleted_at', 'is', null).executeTakeFirst();
  if (!user) throw new HttpError(404, `No customer with the email ${email}.`);
  let orderId: string | null = null;
  let orderNumber: string | null = null;
  if (typeof input.orderNumber === 'string' && input.orderNumber.trim() !== '') {
    const order = await db.selectFrom('customer_order').select(['id', 'number']).where('number', '=', input.orderNumber.trim()).where('user_id', '=', user.id).executeTakeFirst();
    if (!order) throw new HttpError(404, `The customer has no order ${input.orderNumber.trim()}.`);
    orderId = order.id;
    orderNumber = order.number;
  }
  const now = clock();
  const token = newToken();
  const row = {
    id: randomUUID(),
    number: await newNumber(db, 'additional_cost', 'AC', now),
    user_id: user.id,
    order_id: orderId,
    description,
    amount_cents: amount as number,
    currency: 'USD',
    status: 'pending_payment',
    payment_method: null,
    token_hash: hashToken(token),
    paying_key: null,
    paying_since: null,
    paid_at: null,
    created_at: iso(now),
    updated_at: iso(now),
  };
  await db.insertInto('additional_cost').values(row).execute();
  return { ...toAdditionalCost(row, orderNumber), token, url: link(token) };
}

export const ADDITIONAL_COST_NOT_FOUND = 'Additional cost not found.';

/** The customer's additional-cost orders, newest first, optionally of one status. */
export function listAdditionalCosts(db: Kysely<Database>, userId: string, query: PageQuery & { status?: AdditionalCostStatus | undefined }): Promise<Page<AdditionalCost>> {
  let filtered = db.selectFrom('additional_cost').where('additional_cost.user_id', '=', userId);
  if (query.status) filtered = filtered.where('additional_cost.status', '=', query.status);
  return paginate(
    filtered,
    query,
    (q) =>
      q
        .leftJoin('customer_order', 'customer_order.id', 'additional_cost.order_id')
        .selectAll('additional_cost')
        .select('customer_order.number as order_number')
        .orderBy('additional_cost.created_at', 'desc')
        .orderBy('additional_cost.id'),
    (r) => toAdditionalCost(r, r.order_number),
  );
}

/** The customer's own additional cost (404 for another's). */
export async function findOwnAdditionalCost(db: Kysely<Database>, userId: string, id: string): Promise<{ id: string }> {
  const row = await db.selectFrom('additional_cost').select('id').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw new HttpError(404, ADDITIONAL_COST_NOT_FOUND);
  return row;
}

/** The additional cost behind a public payment link's token (404 when unknown). */
export async function findAdditionalCostByToken(db: Kysely<Database>, token: string) {
  if (!LINK_TOKEN_PATTERN.test(token)) throw new HttpError(404, LINK_NOT_FOUND);
  const row = await db.selectFrom('additional_cost').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();
  if (!row) throw new HttpError(404, LINK_NOT_FOUND);
  return row;
}

/** What the public payment page shows (spec route /additional-cost/payment). */
export async function publicAdditionalCost(db: Kysely<Database>, token: string): Promise<AdditionalCostPublic> {
  const row = await findAdditionalCostByToken(db, token);
  const orderNumber = row.order_id ? ((await db.selectFrom('customer_order').select('number').where('id', '=', row.order_id).executeTakeFirst())?.number ?? null) : null;
  const cost = toAdditionalCost(row, orderNumber);
  return {
    number: cost.number,
    description: cost.description,
    amountCents: cost.amountCents,
    currency: 'USD',
    status: cost.status,
    statusLabel: cost.statusLabel,
    orderNumber,
    methods: ['card', 'bank_transfer'],
  };
}
