import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AdditionalCost, AdditionalCostCreated, AdditionalCostPublic, AgencyLink, AgencySummary, Order } from '#domain/api/order';
import type { PayResponse, ReloadResponse } from '#domain/api/payment';
import type { BalanceTransaction, RechargeRecord } from '#domain/api/balance';
import type { Page } from '#domain/api/paging';
import { ledgerBalance } from '#server/payments/ledger';
import { createOrderTestApp, db, DECLINE_CARD, SUCCESS_CARD, type Customer, type OrderTestApp } from '../orders/order-test-app.ts';

let t: OrderTestApp;
let c: Customer;

beforeAll(async () => {
  t = await createOrderTestApp();
  c = await t.customer();
});
afterAll(() => t.close());

describe(`agency payment: someone without an account pays exactly that order (${db})`, () => {
  test('link → public summary (no addresses) → card payment with no login; same key never charges twice', async () => {
    const order = await t.placeOrder(c, { poNumber: 'PO-AG' });
    const created = await t.call<AgencyLink>(`order/${order.id}/agency-link`, { method: 'POST', token: c.token });
    expect(created.status).toBe(201);
    expect(created.body.url).toBe(`${t.config.publicUrl}/manufacture/checkout/agency-payment?token=${created.body.token}`);
    const summary = await t.call<AgencySummary>(`agency/${created.body.token}`);
    expect(summary.body).toMatchObject({ orderNumber: order.number, status: 'pending_payment', amountCents: order.amounts.totalCents, payable: true, methods: ['card', 'bank_transfer'], customerName: 'Ada Buyer', company: 'Buyer Ltd' });
    expect(JSON.stringify(summary.body)).not.toMatch(/London|Test Street|2079460000|@/);
    // No balance for an agency payer.
    expect((await t.pay(`agency/${created.body.token}/pay`, { method: 'balance' })).status).toBe(422);
    const declined = await t.pay(`agency/${created.body.token}/pay`, { method: 'card', card: DECLINE_CARD });
    expect(declined.status).toBe(402);
    const charges = t.sandbox.charges.size;
    const [first, second] = await Promise.all([
      t.pay<PayResponse>(`agency/${created.body.token}/pay`, { method: 'card', card: SUCCESS_CARD }, { key: 'agency-key-1' }),
      t.pay<PayResponse>(`agency/${created.body.token}/pay`, { method: 'card', card: SUCCESS_CARD }, { key: 'agency-key-1' }),
    ]);
    expect(first).toEqual(second);
    expect(first.body).toMatchObject({ subject: { status: 'paid' }, payment: { via: 'agency', status: 'succeeded' } });
    expect(t.sandbox.charges.size).toBe(charges + 1);
    const detail = (await t.call<Order>(`order/${order.id}`, { token: c.token })).body;
    expect(detail.status).toBe('paid');
    expect(detail.statusHistory.at(-1)).toMatchObject({ event: 'pay', actor: 'agency' });
    expect((await t.call<AgencySummary>(`agency/${created.body.token}`)).body.payable).toBe(false);
    expect((await t.pay(`agency/${created.body.token}/pay`, { method: 'card', card: SUCCESS_CARD })).body).toEqual({ message: 'This order is already paid.' });
    expect((await t.call(`order/${order.id}/agency-link`, { method: 'POST', token: c.token })).status).toBe(409);
  });

  test('an agency payer may choose bank transfer; an expired link answers 410', async () => {
    const order = await t.placeOrder(c);
    const link = (await t.call<AgencyLink>(`order/${order.id}/agency-link`, { method: 'POST', token: c.token })).body;
    const res = await t.pay<PayResponse>(`agency/${link.token}/pay`, { method: 'bank_transfer', currency: 'HKD' });
    expect(res.body).toMatchObject({ subject: { status: 'awaiting_transfer' }, bankTransfer: { reference: order.number } });
    t.clock.advance(8 * 24 * 3600);
    expect(await t.call(`agency/${link.token}`)).toEqual({ status: 410, body: { message: 'This payment link has expired; please ask for a new one.' } });
    t.clock.advance(-8 * 24 * 3600);
  });
});

