import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CreateOrderResponse, Order } from '#domain/api/order';
import type { Cart, PartQuote } from '#domain/api/quote';
import { MAX_QUANTITY } from '#domain/catalogue/limits';
import type { PartConfiguration } from '#domain/rules/quote-configuration';
import { DEFAULT_MAX_ORDER_CENTS, readConfig } from '#server/config';
import { orderCeilingMessage } from '#server/quote/pricing';
import { binaryStl, subdividedCube } from '../../domain/support/solids.ts';
import { createOrderTestApp, db, type Customer, type OrderTestApp } from './order-test-app.ts';

/**
 * Issue 12 item 12: money overflowed PostgreSQL's 32-bit integers above USD 21,474,836.47, and a
 * 400 mm aluminium CNC cube at quantity 100,000 was quoted as orderable at USD 143,255,000.
 */
const CUBE_400: PartConfiguration = { process: 'cnc', materialId: 'aluminium-6061', colourId: 'raw-metal', quantity: MAX_QUANTITY, tier: 'standard', finishes: [] };

let t: OrderTestApp;
let c: Customer;
let projectId: string;
let fileId: string;

beforeAll(async () => {
  t = await createOrderTestApp();
  c = await t.customer();
  const project = await t.project(c.token, 'Big blocks', 'cnc');
  projectId = project.id;
  const uploaded = await t.upload(project.id, c.token, binaryStl(subdividedCube(400, 1)), 'block-400.stl');
  expect(uploaded.status).toBe(201);
  fileId = uploaded.body.id;
});
afterAll(() => t.close());

const configure = (configuration: PartConfiguration) =>
  t.ms<PartQuote>(`project/${projectId}/files/${fileId}/configuration`, { method: 'PUT', token: c.token, body: configuration });

const checkout = () =>
  t.call<CreateOrderResponse & { message?: string }>('checkout/order', {
    token: c.token,
    body: { shippingAddressId: c.shippingAddressId, billingAddressId: c.billingAddressId, shipping: { carrier: 'dhl-express', carrierAccount: '123456789' } },
  });

describe(`the order ceiling (${db})`, () => {
  test('the default ceiling is USD 1,000,000; MAX_ORDER_CENTS changes it within bounds', () => {
    expect(DEFAULT_MAX_ORDER_CENTS).toBe(100_000_000);
    expect(readConfig({}).maxOrderCents).toBe(DEFAULT_MAX_ORDER_CENTS);
    expect(readConfig({ MAX_ORDER_CENTS: '500000' }).maxOrderCents).toBe(500_000);
    expect(() => readConfig({ MAX_ORDER_CENTS: String(10 ** 14) })).toThrow(/MAX_ORDER_CENTS can be at most/);
    expect(() => readConfig({ MAX_ORDER_CENTS: '-1' })).toThrow(/MAX_ORDER_CENTS must be a positive whole number/);
  });

  test('a 400 mm aluminium cube at 100,000 pieces gets the ceiling’s message instead of a price', async () => {
    const { status, body } = await configure(CUBE_400);
    expect(status).toBe(200);
    const message = orderCeilingMessage(DEFAULT_MAX_ORDER_CENTS);
    expect(message).toBe('Orders above $1,000,000.00 are quoted by our team: choose a smaller quantity, or contact us for a quote.');
    expect(body.result.orderable).toBe(false);
    expect(body.result.totalCents).toBeNull();
    expect(body.result.price).toBeNull();
    expect(body.result.validation.errors.quantity).toEqual([message]);
    // The price breaks still show what can be ordered: each row stays under the ceiling.
    expect(body.result.priceBreaks.length).toBeGreaterThan(0);
    expect(body.result.priceBreaks.every((row) => row.totalCents <= DEFAULT_MAX_ORDER_CENTS)).toBe(true);

    const cart = await t.ms<{ message: string }>('cart/items', { token: c.token, body: { items: [{ fileId, configuration: CUBE_400 }] } });
    expect(cart.status).toBe(422);
    expect(cart.body.message).toContain(message);
  });

  test('more pieces than the factory takes is refused with the quantity rule’s message', async () => {
    const { body } = await configure({ ...CUBE_400, quantity: MAX_QUANTITY + 1 });
    expect(body.result.orderable).toBe(false);
    expect(body.result.validation.errors.quantity?.[0]).toBe('For more than 100,000 parts, please contact us for a quote');
  });

  test('checkout refuses an order whose lines together pass the ceiling, and names its total', async () => {
    const { body } = await configure({ ...CUBE_400, quantity: 10 });
    const line = body.result.totalCents ?? 0;
    expect(line).toBeGreaterThan(0);
    await t.ms<Cart>('cart/items', { token: c.token, body: { items: [{ fileId, configuration: { ...CUBE_400, quantity: 10 } }, { fileId, configuration: { ...CUBE_400, quantity: 11 } }] } });
    const ceiling = t.ctx.config.maxOrderCents;
    t.ctx.config.maxOrderCents = Math.round(line * 1.5); // each line passes, the two together do not
    try {
      const refused = await checkout();
      expect(refused.status).toBe(422);
      expect(refused.body.message).toMatch(/^This order comes to \$[\d,.]+\. Orders above \$[\d,.]+ are quoted by our team/);
    } finally {
      t.ctx.config.maxOrderCents = ceiling;
    }
    // Nothing was ordered: the cart still holds both lines.
    expect((await t.ms<Cart>('cart', { token: c.token })).body.lines).toHaveLength(2);
    for (const l of (await t.ms<Cart>('cart', { token: c.token })).body.lines) await t.ms(`cart/items/${l.id}`, { method: 'DELETE', token: c.token });
  });
});

describe(`amounts above 32 bits (${db})`, () => {
  test('with a ceiling set high, a USD 143 million order is stored and read back exactly on both databases', async () => {
    const ceiling = t.ctx.config.maxOrderCents;
    t.ctx.config.maxOrderCents = 10 ** 12;
    try {
      const { body } = await configure(CUBE_400);
      expect(body.result.orderable).toBe(true);
      const total = body.result.totalCents ?? 0;
      expect(total).toBeGreaterThan(2 ** 31);
      const cart = await t.ms<Cart>('cart/items', { token: c.token, body: { items: [{ fileId, configuration: CUBE_400 }] } });
      expect(cart.status).toBe(201);
      expect(cart.body.totalCents).toBe(total);
      const placed = await checkout();
      expect(placed.status).toBe(201);
      expect(placed.body.order.amounts.totalCents).toBe(total);
      const read = await t.call<Order>(`order/${placed.body.order.id}`, { token: c.token });
      expect(read.body.amounts.totalCents).toBe(total);
      expect(typeof read.body.products[0]?.totalCents).toBe('number');
      // Paid from the balance: the ledger and the cached balance hold 64-bit sums too.
      await t.credit(c.userId, total + 5);
      const paid = await t.pay<{ balanceCents: number }>(`order/${placed.body.order.id}/pay`, { method: 'balance' }, { token: c.token });
      expect(paid.status).toBe(200);
      expect(paid.body.balanceCents).toBe(5);
      expect(await t.balance(c.userId)).toBe(5);
    } finally {
      t.ctx.config.maxOrderCents = ceiling;
    }
  });
});
