import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { OpsOrder } from '#domain/api/ops';
import { MAX_QUEUE, type OpsClaim, type OpsClaimList, type OpsReview, type OpsReviewList } from '#domain/api/ops-queues';
import { STAFF_MESSAGES } from '#domain/rules/staff-rules';
import type { AfterSaleList, AfterSaleOrder, Order } from '#domain/api/order';
import type { QuoteReview } from '#domain/api/quote';
import { FIXTURES, PRINT_CONFIG, readFixture } from '../quote/quote-test-app.ts';
import { createOrderTestApp, db, SUCCESS_CARD, type Customer, type OrderTestApp } from '../orders/order-test-app.ts';
import { signedInStaff, type SignedInStaff } from './staff-test-app.ts';

/**
 * The console's queues (issue 38 items 4 and 5, ADRs 200–201): staff approve an after-sale claim
 * (its refabrication made at no charge, the quantities checked against the line and every other
 * claim) or refuse it with a reason the customer reads; staff answer a manual review with a price
 * or a refusal through the reviews' own answer (the customer mailed). Each audited.
 */
let t: OrderTestApp;
let c: Customer;
let operator: SignedInStaff;

beforeAll(async () => {
  t = await createOrderTestApp();
  c = await t.customer();
  operator = await signedInStaff(t, 'operator');
});
afterAll(() => t.close());

async function shippedOrder(quantity: number): Promise<Order> {
  const order = await t.placeOrder(c, {}, quantity);
  expect((await t.pay(`order/${order.id}/pay`, { method: 'card', card: SUCCESS_CARD }, { token: c.token })).status).toBe(200);
  expect((await t.admin(`admin/order/${order.id}/event`, { event: 'start_production' })).status).toBe(200);
  expect((await t.admin(`admin/order/${order.id}/event`, { event: 'ship', tracking: [{ logisticsCompany: 'DHL Express', trackNumber: '42' }] })).status).toBe(200);
  return order;
}

const claim = async (order: Order, quantity: number) => {
  const res = await t.call<AfterSaleOrder>('order/after-sale', { token: c.token, body: { orderNumber: 'PO-38', wedoOrderNumber: order.number, items: [{ productId: order.products[0]!.id, quantity }] } });
  expect(res.status).toBe(201);
  return res.body;
};
const decide = (id: string, body: unknown) => t.call<OpsClaim & { message: string; errors?: Record<string, string[]> }>(`ops/claims/${id}/decide`, { token: operator.token, body });
const customersClaim = async (id: string) => (await t.call<AfterSaleList>('order/after-sale/list', { token: c.token })).body.list.find((x) => x.id === id);

