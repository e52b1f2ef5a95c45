import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AdditionalCostCreated, AgencyLink, Order } from '#domain/api/order';
import { createOrderTestApp, db, SUCCESS_CARD, type Customer, type OrderTestApp } from './order-test-app.ts';

/**
 * Every order, payment, link and after-sale id is its owner's alone: another account's id answers
 * 404 and changes nothing. Driven by the OpenAPI document, like tests/server/http/authorization.test.ts,
 * so a new id-taking call under these prefixes must be added here.
 */
let t: OrderTestApp;
let owner: Customer;
let intruder: Customer;
type Doc = { paths: Record<string, Record<string, unknown>> };

beforeAll(async () => {
  t = await createOrderTestApp();
  owner = await t.customer();
  intruder = await t.customer();
});
afterAll(() => t.close());

async function snapshot() {
  const d = t.database.db;
  return {
    orders: await d.selectFrom('customer_order').selectAll().orderBy('id').execute(),
    payments: await d.selectFrom('payment').selectAll().orderBy('id').execute(),
    ledger: await d.selectFrom('balance_transaction').selectAll().orderBy('id').execute(),
    links: await d.selectFrom('agency_link').selectAll().orderBy('id').execute(),
    reviews: await d.selectFrom('order_review').selectAll().orderBy('id').execute(),
    costs: await d.selectFrom('additional_cost').selectAll().orderBy('id').execute(),
    afterSale: await d.selectFrom('after_sale_order').selectAll().orderBy('id').execute(),
    projects: await d.selectFrom('quote_project').selectAll().orderBy('id').execute(),
  };
}

describe(`orders and payments are their owner's alone (${db})`, () => {
  test('another account’s ids: 404 on every id-taking call, nothing read or changed', async () => {
    const order = await t.placeOrder(owner);
    const shipped = await t.placeOrder(owner, {}, 8);
    await t.pay(`order/${shipped.id}/pay`, { method: 'card', card: SUCCESS_CARD }, { token: owner.token });
    for (const event of ['start_production', 'ship', 'deliver']) {
      await t.admin(`admin/order/${shipped.id}/event`, { event, tracking: [{ logisticsCompany: 'DHL Express', trackNumber: '1234567890' }] });
    }
    const cost = (await t.admin<AdditionalCostCreated>('admin/additional-cost', { customerEmail: owner.email, amountCents: 2_500, description: 'Extra finishing' })).body;
    await t.credit(intruder.userId, 1_000_000);
    const before = await snapshot();

    const attempts: [string, string, unknown?][] = [
      ['GET', `order/${order.id}`],
      ['POST', `order/${order.id}/cancel`, {}],
      ['POST', `order/${order.id}/pay`, { method: 'balance' }],
      ['POST', `order/${order.id}/agency-link`, {}],
      ['POST', `order/${order.id}/reorder`, {}],
      ['GET', `order/${order.id}/document`],
      ['GET', `order/${order.id}/products/${order.products[0]!.id}/drawing`],
      ['POST', `order/${shipped.id}/review`, { stars: 1, workmanship: 1, product: 1, service: 1, logistics: 1 }],
      ['POST', `additional-cost/${cost.id}/pay`, { method: 'balance' }],
    ];
    for (const [method, path, body] of attempts) {
      const res = await t.call<{ message: string }>(path, { method, token: intruder.token, ...(body ? { body } : {}), headers: { 'Idempotency-Key': 'intruder-key-1' } });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(['Can not found an order.', 'Additional cost not found.']).toContain(res.body.message);
    }
    // An after-sale request naming another account's order number is refused as unknown.
    const afterSale = await t.call('order/after-sale', { token: intruder.token, body: { orderNumber: 'X', wedoOrderNumber: shipped.number, items: [{ productId: shipped.products[0]!.id, quantity: 1 }] } });
    expect(afterSale.status).toBe(422);
    // Malformed ids and unknown tokens: 404 too.
    expect((await t.call('order/not-an-id', { token: intruder.token })).status).toBe(404);
    expect((await t.call('agency/unknown-token-0000000000000000')).status).toBe(404);
    expect((await t.call('additional-cost/payment/unknown-token-0000000000000000')).status).toBe(404);
    // Operator calls without the operator token: 401.
    const someId = order.id;
    const operatorOnly = [
      ['POST', `admin/order/${order.id}/event`],
      ['POST', 'admin/bank-transfer/confirm'],
      ['POST', 'admin/additional-cost'],
      ['GET', 'admin/ledger/reconcile'],
      // Manual review's staff calls (issue 34 item 4).
      ['GET', 'admin/quote-reviews'],
      ['POST', `admin/quote-reviews/${someId}/answer`],
      ['GET', `admin/quote-reviews/${someId}/attachments/${someId}`],
    ] as const;
    for (const [method, path] of operatorOnly) {
      expect((await t.call(path, { method, token: intruder.token, body: {}, headers: { 'X-Admin-Token': 'wrong' } })).status, path).toBe(401);
    }
    // The intruder's lists show nothing of the owner's.
    expect((await t.call<{ total: number }>('order/list', { token: intruder.token })).body.total).toBe(0);
    expect((await t.call<{ total: number }>('order/additional-cost/list', { token: intruder.token })).body.total).toBe(0);
    expect((await t.call<{ total: number }>('order/after-sale/list', { token: intruder.token })).body.total).toBe(0);
    expect(await snapshot()).toEqual(before);
    expect((await t.call<Order>(`order/${order.id}`, { token: owner.token })).body.status).toBe('pending_payment');

    // Every documented id-taking call under these prefixes was attempted.
    const doc = (await t.call<Doc>('openapi.json')).body;
    const idCalls = Object.entries(doc.paths).flatMap(([path, methods]) =>
      /^\/(order|agency|additional-cost|admin)\//.test(path) && path.includes('{') ? Object.keys(methods).map((m) => `${m.toUpperCase()} ${path.slice(1)}`) : [],
    );
    const tried = new Set([
      ...attempts.map(([m, p]) => `${m} ${p.replace(/[0-9a-f-]{36}/, '{id}')}`),
      'GET agency/{token}',
      'GET order/{id}/products/{productId}/drawing',
      'POST agency/{token}/pay',
      'GET additional-cost/payment/{token}',
      'POST additional-cost/payment/{token}/pay',
      'POST admin/order/{id}/event',
      'POST admin/quote-reviews/{id}/answer',
      'GET admin/quote-reviews/{id}/attachments/{attachmentId}',
    ]);
    for (const call of idCalls) expect(tried, call).toContain(call);
  });

  test('an agency link pays only its own order; a link of a cancelled order stops working', async () => {
    const a = await t.placeOrder(owner);
    const b = await t.placeOrder(owner, {}, 6);
    const link = (await t.call<AgencyLink>(`order/${a.id}/agency-link`, { method: 'POST', token: owner.token })).body;
    expect((await t.call<{ orderNumber: string }>(`agency/${link.token}`)).body.orderNumber).toBe(a.number);
    expect((await t.call<{ orderNumber: string }>(`agency/${link.token}`)).body.orderNumber).not.toBe(b.number);
    await t.call(`order/${a.id}/cancel`, { token: owner.token, body: {} });
    expect((await t.call(`agency/${link.token}`)).status).toBe(410);
    expect((await t.pay(`agency/${link.token}/pay`, { method: 'card', card: SUCCESS_CARD })).status).toBe(410);
  });
});
