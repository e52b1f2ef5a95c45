import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { OpsOrder } from '#domain/api/ops';
import type { OpsAdditionalCosts, OpsCustomerDetail, OpsCustomerList } from '#domain/api/ops-customers';
import type { AdditionalCost, Order } from '#domain/api/order';
import type { Page } from '#domain/api/paging';
import type { UserInfo } from '#domain/api/account';
import { STAFF_CUSTOMER_MESSAGES } from '#domain/rules/staff-customer-rules';
import { createOrderTestApp, db, SUCCESS_CARD, type Customer, type OrderTestApp } from '../orders/order-test-app.ts';
import { signedInStaff, type SignedInStaff } from './staff-test-app.ts';

let t: OrderTestApp;
let c: Customer;
let operator: SignedInStaff;
let manager: SignedInStaff;

beforeAll(async () => {
  t = await createOrderTestApp();
  c = await t.customer();
  await t.database.db.updateTable('user_account').set({ company: 'Gearbox 100% Works', first_name: 'Grace', last_name: 'Hopper' }).where('id', '=', c.userId).execute();
  operator = await signedInStaff(t, 'operator');
  t.clock.advance(31);
  manager = await signedInStaff(t, 'success_manager');
});
afterAll(() => t.close());

const customerPage = async (token = operator.token, id = c.userId) => t.call<OpsCustomerDetail & { message: string }>(`ops/customers/${id}`, { token });
const patch = (body: Record<string, unknown>, token = operator.token) => t.call<OpsCustomerDetail & { message: string }>(`ops/customers/${c.userId}`, { method: 'PATCH', token, body });
const adjust = (amount: string, reason: string, token = operator.token) =>
  t.call<OpsCustomerDetail & { message: string; errors?: Record<string, string[]> }>(`ops/customers/${c.userId}/balance`, { token, body: { amount, reason } });

