import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AwaitingTransfers, OpsOrder } from '#domain/api/ops';
import type { ConfirmTransferResponse, Order } from '#domain/api/order';
import { formatUsd } from '#domain/pricing/money';
import { createOrderTestApp, db, type Customer, type OrderTestApp } from '../orders/order-test-app.ts';
import { signedInStaff, type SignedInStaff } from './staff-test-app.ts';

let t: OrderTestApp;
let c: Customer;
let operator: SignedInStaff;

beforeAll(async () => {
  t = await createOrderTestApp();
  c = await t.customer();
  operator = await signedInStaff(t, 'operator');
});
afterAll(() => t.close());

const byTransfer = async () => {
  const order = await t.placeOrder(c);
  expect((await t.pay(`order/${order.id}/pay`, { method: 'bank_transfer' }, { token: c.token })).status).toBe(200);
  return order;
};
const confirm = (number: string, amount: string, note?: string) =>
  t.call<ConfirmTransferResponse & { message: string }>('ops/transfers/confirm', { token: operator.token, body: { number, amount, ...(note ? { note } : {}) } });
const usd = (cents: number) => (cents / 100).toFixed(2);

describe(`staff confirm bank transfers with the amount received (${db})`, () => {
  test('the waiting orders are listed by reference and found by the customer’s email', async () => {
    const order = await byTransfer();
    const list = await t.call<AwaitingTransfers>('ops/transfers', { token: operator.token });
    expect(list.status).toBe(200);
    expect(list.body.list.find((x) => x.reference === order.number)).toMatchObject({ kind: 'order', id: order.id, dueCents: order.amounts.totalCents, customer: { email: c.email } });
    expect((await t.call<AwaitingTransfers>(`ops/transfers?q=${encodeURIComponent(c.email.toUpperCase())}`, { token: operator.token })).body.total).toBeGreaterThanOrEqual(1);
    expect((await t.call<AwaitingTransfers>('ops/transfers?q=W00000000', { token: operator.token })).body.total).toBe(0);
  });

  test('short: refused with the amounts said, and it keeps waiting; exact: paid, audited with the amount', async () => {
    const order = await byTransfer();
    const due = order.amounts.totalCents;
    const short = await confirm(order.number, usd(due - 100));
    expect(short.status).toBe(422);
    expect(short.body.message).toMatch(/is short of the .* due for W\d+; it keeps waiting\.$/);
    expect((await t.call<AwaitingTransfers>('ops/transfers', { token: operator.token })).body.list.some((x) => x.id === order.id)).toBe(true);

    const exact = await confirm(order.number.toLowerCase(), usd(due), 'HSBC ref 998877');
    expect(exact.body).toEqual({ kind: 'order', number: order.number, status: 'paid', creditedCents: 0 });
    const page = (await t.call<OpsOrder>(`ops/orders/${order.id}`, { token: operator.token })).body;
    expect(page.order.status).toBe('paid');
    expect(page.audit.map((a) => [a.action, a.before?.status, a.after?.status, a.after?.receivedCents, a.reason])).toEqual([['transfer.confirm', 'awaiting_transfer', 'paid', due, 'HSBC ref 998877']]);
    expect((await t.call<AwaitingTransfers>('ops/transfers', { token: operator.token })).body.list.some((x) => x.id === order.id)).toBe(false);
    // The customer is mailed that their transfer was received, with their order's page.
    const mail = (await t.outbox(c.email))[0];
    expect(mail?.subject).toBe(`Bank transfer received for order ${order.number}`);
    expect(mail?.text).toContain(`We received your bank transfer of ${formatUsd(due)} for order ${order.number}; it is paid.`);
    expect(mail?.text).not.toContain('prepaid balance');
    expect(mail?.links[0]).toContain(`/user/order/detail/${order.id}`);
  });

  test('over: paid, and what is above the due goes to the customer’s balance', async () => {
    const order = await byTransfer();
    const before = await t.balance(c.userId);
    const over = await confirm(order.number, usd(order.amounts.totalCents + 2_500));
    expect(over.body).toMatchObject({ status: 'paid', creditedCents: 2_500 });
    expect(await t.balance(c.userId)).toBe(before + 2_500);
    expect((await t.outbox(c.email))[0]?.text).toContain('We received more than was due: $25.00 went to your prepaid balance.');
    expect((await t.call<Order>(`order/${order.id}`, { token: c.token })).body.status).toBe('paid');
  });

  test('a success manager may not confirm (403) and nothing moves', async () => {
    const order = await byTransfer();
    const sm = await signedInStaff(t, 'success_manager');
    expect((await t.call('ops/transfers', { token: sm.token })).status).toBe(403);
    expect((await t.call('ops/transfers/confirm', { token: sm.token, body: { number: order.number, amount: usd(order.amounts.totalCents) } })).status).toBe(403);
    expect((await t.call<Order>(`order/${order.id}`, { token: c.token })).body.status).toBe('awaiting_transfer');
    expect((await t.outbox(c.email)).some((m) => m.subject === `Bank transfer received for order ${order.number}`)).toBe(false);
  });
});
