import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { OpsOrder, OpsOrderList } from '#domain/api/ops';
import type { OpsAdditionalCosts, OpsCustomerDetail, OpsCustomerList } from '#domain/api/ops-customers';
import type { AfterSaleOrder, Order } from '#domain/api/order';
import type { QuoteReview } from '#domain/api/quote';
import { CUBE_STL, readFixture } from '../quote/quote-test-app.ts';
import { PART_DOCUMENT_MESSAGES } from '#server/quote/part-documents';
import { ROLE_PERMISSIONS, STAFF_MESSAGES, STAFF_ROLES, type StaffPermission, type StaffRole } from '#domain/rules/staff-rules';
import { createOrderTestApp, db, SUCCESS_CARD, type Customer, type OrderTestApp } from '../orders/order-test-app.ts';
import { signedInStaff, type SignedInStaff } from './staff-test-app.ts';

/**
 * Who opens which staff call, as the cross-account test does for customers (issue 38 item 1):
 * driven by the OpenAPI document, so a staff call added without a line here fails. No token and a
 * customer's token open none; each role opens exactly what its permissions say.
 */
const NEEDS: Record<string, StaffPermission | 'signed-in' | 'open'> = {
  'POST /ops/auth/sign-in': 'open',
  'POST /ops/auth/second-factor': 'open',
  'GET /ops/me': 'signed-in',
  'POST /ops/auth/sign-out': 'signed-in',
  'GET /ops/staff': 'staff.read',
  'POST /ops/staff/invitations': 'staff.manage',
  'POST /ops/staff/{id}/disable': 'staff.manage',
  'POST /ops/staff/{id}/enable': 'staff.manage',
  'POST /ops/me/recovery-codes': 'signed-in',
  'POST /ops/invitation': 'open',
  'POST /ops/invitation/accept': 'open',
  'GET /ops/orders': 'orders.read',
  'GET /ops/orders/{id}': 'orders.read',
  'POST /ops/orders/{id}/event': 'orders.move',
  'GET /ops/transfers': 'payments.confirm',
  'POST /ops/transfers/confirm': 'payments.confirm',
  'GET /ops/customers': 'customers.read',
  'GET /ops/customers/{id}': 'customers.read',
  'PATCH /ops/customers/{id}': 'customers.manage',
  'POST /ops/customers/{id}/balance': 'balance.adjust',
  'GET /ops/orders/{id}/additional-costs': 'orders.read',
  'GET /ops/orders/{id}/products/{productId}/model': 'orders.read',
  'GET /ops/orders/{id}/products/{productId}/drawing': 'orders.read',
  'GET /ops/orders/{id}/products/{productId}/preview': 'orders.read',
  'GET /ops/orders/{id}/products/{productId}/mesh': 'orders.read',
  'POST /ops/orders/{id}/additional-cost': 'payments.charge',
  'GET /ops/claims': 'claims.decide',
  'GET /ops/claims/{id}': 'claims.decide',
  'POST /ops/claims/{id}/decide': 'claims.decide',
  'GET /ops/reviews': 'reviews.answer',
  'GET /ops/reviews/{id}': 'reviews.answer',
  'POST /ops/reviews/{id}/answer': 'reviews.answer',
  'GET /ops/reviews/{id}/attachments/{attachmentId}': 'reviews.answer',
  'GET /ops/reviews/{id}/drawing': 'reviews.answer',
  'GET /ops/reviews/{id}/model': 'reviews.answer',
};

let t: OrderTestApp;
let customer: Customer;
let assigned: Customer;
let order: Order;
let assignedOrder: Order;
const staff = {} as Record<StaffRole, SignedInStaff>;
let operations: [string, string][];
let claim: AfterSaleOrder;
let review: QuoteReview;
/** The account the admin disables and enables again (never one of the matrix's callers). */
let spare: SignedInStaff;