describe(`balance reload (${db})`, () => {
  test('whole USD from 100, by card, into the reload list and the ledger; a decline adds nothing', async () => {
    const u = await t.customer();
    for (const [amount, message] of [
      [99, 'The minimum reload is USD 100.'],
      [150.5, 'Please enter a whole number of US dollars.'],
      ['abc', 'Please enter a whole number of US dollars.'],
    ] as const) {
      const res = await t.pay<{ message: string }>('account/balance/reload', { amount, card: SUCCESS_CARD }, { token: u.token });
      expect(res, String(amount)).toMatchObject({ status: 422, body: { message } });
    }
    expect((await t.pay('account/balance/reload', { amount: 100, card: SUCCESS_CARD, currency: 'EUR' }, { token: u.token })).body).toMatchObject({ message: 'Credit card payment is USD only.' });
    const ok = await t.pay<ReloadResponse>('account/balance/reload', { amount: 250, card: SUCCESS_CARD }, { token: u.token, key: 'reload-key-1' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ balanceCents: 25_000, payment: { method: 'card', status: 'succeeded', amountCents: 25_000 }, message: 'Added $250.00 to your balance.' });
    expect((await t.pay<ReloadResponse>('account/balance/reload', { amount: 250, card: SUCCESS_CARD }, { token: u.token, key: 'reload-key-1' })).body).toEqual(ok.body);
    const declined = await t.pay('account/balance/reload', { amount: 300, card: DECLINE_CARD }, { token: u.token });
    expect(declined.status).toBe(402);
    expect(await t.balance(u.userId)).toBe(25_000);
    expect(await ledgerBalance(t.database.db, u.userId)).toBe(25_000);
    const reloads = (await t.call<Page<RechargeRecord>>('account/balance/rechargeList', { token: u.token })).body.list;
    expect(reloads.map((r) => [r.amountCents, r.status, r.method])).toEqual(expect.arrayContaining([[25_000, 'succeeded', 'credit-card'], [30_000, 'failed', 'credit-card']]));
    const ledger = (await t.call<Page<BalanceTransaction>>('account/balance/transactionList', { token: u.token })).body.list;
    expect(ledger).toEqual([expect.objectContaining({ kind: 'recharge', amountCents: 25_000, balanceAfterCents: 25_000 })]);
    expect((await t.call<{ userInfo: { balanceCents: number } }>('common/index', { token: u.token })).body.userInfo.balanceCents).toBe(25_000);
  });

  test('only when the account allows recharge: 403 otherwise', async () => {
    const u = await t.customer();
    await t.database.db.updateTable('user_account').set({ is_recharge: 0 }).where('id', '=', u.userId).execute();
    expect(await t.pay('account/balance/reload', { amount: 100, card: SUCCESS_CARD }, { token: u.token })).toEqual({ status: 403, body: { message: 'Balance reload is not enabled for this account.' } });
  });
});

describe(`additional-cost orders (${db})`, () => {
  test('created by the operator, listed for the customer, paid by balance or through the public link', async () => {
    const order = await t.placeOrder(c);
    const bad = await t.admin<{ errors: Record<string, string[]> }>('admin/additional-cost', { customerEmail: 'x', amountCents: 5, description: '' });
    expect(Object.keys(bad.body.errors).sort()).toEqual(['amountCents', 'customerEmail', 'description']);
    const first = await t.admin<AdditionalCostCreated>('admin/additional-cost', { customerEmail: c.email, amountCents: 4_200, description: 'Extra sanding', orderNumber: order.number });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ orderNumber: order.number, amountCents: 4_200, status: 'pending_payment', description: 'Extra sanding' });
    expect(first.body.number).toMatch(/^AC\d{8}$/);
    expect(first.body.url).toContain(`/manufacture/additional-cost/payment?token=${first.body.token}`);
    const second = (await t.admin<AdditionalCostCreated>('admin/additional-cost', { customerEmail: c.email, amountCents: 1_500, description: 'Express freight booking' })).body;

    const list = await t.call<Page<AdditionalCost>>('order/additional-cost/list', { token: c.token });
    expect(list.body.total).toBe(2);
    expect(list.body.list.map((x) => x.number).sort()).toEqual([first.body.number, second.number].sort());

    await t.credit(c.userId, 4_200);
    const paid = await t.pay<PayResponse>(`additional-cost/${first.body.id}/pay`, { method: 'balance' }, { token: c.token });
    expect(paid.body).toMatchObject({ subject: { kind: 'additional_cost', number: first.body.number, status: 'paid' }, payment: { method: 'balance', amountCents: 4_200 } });
    expect((await t.pay(`additional-cost/${first.body.id}/pay`, { method: 'balance' }, { token: c.token })).body).toEqual({ message: 'This additional cost is already paid.' });

    const page = await t.call<AdditionalCostPublic>(`additional-cost/payment/${second.token}`);
    expect(page.body).toMatchObject({ number: second.number, amountCents: 1_500, status: 'pending_payment', methods: ['card', 'bank_transfer'] });
    const byLink = await t.pay<PayResponse>(`additional-cost/payment/${second.token}/pay`, { method: 'card', card: SUCCESS_CARD });
    expect(byLink.body).toMatchObject({ subject: { status: 'paid' }, payment: { via: 'link' } });
    expect((await t.call<Page<AdditionalCost>>('order/additional-cost/list?status=paid', { token: c.token })).body.total).toBe(2);
  });

  test('an additional cost paid by bank transfer is confirmed by its AC number', async () => {
    const cost = (await t.admin<AdditionalCostCreated>('admin/additional-cost', { customerEmail: c.email, amountCents: 900, description: 'Re-packing' })).body;
    const res = await t.pay<PayResponse>(`additional-cost/${cost.id}/pay`, { method: 'bank_transfer' }, { token: c.token });
    expect(res.body.bankTransfer?.reference).toBe(cost.number);
    expect((await t.admin('admin/bank-transfer/confirm', { number: cost.number, amount: '9.00' })).body).toEqual({ kind: 'additional_cost', number: cost.number, status: 'paid', creditedCents: 0 });
  });
});