describe(`staff serve customers (${db})`, () => {
  test('customers are found by part of the email, the name, the company, literally and in any case', async () => {
    for (const q of [c.email.slice(0, 8).toUpperCase(), 'grace hop', 'HOPPER', 'gearbox 100%']) {
      const found = await t.call<OpsCustomerList>(`ops/customers?q=${encodeURIComponent(q)}`, { token: operator.token });
      expect(found.status, q).toBe(200);
      expect(found.body.list.map((x) => x.id), q).toEqual([c.userId]);
    }
    // `%` is matched as itself, not as a wildcard.
    expect((await t.call<OpsCustomerList>(`ops/customers?q=${encodeURIComponent('gearbox 1%0')}`, { token: operator.token })).body.total).toBe(0);
    const first = (await t.call<OpsCustomerList>(`ops/customers?q=${encodeURIComponent(c.email)}`, { token: operator.token })).body.list[0];
    expect(first).toMatchObject({ name: 'Grace Hopper', company: 'Gearbox 100% Works', flags: { isRecharge: true, isEntrustOrderAccount: false, member: false, isChannel: false }, successManager: null, balanceCents: 0 });
  });

  test('flags and the success manager are set together, the customer’s record says so, and the audit has before and after', async () => {
    const page = (await customerPage()).body;
    expect(page.mayManage).toBe(true);
    expect(page.successManagers.map((m) => m.email)).toEqual([manager.email]);
    const res = await patch({ isRecharge: false, isEntrustOrderAccount: true, successManagerId: manager.id, reason: 'Signed the business terms' });
    expect(res.status).toBe(200);
    expect(res.body.customer.flags).toEqual({ isRecharge: false, isEntrustOrderAccount: true, member: false, isChannel: false });
    expect(res.body.customer.successManager).toEqual({ name: 'success_manager person', email: manager.email });
    expect(res.body.audit.map((a) => [a.action, a.staffEmail, a.before, a.after, a.reason])).toEqual([
      ['customer.update', operator.email, { isRecharge: true, isEntrustOrderAccount: false, successManager: null }, { isRecharge: false, isEntrustOrderAccount: true, successManager: manager.email }, 'Signed the business terms'],
    ]);
    // The customer's own record (spec section 3) reads the same flags.
    const me = await t.call<{ userInfo: UserInfo }>('common/index', { token: c.token });
    expect(me.body.userInfo).toMatchObject({ isRecharge: false, isEntrustOrderAccount: true, member: false });
  });

  test('a manager who is not a success manager is refused; a patch that changes nothing is refused', async () => {
    const res = await patch({ successManagerId: operator.id });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(STAFF_CUSTOMER_MESSAGES.notSuccessManager);
    expect((await patch({ reason: 'nothing' })).status).toBe(422);
  });

  test('a success manager reads their customer but changes nothing, and never sees another', async () => {
    const other = await t.registerUser();
    const mine = await customerPage(manager.token);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ mayManage: false, mayAdjustBalance: false, successManagers: [] });
    expect((await customerPage(manager.token, other.userId)).status).toBe(404);
    const listed = await t.call<OpsCustomerList>('ops/customers', { token: manager.token });
    expect(listed.body.list.map((x) => x.id)).toEqual([c.userId]);
    expect((await patch({ member: true }, manager.token)).status).toBe(403);
    expect((await adjust('10', 'no', manager.token)).status).toBe(403);
    expect((await customerPage()).body.customer.flags.member).toBe(false);
  });

  test('a balance adjustment is a ledger entry with its reason, the customer reads it, and it never goes below zero', async () => {
    const credited = await adjust('25.50', 'Goodwill for the late delivery');
    expect(credited.status).toBe(200);
    expect(credited.body.customer.balanceCents).toBe(2_550);
    const debit = await adjust('-30', 'Correction');
    expect(debit.status).toBe(422);
    expect(debit.body.errors?.amount?.[0]).toContain(STAFF_CUSTOMER_MESSAGES.belowZero);
    expect(await t.balance(c.userId)).toBe(2_550);
    expect((await adjust('-5.50', 'Correction of the goodwill')).body.customer.balanceCents).toBe(2_000);
    expect((await adjust('0', 'zero')).status).toBe(422);
    expect((await adjust('ten', 'words')).status).toBe(422);
    expect((await adjust('10', '  ')).status).toBe(422);
    const tx = await t.call<Page<{ amountCents: number; description: string }>>('account/balance/transactionList?page=1&pageSize=10', { token: c.token });
    expect(tx.body.list.map((x) => [x.amountCents, x.description])).toEqual([
      [-550, 'Correction of the goodwill'],
      [2_550, 'Goodwill for the late delivery'],
    ]);
    const ledger = await t.admin<{ unreconciled: unknown[] }>('admin/ledger/reconcile');
    expect(ledger.body.unreconciled).toEqual([]);
    const audit = (await customerPage()).body.audit.filter((a) => a.action === 'customer.balance_adjust');
    expect(audit.map((a) => [a.before?.balanceCents, a.after?.balanceCents, a.reason])).toEqual([
      [0, 2_550, 'Goodwill for the late delivery'],
      [2_550, 2_000, 'Correction of the goodwill'],
    ]);
  });

  test('an additional cost made from the order page is the customer’s to pay, mailed, and audited on the order and the customer', async () => {
    const order = await t.placeOrder(c);
    expect((await t.pay(`order/${order.id}/pay`, { method: 'card', card: SUCCESS_CARD }, { token: c.token })).status).toBe(200);
    const refused = await t.call<{ errors: Record<string, string[]> }>(`ops/orders/${order.id}/additional-cost`, { token: operator.token, body: { amount: '0.50', reason: 'x' } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.amount?.[0]).toBe(STAFF_CUSTOMER_MESSAGES.chargeAmount);
    expect((await t.call(`ops/orders/${order.id}/additional-cost`, { token: manager.token, body: { amount: '45', reason: 'Extra finishing' } })).status).toBe(403);

    const made = await t.call<OpsAdditionalCosts>(`ops/orders/${order.id}/additional-cost`, { token: operator.token, body: { amount: '45.50', reason: 'Extra finishing asked by phone' } });
    expect(made.status).toBe(201);
    const cost = made.body.list[0] as AdditionalCost;
    expect(cost).toMatchObject({ orderNumber: order.number, amountCents: 4_550, description: 'Extra finishing asked by phone', status: 'pending_payment' });
    // The customer sees it under their additional-cost orders, and was mailed its payment link.
    const theirs = await t.call<Page<AdditionalCost>>('order/additional-cost/list?page=1&pageSize=10', { token: c.token });
    expect(theirs.body.list.map((x) => x.number)).toContain(cost.number);
    const mail = (await t.outbox(c.email))[0];
    expect(mail?.subject).toBe(`Additional cost ${cost.number} for order ${order.number}`);
    expect(mail?.text).toContain('Reason: Extra finishing asked by phone');
    expect(mail?.links[0]).toMatch(/additional-cost\/payment\?token=/);
    // The staff's order page and the customer's page both show the line.
    const page = (await t.call<OpsOrder>(`ops/orders/${order.id}`, { token: operator.token })).body;
    expect(page.audit.map((a) => [a.action, a.after?.additionalCost, a.reason])).toEqual([['order.additional_cost', cost.number, 'Extra finishing asked by phone']]);
    expect((await customerPage()).body.audit.some((a) => a.action === 'order.additional_cost' && a.after?.additionalCost === cost.number)).toBe(true);
    expect((await t.call<OpsAdditionalCosts>(`ops/orders/${order.id}/additional-costs`, { token: manager.token })).body.list.map((x) => x.number)).toEqual([cost.number]);
    expect((await t.call<Order>(`order/${order.id}`, { token: c.token })).body.status).toBe('paid');
  });

  test('when the mail cannot be written, no additional cost is made and no audit line is left', async () => {
    const order = await t.placeOrder(c);
    const spy = vi.spyOn(t.ctx.mailer, 'enqueue').mockRejectedValueOnce(new Error('outbox unavailable'));
    try {
      expect((await t.call(`ops/orders/${order.id}/additional-cost`, { token: operator.token, body: { amount: '10', reason: 'Freight' } })).status).toBe(500);
    } finally {
      spy.mockRestore();
    }
    expect((await t.call<OpsAdditionalCosts>(`ops/orders/${order.id}/additional-costs`, { token: operator.token })).body.list).toEqual([]);
    expect((await t.call<OpsOrder>(`ops/orders/${order.id}`, { token: operator.token })).body.audit).toEqual([]);
  });

  test('the admin token’s calls still set the record and adjust the balance, for automation', async () => {
    expect((await t.admin('admin/account', { email: c.email, member: true }, 'PATCH')).status).toBe(200);
    expect((await t.admin<{ balanceCents: number }>('admin/balance/adjust', { email: c.email, amount: '1', note: 'automation' })).body.balanceCents).toBe(2_100);
    expect((await customerPage()).body.customer.flags.member).toBe(true);
  });
});