beforeAll(async () => {
  t = await createOrderTestApp();
  customer = await t.customer();
  assigned = await t.customer();
  order = await t.placeOrder(customer);
  assignedOrder = await t.placeOrder(assigned);
  for (const o of [order, assignedOrder]) {
    const paid = await t.pay(`order/${o.id}/pay`, { method: 'card', card: SUCCESS_CARD }, { token: (o === order ? customer : assigned).token });
    expect(paid.status).toBe(200);
  }
  for (const role of STAFF_ROLES) {
    staff[role] = await signedInStaff(t, role);
    t.clock.advance(31);
  }
  spare = await signedInStaff(t, 'operator');
  // A claim on a shipped order, and a part sent for review with an attachment and a drawing.
  const shipped = await t.placeOrder(customer);
  expect((await t.pay(`order/${shipped.id}/pay`, { method: 'card', card: SUCCESS_CARD }, { token: customer.token })).status).toBe(200);
  expect((await t.admin(`admin/order/${shipped.id}/event`, { event: 'start_production' })).status).toBe(200);
  expect((await t.admin(`admin/order/${shipped.id}/event`, { event: 'ship', tracking: [{ logisticsCompany: 'DHL', trackNumber: '1' }] })).status).toBe(200);
  claim = (await t.call<AfterSaleOrder>('order/after-sale', { token: customer.token, body: { orderNumber: 'PO-M', wedoOrderNumber: shipped.number, items: [{ productId: shipped.products[0]!.id, quantity: 1 }] } })).body;
  const part = (await t.upload(customer.projectId, customer.token, await readFixture(CUBE_STL), 'matrix.stl')).body;
  const pdf = new Blob([new TextEncoder().encode('%PDF-1.7\n%%EOF\n')]);
  const drawing = new FormData();
  drawing.append('drawing', pdf, 'matrix.pdf');
  const base = `/msapi/${t.config.apiSegment}/project/${customer.projectId}/files/${part.id}`;
  expect((await t.fetch(`${base}/drawing`, { method: 'PUT', body: drawing, headers: { authorization: `Bearer ${customer.token}` } })).status).toBe(200);
  const sent = new FormData();
  sent.append('note', 'matrix');
  sent.append('attachment', pdf, 'matrix.pdf');
  const res = await t.fetch(`${base}/review`, { method: 'POST', body: sent, headers: { authorization: `Bearer ${customer.token}` } });
  expect(res.status).toBe(201);
  review = (await res.json()) as QuoteReview;
  // The success manager serves `assigned` (the account record names them).
  expect((await t.admin('admin/account', { email: assigned.email, customerManager: { name: 'SM', email: staff.success_manager.email } }, 'PATCH')).status).toBe(200);
  const doc = (await t.call<{ paths: Record<string, Record<string, unknown>> }>('openapi.json')).body;
  operations = Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/ops/'))
    .flatMap(([path, methods]) => Object.keys(methods).map((method): [string, string] => [method.toUpperCase(), path]));
});
afterAll(() => t.close());

