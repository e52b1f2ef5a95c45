import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CreateOrderResponse, Order, OrderList, ShippingOptions } from '#domain/api/order';
import type { Cart } from '#domain/api/quote';
import { quotePart } from '#domain/pricing/quote-part';
import { PRINT_CONFIG } from '../quote/quote-test-app.ts';
import { createOrderTestApp, db, type Customer, type OrderTestApp } from './order-test-app.ts';

let t: OrderTestApp;
let c: Customer;

beforeAll(async () => {
  t = await createOrderTestApp();
  c = await t.customer();
});
afterAll(() => t.close());

describe(`checkout: an order from the cart (${db})`, () => {
  test('shipping options: EXW explained, named carriers', async () => {
    const res = await t.call<ShippingOptions>('checkout/shipping-options');
    expect(res.status).toBe(200);
    expect(res.body.incoterm).toBe('EXW');
    expect(res.body.explanation).toMatch(/Incoterms 2020/);
    expect(res.body.carriers.map((x) => x.name)).toEqual(expect.arrayContaining(['DHL Express', 'FedEx International Priority', 'UPS Worldwide Saver']));
  });

  test('the order is priced again by the server, holds the addresses and carrier, and empties the cart lines', async () => {
    await t.ms<Cart>('cart/items', { token: c.token, body: { items: [{ fileId: c.file.id, configuration: { ...PRINT_CONFIG, quantity: 7 } }] } });
    // The cart line's stored price is tampered with: the order must not trust it.
    await t.database.db.updateTable('cart_item').set({ total_cents: 1, unit_price_cents: 1 }).where('user_id', '=', c.userId).execute();
    const res = await t.call<CreateOrderResponse>('checkout/order', {
      token: c.token,
      body: {
        shippingAddressId: c.shippingAddressId,
        billingAddressId: c.billingAddressId,
        shipping: { incoterm: 'EXW', carrier: 'fedex-international-priority', carrierAccount: 'FX-998877' },
        poNumber: 'PO-42',
        comment: 'Please pack each part separately.',
      },
    });
    expect(res.status).toBe(201);
    const order = res.body.order;
    const expected = quotePart(c.file.metrics!, { ...PRINT_CONFIG, quantity: 7 }, order.createdAt, { geometryFindings: c.file.findings });
    expect(order).toMatchObject({
      status: 'pending_payment',
      statusLabel: 'Awaiting payment',
      poNumber: 'PO-42',
      comment: 'Please pack each part separately.',
      paymentMethod: null,
      amounts: { subtotalCents: expected.totalCents, discountCents: 0, shippingCents: 0, totalCents: expected.totalCents, currency: 'USD' },
      consignee: { firstName: 'Ada', lastName: 'Buyer', countryCode: 'GB', city: 'London' },
      billing: { name: 'Ada Buyer', companyName: 'Buyer Ltd' },
      shipping: { incoterm: 'EXW', carrier: 'fedex-international-priority', carrierName: 'FedEx International Priority', carrierAccount: 'FX-998877' },
      entrust: null,
      actions: { pay: true, cancel: true, review: false, afterSale: false, agencyLink: true },
    });
    expect(order.number).toMatch(/^W\d{8}$/);
    expect(order.products).toHaveLength(1);
    expect(order.products[0]).toMatchObject({ name: 'bracket', quantity: 7, unitPriceCents: expected.unitPriceCents, totalCents: expected.totalCents, shipDate: expected.shipDate, model: { fileId: c.file.id, fileName: 'bracket.stl' } });
    expect(res.body.notices[0]).toMatch(/price of "bracket.stl" is now/);
    expect(order.statusHistory).toEqual([expect.objectContaining({ from: null, to: 'pending_payment', event: 'create' })]);
    expect((await t.ms<Cart>('cart', { token: c.token })).body.lines).toEqual([]);
    expect((await t.call<Order>(`order/${order.id}`, { token: c.token })).body).toEqual(order);
  });

  test('the consignee’s state is named (California), its code kept; an order stored before the name was, reads it from the code', async () => {
    const us = await t.call<{ id: string }>('account/address', {
      token: c.token,
      body: { firstName: 'Ada', lastName: 'Buyer', phoneCode: '+1', mobile: '4155550100', countryCode: 'US', state: 'US-CA', city: 'San Francisco', postcode: '94107', addressLine1: '500 Test Street' },
    });
    expect(us.status).toBe(201);
    const order = await t.placeOrder({ ...c, shippingAddressId: us.body.id });
    expect(order.consignee).toMatchObject({ countryCode: 'US', countryName: 'United States', state: 'US-CA', stateName: 'California' });
    // As an order placed before the name was stored keeps it: the code only.
    const stored = JSON.parse((await t.database.db.selectFrom('customer_order').select('consignee').where('id', '=', order.id).executeTakeFirstOrThrow()).consignee) as Record<string, unknown>;
    delete stored.stateName;
    await t.database.db.updateTable('customer_order').set({ consignee: JSON.stringify(stored) }).where('id', '=', order.id).execute();
    expect((await t.call<Order>(`order/${order.id}`, { token: c.token })).body.consignee).toMatchObject({ state: 'US-CA', stateName: 'California' });
  });

  test('an empty cart, foreign addresses, a missing carrier account: 422 with the field', async () => {
    const empty = await t.call('checkout/order', { token: c.token, body: { shippingAddressId: c.shippingAddressId, billingAddressId: c.billingAddressId, shipping: { carrier: 'dhl-express', carrierAccount: '1' } } });
    expect(empty).toMatchObject({ status: 422, body: { message: 'Your cart is empty: add parts to it before checking out.' } });
    const other = await t.customer();
    await t.ms('cart/items', { token: c.token, body: { items: [{ fileId: c.file.id }] } });
    const foreign = await t.call<{ errors: Record<string, string[]> }>('checkout/order', {
      token: c.token,
      body: { shippingAddressId: other.shippingAddressId, billingAddressId: c.billingAddressId, shipping: { carrier: 'dhl-express', carrierAccount: '1' } },
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors.shippingAddressId).toEqual(['Please choose one of your shipping addresses.']);
    const noAccount = await t.call<{ errors: Record<string, string[]> }>('checkout/order', {
      token: c.token,
      body: { shippingAddressId: c.shippingAddressId, billingAddressId: c.billingAddressId, shipping: { carrier: 'pigeon', incoterm: 'DDP' } },
    });
    expect(noAccount.status).toBe(422);
    expect(Object.keys(noAccount.body.errors).sort()).toEqual(['shipping.carrier', 'shipping.carrierAccount', 'shipping.incoterm']);
    await t.database.db.deleteFrom('cart_item').where('user_id', '=', c.userId).execute();
  });

  test('coupons: the caller’s own, single-use, one per order; given back when the order is cancelled', async () => {
    const now = t.clock().toISOString();
    await t.database.db
      .insertInto('promo_code')
      .values([
        { id: crypto.randomUUID(), user_id: c.userId, code: 'REFC10', description: 'Referral 10%', percent_off: 10, amount_off_cents: null, expires_at: null, used_at: null, created_at: now },
        { id: crypto.randomUUID(), user_id: c.userId, code: 'OLD5', description: 'Expired', percent_off: null, amount_off_cents: 500, expires_at: '2000-01-01T00:00:00.000Z', used_at: null, created_at: now },
      ])
      .execute();
    const first = await t.placeOrder(c, { couponCode: 'refc10' });
    expect(first.coupon).toEqual({ code: 'REFC10', discountCents: Math.round(first.amounts.subtotalCents / 10) });
    expect(first.amounts.totalCents).toBe(first.amounts.subtotalCents - first.coupon!.discountCents);
    await expect(t.placeOrder(c, { couponCode: 'REFC10' })).rejects.toThrow(/already been used/);
    await expect(t.placeOrder(c, { couponCode: 'OLD5' })).rejects.toThrow(/expired/);
    const other = await t.customer();
    await expect(t.placeOrder(other, { couponCode: 'REFC10' })).rejects.toThrow(/not valid for your account/);
    await t.database.db.deleteFrom('cart_item').execute();
    expect((await t.call(`order/${first.id}/cancel`, { token: c.token, body: { reason: 'Changed my mind' } })).status).toBe(200);
    const again = await t.placeOrder(c, { couponCode: 'REFC10' });
    expect(again.coupon?.code).toBe('REFC10');
  });

  test('entrust-order accounts may add a customer email, platform order number and note; others may not', async () => {
    await expect(t.placeOrder(c, { customerEmail: 'end@customer.com' })).rejects.toThrow(/Only entrust-order accounts/);
    await t.database.db.deleteFrom('cart_item').execute();
    const entrust = await t.customer();
    await t.database.db.updateTable('user_account').set({ is_entrust_order_account: 1 }).where('id', '=', entrust.userId).execute();
    await expect(t.placeOrder(entrust, { customerEmail: 'not-an-email' })).rejects.toThrow(/valid customer email/);
    await t.database.db.deleteFrom('cart_item').execute();
    const order = await t.placeOrder(entrust, { customerEmail: 'end@customer.com', platformOrderNumber: 'AMZ-1', customerNote: 'Gift' });
    expect(order.entrust).toEqual({ customerEmail: 'end@customer.com', platformOrderNumber: 'AMZ-1', customerNote: 'Gift' });
  });

  test('order/list pages newest first and filters by status', async () => {
    const u = await t.customer();
    const a = await t.placeOrder(u);
    const b = await t.placeOrder(u, {}, 9);
    await t.call(`order/${a.id}/cancel`, { token: u.token, body: {} });
    const all = await t.call<OrderList>('order/list?page=1&pageSize=1', { token: u.token });
    expect(all.body).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(all.body.list[0]).toMatchObject({ id: b.id, number: b.number, status: 'pending_payment', productCount: 1, consigneeName: 'Ada Buyer', amountCents: b.amounts.totalCents });
    const cancelled = await t.call<OrderList>('order/list?status=cancelled', { token: u.token });
    expect(cancelled.body.list.map((o) => o.id)).toEqual([a.id]);
    expect((await t.call<OrderList>('order/list?status=paid,shipped', { token: u.token })).body.total).toBe(0);
    expect((await t.call('order/list?status=lost', { token: u.token })).status).toBe(422);
  });

  test('a price the client makes up is refused with a 422 naming the field, not ignored (issue 32 item 4)', async () => {
    const u = await t.customer();
    const refused = (field: string) => [`"${field}" is not a field this call takes; remove it.`];
    const cart = await t.ms('cart/items', { token: u.token, body: { items: [{ fileId: u.file.id, configuration: PRINT_CONFIG, unitPriceCents: 1 }] } });
    expect(cart.status).toBe(422);
    expect(cart.body.errors).toEqual({ 'items.0.unitPriceCents': refused('unitPriceCents') });
    await expect(t.placeOrder(u, { totalCents: 1 })).rejects.toThrow(/totalCents.{0,6} is not a field this call takes/);
    const order = await t.placeOrder(u);
    const pay = await t.pay(`order/${order.id}/pay`, { method: 'balance', amountCents: 1 }, { token: u.token });
    expect(pay.status).toBe(422);
    expect(pay.body.errors).toEqual({ amountCents: refused('amountCents') });
  });
});