describe(`staff decide after-sale claims (${db})`, () => {
  test('the queue lists a submitted claim with its line and what other claims hold', async () => {
    const order = await shippedOrder(6);
    const first = await claim(order, 2);
    const second = await claim(order, 3);
    const list = await t.call<OpsClaimList>('ops/claims?status=submitted', { token: operator.token });
    expect(list.status).toBe(200);
    const found = list.body.list.find((x) => x.claim.id === second.id);
    expect(found).toMatchObject({ orderId: order.id, customer: { email: c.email }, lines: [{ productId: order.products[0]!.id, ordered: 6, claimedElsewhere: 2 }], audit: [] });
    expect(list.body.list.findIndex((x) => x.claim.id === first.id)).toBeLessThan(list.body.list.findIndex((x) => x.claim.id === second.id));
    const submitted = await t.database.db.selectFrom('after_sale_order').select('id').where('status', '=', 'submitted').execute();
    expect(list.body.total).toBe(submitted.length);
  });

  test('approved: a paid order of the claimed products at no charge, the claim accepted and naming it, audited; decided once', async () => {
    const order = await shippedOrder(4);
    const asked = await claim(order, 3);
    const res = await decide(asked.id, { decision: 'approve' });
    expect(res.status).toBe(200);
    expect(res.body.claim.status).toBe('accepted');
    const refab = res.body.claim.decision?.refabrication;
    expect(refab?.number).toMatch(/^W\d{8}$/);
    const made = (await t.call<Order>(`order/${refab!.id}`, { token: c.token })).body;
    expect(made.status).toBe('paid');
    expect(made.amounts.totalCents).toBe(0);
    expect(made.products.map((p) => [p.name, p.quantity, p.unitPriceCents])).toEqual([[order.products[0]!.name, 3, 0]]);
    expect(res.body.audit.map((a) => [a.action, a.before?.status, a.after?.status, a.after?.refabricationOrder, a.staffEmail])).toEqual([['claim.approve', 'submitted', 'accepted', refab!.number, operator.email]]);
    // The customer's after-sale page says it.
    expect((await customersClaim(asked.id))?.decision).toMatchObject({ refusalReason: null, refabrication: { number: refab!.number } });
    // The customer is mailed the decision, with the refabrication's number and their after-sale page.
    const mail = (await t.outbox(c.email))[0];
    expect(mail?.subject).toBe(`After-sale ${asked.number} approved`);
    expect(mail?.text).toContain(`at no charge as order ${refab!.number}`);
    expect(mail?.links[0]).toContain('/user/order/after-sale');
    const again = await decide(asked.id, { decision: 'refuse', reason: 'late' });
    expect(again.status).toBe(409);
  });

  test('approving rechecks the quantities against the line and every other claim: over the line, refused and nothing made', async () => {
    const order = await shippedOrder(4);
    const asked = await claim(order, 3);
    // A claim stored before the check existed (issue 32): 3 + 3 of a line of 4.
    await t.database.db.updateTable('after_sale_item').set({ quantity: 3 }).where('after_sale_id', '=', (await claim(order, 1)).id).execute();
    const ordersBefore = (await t.database.db.selectFrom('customer_order').select('id').execute()).length;
    const res = await decide(asked.id, { decision: 'approve' });
    expect(res.status).toBe(422);
    expect(Object.values(res.body.errors ?? {}).flat().join(' ')).toMatch(/4/);
    expect((await t.database.db.selectFrom('customer_order').select('id').execute()).length).toBe(ordersBefore);
    expect((await customersClaim(asked.id))?.status).toBe('submitted');
    expect((await t.call<OpsClaim>(`ops/claims/${asked.id}`, { token: operator.token })).body.audit).toEqual([]);
  });

  test('refused: needs a reason; the customer reads it; audited with it', async () => {
    const order = await shippedOrder(2);
    const asked = await claim(order, 1);
    expect((await decide(asked.id, { decision: 'refuse', reason: '' })).status).toBe(422);
    const res = await decide(asked.id, { decision: 'refuse', reason: 'The photos show wear from use, not a defect.' });
    expect(res.status).toBe(200);
    expect(res.body.claim.status).toBe('rejected');
    expect((await customersClaim(asked.id))?.decision).toMatchObject({ refusalReason: 'The photos show wear from use, not a defect.', refabrication: null });
    expect(res.body.audit.map((a) => [a.action, a.reason])).toEqual([['claim.refuse', 'The photos show wear from use, not a defect.']]);
    const mail = (await t.outbox(c.email))[0];
    expect(mail?.subject).toBe(`After-sale ${asked.number} refused`);
    expect(mail?.text).toContain('Reason: The photos show wear from use, not a defect.');
    expect((await t.call(`ops/claims/00000000-0000-4000-8000-000000000000/decide`, { token: operator.token, body: { decision: 'approve' } })).status).toBe(404);
  });
});

describe(`a claim's refabrication order, taken to delivery (${db})`, () => {
  test('no refund is offered or taken (nothing was paid); once delivered, the claim is completed on the customer’s after-sale page', async () => {
    const order = await shippedOrder(3);
    const asked = await claim(order, 2);
    const refab = (await decide(asked.id, { decision: 'approve' })).body.claim.decision!.refabrication!;
    const move = (body: Record<string, unknown>) => t.call<OpsOrder & { message: string }>(`ops/orders/${refab.id}/event`, { token: operator.token, body });
    const page = (await t.call<OpsOrder>(`ops/orders/${refab.id}`, { token: operator.token })).body;
    expect(page.order.payments).toEqual([]);
    expect(page.events).toEqual(['start_production', 'cancel_refabrication']);
    const refund = await move({ event: 'refund', reason: 'Not needed' });
    expect(refund.status).toBe(409);
    expect(refund.body.message).toBe(STAFF_MESSAGES.nothingToRefund);
    // Nothing written: the page's audit holds only the claim's approval (the claim it refabricates).
    const after = (await t.call<OpsOrder>(`ops/orders/${refab.id}`, { token: operator.token })).body;
    expect([after.order.status, after.audit.map((a) => a.action)]).toEqual(['paid', ['claim.approve']]);

    expect((await move({ event: 'start_production' })).status).toBe(200);
    expect((await move({ event: 'ship', carrier: 'DHL', trackingNumber: '77' })).status).toBe(200);
    expect((await customersClaim(asked.id))?.status).toBe('accepted');
    expect((await move({ event: 'deliver' })).status).toBe(200);
    expect((await customersClaim(asked.id))?.status).toBe('completed');
    expect((await t.call<OpsClaim>(`ops/claims/${asked.id}`, { token: operator.token })).body.claim.status).toBe('completed');
    // A completed claim still holds its quantity: 2 + 2 of a line of 3 is refused.
    expect((await t.call('order/after-sale', { token: c.token, body: { orderNumber: 'PO-38', wedoOrderNumber: order.number, items: [{ productId: order.products[0]!.id, quantity: 2 }] } })).status).toBe(422);
  });
});