/** A request each call accepts when allowed (so an allowed call answers neither 401 nor 403). */
function request(method: string, path: string, orderId: string, orderNumber = order.number, userId = customer.userId): { path: string; body?: unknown } {
  const productId = [order, assignedOrder].find((o) => o.id === orderId)?.products[0]?.id ?? '';
  const concrete = path.replace('{id}', path.startsWith('/ops/customers/') ? userId : orderId).replace('{productId}', productId).replace(/^\//, '');
  if (path === '/ops/customers/{id}' && method === 'PATCH') return { path: concrete, body: { member: true, reason: 'matrix' } };
  if (path === '/ops/customers/{id}/balance') return { path: concrete, body: { amount: '1', reason: 'matrix' } };
  if (path === '/ops/orders/{id}/additional-cost') return { path: concrete, body: { amount: '5', reason: 'matrix' } };
  if (path.startsWith('/ops/claims/')) {
    const p = path.replace('{id}', claim.id).replace(/^\//, '');
    // The first allowed role refuses the claim; the next finds it decided (409), never a 403.
    return path.endsWith('/decide') ? { path: p, body: { decision: 'refuse', reason: 'matrix' } } : { path: p };
  }
  if (path.startsWith('/ops/reviews/')) {
    const p = path.replace('{id}', review.id).replace('{attachmentId}', review.attachments[0]!.id).replace(/^\//, '');
    return path.endsWith('/answer') ? { path: p, body: { decision: 'refuse', reason: 'matrix' } } : { path: p };
  }
  if (path === '/ops/staff/invitations') return { path: concrete, body: { name: 'Matrix Invitee', email: `matrix-${method}@shop.example`, role: 'operator' } };
  if (path.startsWith('/ops/staff/{id}/')) return { path: path.replace('{id}', spare.id).replace(/^\//, ''), body: {} };
  // A wrong code: the caller reaches the check (422), never a 401 or 403 (the right code: staff-admin.test.ts).
  if (path === '/ops/me/recovery-codes') return { path: concrete, body: { code: '000000' } };
  if (path === '/ops/orders/{id}/event') return { path: concrete, body: { event: 'start_production', reason: 'matrix' } };
  // The order is paid: an allowed role reaches the payments' refusal (409), never a 403.
  if (path === '/ops/transfers/confirm') return { path: concrete, body: { number: orderNumber, amount: '1.00' } };
  return method === 'GET' ? { path: concrete } : { path: concrete, body: {} };
}

/** Calls that answer a file's bytes (JSON only when refused). */
const DOWNLOAD = /\/(attachments\/\{attachmentId\}|drawing|model|preview|mesh)$/;
async function download(path: string, token: string): Promise<{ status: number; body: { message: string } }> {
  const res = await t.fetch(`/api/${t.config.apiSegment}/${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: res.ok ? { message: '' } : ((await res.json()) as { message: string }) };
}

describe(`staff calls: who opens what (${db})`, () => {
  test('every staff call of the document has its line in the matrix', () => {
    expect(operations.map(([m, p]) => `${m} ${p}`).sort()).toEqual(Object.keys(NEEDS).sort());
  });

  test('no token and a customer’s token open no staff call (401)', async () => {
    for (const [method, path] of operations) {
      if (NEEDS[`${method} ${path}`] === 'open') continue;
      const { path: p, body } = request(method, path, order.id);
      for (const token of [undefined, customer.token, 'not.a.token']) {
        const res = await t.call<{ message: string }>(p, { method, ...(token ? { token } : {}), ...(body !== undefined ? { body } : {}) });
        expect(res.status, `${method} ${path} ${token ? 'customer' : 'none'}`).toBe(401);
        expect(res.body.message).toBe(STAFF_MESSAGES.staffOnly);
      }
    }
  });

  test('each role opens exactly its permissions’ calls; the others answer 403 and change nothing', async () => {
    for (const role of STAFF_ROLES) {
      for (const [method, path] of operations) {
        const need = NEEDS[`${method} ${path}`];
        if (need === 'open' || path === '/ops/auth/sign-out') continue;
        // A success manager reads the order of the customer they serve.
        const { path: p, body } = role === 'success_manager' ? request(method, path, assignedOrder.id, assignedOrder.number, assigned.userId) : request(method, path, order.id);
        const res = DOWNLOAD.test(path) ? await download(p, staff[role].token) : await t.call<{ message: string }>(p, { method, token: staff[role].token, ...(body !== undefined ? { body } : {}) });
        const allowed = need === 'signed-in' || ROLE_PERMISSIONS[role].includes(need as StaffPermission);
        // The ordered product has no drawing: an allowed role reaches that 404, never a 403.
        if (allowed && path.endsWith('/products/{productId}/drawing')) expect([res.status, res.body.message]).toEqual([404, PART_DOCUMENT_MESSAGES.noDrawing]);
        else if (allowed) expect(path === '/ops/me/recovery-codes' ? [422] : [200, 201, 409], `${role}: ${method} ${path} → ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
        else {
          expect(res.status, `${role}: ${method} ${path}`).toBe(403);
          expect(res.body.message).toBe(STAFF_MESSAGES.notAllowed);
        }
      }
    }
    // The success manager's refused move left the order as it was, and their customer's record, balance and additional costs too.
    expect((await t.call<Order>(`order/${assignedOrder.id}`, { token: assigned.token })).body.status).toBe('paid');
    expect((await t.call<OpsCustomerDetail>(`ops/customers/${assigned.userId}`, { token: staff.admin.token })).body.customer).toMatchObject({ flags: { member: false }, balanceCents: 0 });
    expect((await t.call<OpsAdditionalCosts>(`ops/orders/${assignedOrder.id}/additional-costs`, { token: staff.admin.token })).body.list).toEqual([]);
  });

  test('a success manager sees only the customers they serve: other orders are not listed and answer 404', async () => {
    const sm = staff.success_manager.token;
    const list = await t.call<OpsOrderList>('ops/orders', { token: sm });
    expect(list.body.list.map((o) => o.order.id)).toEqual([assignedOrder.id]);
    expect((await t.call(`ops/orders/${order.id}`, { token: sm })).status).toBe(404);
    const page = await t.call<OpsOrder>(`ops/orders/${assignedOrder.id}`, { token: sm });
    expect(page.body.events).toEqual([]);
    expect(page.body.customer.successManager).toEqual({ name: 'SM', email: staff.success_manager.email });
    const operatorList = await t.call<OpsOrderList>('ops/orders', { token: staff.operator.token });
    expect(operatorList.body.total).toBe(3); // the two above and the claim's shipped order
  });

  test('a success manager is refused the customer they do not serve, and that customer’s orders’ additional costs (404)', async () => {
    const sm = staff.success_manager.token;
    expect((await t.call<OpsCustomerList>('ops/customers', { token: sm })).body.list.map((x) => x.id)).toEqual([assigned.userId]);
    for (const [method, path] of operations.filter(([, p]) => p.includes('{id}') && (p.startsWith('/ops/customers/') || p.includes('additional-cost')))) {
      const { path: p, body } = request(method, path, order.id);
      const res = await t.call(p, { method, token: sm, ...(body !== undefined ? { body } : {}) });
      expect([403, 404], `${method} ${path}`).toContain(res.status);
      if (method === 'GET') expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await t.call<OpsCustomerDetail>(`ops/customers/${customer.userId}`, { token: staff.operator.token })).status).toBe(200);
  });

  test('signing out is each role’s own', async () => {
    for (const role of STAFF_ROLES) {
      expect((await t.call('ops/auth/sign-out', { method: 'POST', token: staff[role].token })).status).toBe(200);
      expect((await t.call('ops/me', { token: staff[role].token })).status).toBe(401);
    }
  });
});
