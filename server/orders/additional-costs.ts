import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AdditionalCostCreated } from '#domain/api/order';
import { EMAIL_PATTERN } from '#domain/rules/account-rules';
import { iso, type Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import { newNumber } from './numbers.ts';
import { toAdditionalCost } from './records.ts';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** `12`, `12.5`, `"1234.50"` US dollars → cents; undefined when it is not an amount. */
export function parseUsd(value: unknown): number | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return undefined;
  return Math.round(Number(text) * 100);
}

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
