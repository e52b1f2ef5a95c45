import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AfterSaleOrder, Order } from '#domain/api/order';
import { ORDER_EVENTS, ORDER_STATUSES, ORDER_TRANSITIONS, nextEvents, transition } from '#domain/orders/order-status';
import { createOrderTestApp, db, SUCCESS_CARD, type Customer, type OrderTestApp } from './order-test-app.ts';

describe('the lifecycle as a pure function', () => {
  test('exactly the transitions of the table pass; every other pair is refused with a sentence', () => {
    for (const from of ORDER_STATUSES) {
      for (const event of ORDER_EVENTS) {
        const result = transition(from, event, 'operator');
        const to = ORDER_TRANSITIONS[from][event];
        if (to) expect(result).toEqual({ ok: true, from, to, event });
        else {
          expect(result.ok).toBe(false);
          if (!result.ok) expect(result.message).toMatch(/^An order that is .+ cannot be .+\.$/);
        }
      }
    }
    expect(transition('paid', 'cancel')).toMatchObject({ ok: false, message: 'An order that is paid cannot be cancelled.' });
    expect(transition('awaiting_transfer', 'confirm_transfer', 'customer')).toMatchObject({ ok: false, message: 'Only our team can mark an order confirmed as transferred.' });
    expect(nextEvents('pending_payment', 'customer').sort()).toEqual(['cancel', 'choose_bank_transfer', 'pay']);
    expect(nextEvents('delivered')).toEqual([]);
    expect(nextEvents('cancelled')).toEqual([]);
  });
});

let t: OrderTestApp;
let c: Customer;

beforeAll(async () => {
  t = await createOrderTestApp();
  c = await t.customer();
});
afterAll(() => t.close());

const event = (order: Order, name: string, extra: Record<string, unknown> = {}) => t.admin<Order & { message?: string }>(`admin/order/${order.id}/event`, { event: name, ...extra });