describe(`a claim's refabrication cancelled before it ships (${db}, ADR 232)`, () => {
  test('operator or admin, with a reason: the order cancelled, nothing refunded, the claim cancelled and its quantities freed, audited in one transaction, the customer mailed', async () => {
    const order = await shippedOrder(3);
    const asked = await claim(order, 2);
    const refab = (await decide(asked.id, { decision: 'approve' })).body.claim.decision!.refabrication!;
    const cancel = (token: string, body: Record<string, unknown>) => t.call<OpsOrder & { message: string; errors?: Record<string, string[]> }>(`ops/orders/${refab.id}/event`, { token, body });
    expect((await t.call<OpsOrder>(`ops/orders/${refab.id}`, { token: operator.token })).body.events).toEqual(['start_production', 'cancel_refabrication']);

    // A success manager serving the customer sees the order but may not cancel it; a customer's token opens no staff call.
    const manager = await signedInStaff(t, 'success_manager');
    expect((await t.admin('admin/account', { email: c.email, customerManager: { name: 'SM', email: manager.email } }, 'PATCH')).status).toBe(200);
    expect((await t.call<OpsOrder>(`ops/orders/${refab.id}`, { token: manager.token })).body.events).toEqual([]);
    const refused = await cancel(manager.token, { event: 'cancel_refabrication', reason: 'Not wanted' });
    expect([refused.status, refused.body.message]).toEqual([403, STAFF_MESSAGES.notAllowed]);
    expect((await t.call(`ops/orders/${refab.id}/event`, { token: c.token, body: { event: 'cancel_refabrication', reason: 'Not wanted' } })).status).toBe(401);
    // The reason is required: the customer reads it.
    const bare = await cancel(operator.token, { event: 'cancel_refabrication' });
    expect([bare.status, bare.body.errors?.reason]).toEqual([422, [STAFF_MESSAGES.reasonRequired]]);
    expect((await customersClaim(asked.id))?.status).toBe('accepted');

    expect((await cancel(operator.token, { event: 'start_production' })).status).toBe(200);
    const done = await cancel(operator.token, { event: 'cancel_refabrication', reason: 'The customer found the missing parts.' });
    expect(done.status).toBe(200);
    expect(done.body.order).toMatchObject({ status: 'cancelled', payments: [] });
    expect(done.body.events).toEqual([]);
    // Both audit lines on the order's page: the order's move and the claim's change, with who and the reason.
    // (The last two share their instant, so their order between them is not fixed.)
    const lines = done.body.audit.map((a) => [a.action, a.before?.status, a.after?.status, a.reason, a.staffEmail]);
    expect(lines.slice(0, 2)).toEqual([
      ['claim.approve', 'submitted', 'accepted', null, operator.email],
      ['order.start_production', 'paid', 'in_production', null, operator.email],
    ]);
    expect(lines.slice(2).sort()).toEqual([
      ['claim.cancel_refabrication', 'accepted', 'cancelled', 'The customer found the missing parts.', operator.email],
      ['order.cancel_refabrication', 'in_production', 'cancelled', 'The customer found the missing parts.', operator.email],
    ]);
    // Nothing was paid, so nothing went back: no payment row, no ledger entry.
    expect(await t.database.db.selectFrom('payment').select('id').where('subject_id', '=', refab.id).execute()).toEqual([]);
    // The customer's after-sale page tells the truth: cancelled, the reason, the cancelled order.
    expect(await customersClaim(asked.id)).toMatchObject({ status: 'cancelled', decision: { refusalReason: 'The customer found the missing parts.', refabrication: { number: refab.number } } });
    expect((await t.call<Order>(`order/${refab.id}`, { token: c.token })).body.status).toBe('cancelled');
    const mail = (await t.outbox(c.email))[0];
    expect(mail?.subject).toBe(`Refabrication ${refab.number} cancelled`);
    expect(mail?.text).toContain('Reason: The customer found the missing parts.');
    expect(mail?.text).toContain(asked.number);
    expect(mail?.links[0]).toContain('/user/order/after-sale');
    // The cancelled claim holds no quantity any more: the customer may ask for the 2 again (2 + 2 of 3 would be refused otherwise).
    expect((await t.call('order/after-sale', { token: c.token, body: { orderNumber: 'PO-38', wedoOrderNumber: order.number, items: [{ productId: order.products[0]!.id, quantity: 2 }] } })).status).toBe(201);
    // Cancelled once: a second cancellation is refused by the lifecycle.
    expect((await cancel(operator.token, { event: 'cancel_refabrication', reason: 'Again' })).status).toBe(409);
  });

  test('an admin may cancel one too; never an order that was paid for, nor one that has shipped', async () => {
    const admin = await signedInStaff(t, 'admin');
    const order = await shippedOrder(2);
    const asked = await claim(order, 1);
    const refab = (await decide(asked.id, { decision: 'approve' })).body.claim.decision!.refabrication!;
    const event = (id: string, token: string, body: Record<string, unknown>) => t.call<OpsOrder & { message: string }>(`ops/orders/${id}/event`, { token, body });

    // An ordinary paid order: the console offers no such move, and the server refuses it, unchanged.
    const paid = await t.placeOrder(c);
    expect((await t.pay(`order/${paid.id}/pay`, { method: 'card', card: SUCCESS_CARD }, { token: c.token })).status).toBe(200);
    expect((await t.call<OpsOrder>(`ops/orders/${paid.id}`, { token: admin.token })).body.events).toEqual(['start_production', 'refund']);
    const notRefab = await event(paid.id, admin.token, { event: 'cancel_refabrication', reason: 'Wrong' });
    expect([notRefab.status, notRefab.body.message]).toEqual([409, STAFF_MESSAGES.notARefabrication]);
    expect((await t.call<OpsOrder>(`ops/orders/${paid.id}`, { token: admin.token })).body).toMatchObject({ order: { status: 'paid' }, audit: [] });

    // Shipped: too late, the lifecycle refuses; the claim stays accepted.
    expect((await event(refab.id, admin.token, { event: 'start_production' })).status).toBe(200);
    expect((await event(refab.id, admin.token, { event: 'ship', carrier: 'DHL', trackingNumber: '9' })).status).toBe(200);
    expect((await event(refab.id, admin.token, { event: 'cancel_refabrication', reason: 'Late' })).status).toBe(409);
    expect((await customersClaim(asked.id))?.status).toBe('accepted');

    // Another one, not yet shipped: the admin cancels it straight from paid.
    const again = await claim(await shippedOrder(2), 1);
    const second = (await decide(again.id, { decision: 'approve' })).body.claim.decision!.refabrication!;
    const done = await event(second.id, admin.token, { event: 'cancel_refabrication', reason: 'Duplicate of another claim.' });
    expect([done.status, done.body.order.status]).toEqual([200, 'cancelled']);
    expect((await customersClaim(again.id))?.status).toBe('cancelled');
  });
});