describe(`the lifecycle through the API (${db})`, () => {
  test('paid → in production → shipped (tracking) → delivered; illegal moves refused with 409 and nothing changed', async () => {
    const order = await t.placeOrder(c);
    expect((await event(order, 'start_production')).body).toEqual({ message: 'An order that is awaiting payment cannot be put into production.' });
    expect((await t.pay(`order/${order.id}/pay`, { method: 'card', card: SUCCESS_CARD }, { token: c.token })).status).toBe(200);
    const cancel = await t.call(`order/${order.id}/cancel`, { token: c.token, body: {} });
    expect(cancel).toEqual({ status: 409, body: { message: 'An order that is paid cannot be cancelled.' } });
    expect((await event(order, 'ship', { tracking: [{ logisticsCompany: 'DHL Express', trackNumber: '1' }] })).status).toBe(409);
    expect((await event(order, 'start_production', { note: 'Printing today' })).body.status).toBe('in_production');
    expect((await event(order, 'ship')).status).toBe(422);
    const shipped = await event(order, 'ship', { tracking: [{ logisticsCompany: 'DHL Express', trackNumber: '1234567890' }, { package: 'Box B', logisticsCompany: 'DHL Express', trackNumber: '1234567891' }] });
    expect(shipped.body.status).toBe('shipped');
    expect(shipped.body.tracking.map((x) => [x.package, x.trackNumber, x.trackState])).toEqual([
      ['Box B', '1234567891', 'collected'],
      ['Package 1 of 2', '1234567890', 'collected'],
    ]);
    expect((await event(order, 'refund')).status).toBe(409);
    const delivered = await event(order, 'deliver');
    expect(delivered.body).toMatchObject({ status: 'delivered', actions: { pay: false, cancel: false, review: true, afterSale: true } });
    expect(delivered.body.tracking.every((x) => x.trackState === 'delivered')).toBe(true);
    expect(delivered.body.statusHistory.map((e) => [e.event, e.to, e.actor])).toEqual([
      ['create', 'pending_payment', 'customer'],
      ['pay', 'paid', 'customer'],
      ['start_production', 'in_production', 'operator'],
      ['ship', 'shipped', 'operator'],
      ['deliver', 'delivered', 'operator'],
    ]);
    expect((await event(order, 'deliver')).status).toBe(409);
    expect((await t.pay(`order/${order.id}/pay`, { method: 'balance' }, { token: c.token })).body).toEqual({ message: 'This order is already paid.' });
    // Each move through the admin token mailed the customer as the console's would, once; refused moves mailed nothing.
    const mails = (await t.outbox(c.email)).filter((m) => m.subject.startsWith(`Order ${order.number} `)).map((m) => m.subject);
    expect(mails.sort()).toEqual([`Order ${order.number} has shipped`, `Order ${order.number} is in production`, `Order ${order.number} was delivered`]);
    const shippedMail = (await t.outbox(c.email)).find((m) => m.subject === `Order ${order.number} has shipped`);
    expect(shippedMail?.text).toContain(`has shipped in 2 packages:\n- DHL Express, tracking number 1234567890\n- DHL Express, tracking number 1234567891`);
  });

  test('review: only once shipped, once, ratings 1–5', async () => {
    const order = await t.placeOrder(c);
    const review = { stars: 5, workmanship: 5, product: 4, service: 5, logistics: 3, comments: 'Crisp edges.' };
    expect((await t.call(`order/${order.id}/review`, { token: c.token, body: review })).status).toBe(409);
    await t.pay(`order/${order.id}/pay`, { method: 'card', card: SUCCESS_CARD }, { token: c.token });
    await event(order, 'start_production');
    await event(order, 'ship', { tracking: [{ logisticsCompany: 'UPS', trackNumber: '1Z' }] });
    const bad = await t.call<{ errors: Record<string, string[]> }>(`order/${order.id}/review`, { token: c.token, body: { ...review, stars: 6, logistics: 0 } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['logistics', 'stars']);
    const ok = await t.call<Order>(`order/${order.id}/review`, { token: c.token, body: review });
    expect(ok.status).toBe(201);
    expect(ok.body.review).toMatchObject({ stars: 5, workmanship: 5, product: 4, service: 5, logistics: 3, comments: 'Crisp edges.' });
    expect(ok.body.actions.review).toBe(false);
    expect((await t.call(`order/${order.id}/review`, { token: c.token, body: review })).body).toEqual({ message: 'This order has already been reviewed.' });
  });

  test('operator refund of a paid order: back to the balance or the card, once; the order cancelled', async () => {
    const byBalance = await t.placeOrder(c);
    await t.credit(c.userId, byBalance.amounts.totalCents);
    const start = await t.balance(c.userId);
    await t.pay(`order/${byBalance.id}/pay`, { method: 'balance' }, { token: c.token });
    const [a, b] = await Promise.all([event(byBalance, 'refund', { note: 'Out of stock' }), event(byBalance, 'refund', { note: 'twice' })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await t.balance(c.userId)).toBe(start);
    const refunded = (await t.call<Order>(`order/${byBalance.id}`, { token: c.token })).body;
    expect(refunded).toMatchObject({ status: 'cancelled', payments: [{ method: 'balance', status: 'refunded' }] });
    // Either request may win the race; exactly one refund is recorded, with the winner's note.
    const winner = a.status === 200 ? 'Out of stock' : 'twice';
    expect(refunded.statusHistory.at(-1)).toMatchObject({ event: 'refund', actor: 'operator', note: winner });
    expect(refunded.statusHistory.filter((h) => h.event === 'refund')).toHaveLength(1);

    const byCard = await t.placeOrder(c);
    const paid = await t.pay<{ payment: { id: string } }>(`order/${byCard.id}/pay`, { method: 'card', card: SUCCESS_CARD }, { token: c.token });
    const chargeId = (await t.database.db.selectFrom('payment').select('provider_charge_id').where('id', '=', paid.body.payment.id).executeTakeFirstOrThrow()).provider_charge_id!;
    expect((await event(byCard, 'refund')).status).toBe(200);
    expect(t.sandbox.charges.get(chargeId)?.refundedCents).toBe(byCard.amounts.totalCents);
    expect(await t.balance(c.userId)).toBe(start);
  });

  test('after-sale: the spec’s rules, then a request listed for its owner', async () => {
    const order = await t.placeOrder(c, { poNumber: 'PO-7' }, 10);
    const product = order.products[0]!;
    const early = await t.call('order/after-sale', { token: c.token, body: { orderNumber: 'PO-7', wedoOrderNumber: order.number, items: [{ productId: product.id, quantity: 1 }] } });
    expect(early).toMatchObject({ status: 422, body: { message: 'After-sale requests are for orders that have shipped.' } });
    await t.pay(`order/${order.id}/pay`, { method: 'card', card: SUCCESS_CARD }, { token: c.token });
    await event(order, 'start_production');
    await event(order, 'ship', { tracking: [{ logisticsCompany: 'FedEx', trackNumber: '77' }] });

    const empty = await t.call<{ errors: Record<string, string[]> }>('order/after-sale', { token: c.token, body: { items: [] } });
    expect(empty.body.errors).toMatchObject({ orderNumber: ['Order number is required.'], wedoOrderNumber: ['Wedo order number is required.'], items: ['Please select at least one product.'] });
    const noQuantity = await t.call<{ errors: Record<string, string[]> }>('order/after-sale', { token: c.token, body: { orderNumber: 'PO-7', wedoOrderNumber: order.number, items: [{ productId: product.id }] } });
    expect(noQuantity.body.errors['items.0.quantity']).toEqual(['Please fill in the quantity of each selected product.']);
    const tooMany = await t.call<{ message: string }>('order/after-sale', { token: c.token, body: { orderNumber: 'PO-7', wedoOrderNumber: order.number, items: [{ productId: product.id, quantity: 11 }] } });
    expect(tooMany).toMatchObject({ status: 422, body: { message: 'The refabricate quantity must not exceed the original quantity (10).' } });
    const unknownProduct = await t.call('order/after-sale', { token: c.token, body: { orderNumber: 'PO-7', wedoOrderNumber: order.number, items: [{ productId: 'nope', quantity: 1 }] } });
    expect(unknownProduct.status).toBe(422);

    const created = await t.call<AfterSaleOrder>('order/after-sale', { token: c.token, body: { orderNumber: 'PO-7', wedoOrderNumber: order.number.toLowerCase(), items: [{ productId: product.id, quantity: 10 }], reason: 'Warped' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ orderNumber: 'PO-7', wedoOrderNumber: order.number, status: 'submitted', reason: 'Warped', items: [{ productId: product.id, name: 'bracket', originalQuantity: 10, quantity: 10 }] });
    expect(created.body.number).toMatch(/^AS\d{8}$/);
    const list = await t.call<{ list: AfterSaleOrder[]; total: number }>('order/after-sale/list', { token: c.token });
    expect(list.body.total).toBe(1);
    expect(list.body.list[0]).toEqual(created.body);
  });
});