const PDF = new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n');

async function sentForReview(): Promise<{ c: Customer; review: QuoteReview }> {
  const owner = await t.customer();
  const big = (await t.upload(owner.projectId, owner.token, await readFixture(`${FIXTURES}/cube-units--cube-in.step`), 'housing.step')).body;
  await t.ms(`project/${owner.projectId}/files/${big.id}/configuration`, { method: 'PUT', token: owner.token, body: { ...PRINT_CONFIG, quantity: 2 } });
  const body = new FormData();
  body.append('note', 'Can it be made in two halves?');
  body.append('attachment', new Blob([new Uint8Array(PDF)]), 'housing.pdf');
  const res = await t.fetch(`/msapi/${t.config.apiSegment}/project/${owner.projectId}/files/${big.id}/review`, { method: 'POST', body, headers: { authorization: `Bearer ${owner.token}` } });
  expect(res.status).toBe(201);
  return { c: owner, review: (await res.json()) as QuoteReview };
}

describe(`staff answer manual reviews (${db})`, () => {
  test('listed with the note, findings, attachments and model file, each downloadable with the staff token only', async () => {
    const { review } = await sentForReview();
    const list = await t.call<OpsReviewList>('ops/reviews?status=pending', { token: operator.token });
    const found = list.body.list.find((r) => r.id === review.id)!;
    expect(found).toMatchObject({ fileName: 'housing.step', note: 'Can it be made in two halves?', drawing: null, audit: [] });
    expect(found.findings.length).toBeGreaterThan(0);
    expect(found.model?.path).toBe(`ops/reviews/${review.id}/model`);
    const attachment = found.attachments[0]!;
    const download = await t.fetch(`/api/${t.config.apiSegment}/${attachment.path}`, { headers: { authorization: `Bearer ${operator.token}` } });
    expect(download.status).toBe(200);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(PDF);
    expect((await t.fetch(`/api/${t.config.apiSegment}/${found.model!.path}`, { headers: { authorization: `Bearer ${operator.token}` } })).status).toBe(200);
    expect((await t.fetch(`/api/${t.config.apiSegment}/${attachment.path}`, { headers: { authorization: `Bearer ${c.token}` } })).status).toBe(401);
    expect((await t.call(`ops/reviews/${review.id}/drawing`, { token: operator.token })).status).toBe(404);
  });

  test('answered with a price: the reviews’ own answer, the customer mailed, audited; answered once', async () => {
    const { c: owner, review } = await sentForReview();
    const res = await t.call<OpsReview>(`ops/reviews/${review.id}/answer`, { token: operator.token, body: { decision: 'price', unitPrice: '120.00', leadTimeDays: 9, message: 'In two halves.' } });
    expect(res.status).toBe(200);
    expect(res.body.answer).toMatchObject({ unitPriceCents: 12_000, totalCents: 24_000, leadTimeDays: 9, message: 'In two halves.' });
    expect(res.body.audit.map((a) => [a.action, a.before?.status, a.after?.status, a.after?.unitPriceCents, a.reason])).toEqual([['review.answer', 'pending', 'answered', 12_000, 'In two halves.']]);
    expect((await t.outbox(owner.email))[0]!.subject).toMatch(/housing\.step/);
    expect((await t.call(`ops/reviews/${review.id}/answer`, { token: operator.token, body: { decision: 'refuse', reason: 'No' } })).status).toBe(409);
  });

  test('refused with its reason, audited; nothing of it changes when the answer is refused', async () => {
    const { review } = await sentForReview();
    expect((await t.call(`ops/reviews/${review.id}/answer`, { token: operator.token, body: { decision: 'price', unitPrice: 'cheap', leadTimeDays: 5 } })).status).toBe(422);
    expect((await t.call<OpsReview>(`ops/reviews/${review.id}`, { token: operator.token })).body).toMatchObject({ status: 'pending', audit: [] });
    const res = await t.call<OpsReview>(`ops/reviews/${review.id}/answer`, { token: operator.token, body: { decision: 'refuse', reason: 'Beyond our machines.' } });
    expect(res.body).toMatchObject({ status: 'refused', refusal: { reason: 'Beyond our machines.' } });
    expect(res.body.audit.map((a) => [a.action, a.reason])).toEqual([['review.refuse', 'Beyond our machines.']]);
  });

  test('more waiting than the queue lists: the oldest 200, and a total that counts them all', async () => {
    const { review } = await sentForReview();
    const { db: kdb } = t.database;
    const row = await kdb.selectFrom('quote_review').selectAll().where('id', '=', review.id).executeTakeFirstOrThrow();
    const copies = Array.from({ length: MAX_QUEUE }, (_, i) => ({ ...row, id: `${row.id}-copy-${i}` }));
    await kdb.insertInto('quote_review').values(copies).execute();
    try {
      const pending = Number((await kdb.selectFrom('quote_review').select((eb) => eb.fn.countAll<number | string | bigint>().as('n')).where('status', '=', 'pending').executeTakeFirstOrThrow()).n);
      expect(pending).toBeGreaterThan(MAX_QUEUE);
      const list = await t.call<OpsReviewList>('ops/reviews?status=pending', { token: operator.token });
      expect(list.status).toBe(200);
      expect(list.body.list).toHaveLength(MAX_QUEUE);
      expect(list.body.total).toBe(pending);
    } finally {
      await kdb.deleteFrom('quote_review').where('id', 'in', copies.map((x) => x.id)).execute();
    }
  });
});
