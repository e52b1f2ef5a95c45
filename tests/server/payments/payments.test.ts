import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Order } from '#domain/api/order';
import type { CardDeclinedBody, InsufficientBalanceBody, PayResponse } from '#domain/api/payment';
import { ledgerBalance } from '#server/payments/ledger';
import { createOrderTestApp, db, DECLINE_CARD, NO_FUNDS_CARD, SUCCESS_CARD, type Customer, type OrderTestApp } from '../orders/order-test-app.ts';

let t: OrderTestApp;
let c: Customer;

beforeAll(async () => {
  t = await createOrderTestApp();
  c = await t.customer();
});
afterAll(() => t.close());

const ledgerRows = (userId: string) => t.database.db.selectFrom('balance_transaction').selectAll().where('user_id', '=', userId).execute();

describe(`paying an order (${db})`, () => {
  test('by balance: one ledger debit, the order paid, the answer stored under the key', async () => {
    const order = await t.placeOrder(c);
    await t.credit(c.userId, order.amounts.totalCents + 1_000);
    const res = await t.pay<PayResponse>(`order/${order.id}/pay`, { method: 'balance' }, { token: c.token, key: 'balance-key-1' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ subject: { kind: 'order', id: order.id, status: 'paid' }, payment: { method: 'balance', status: 'succeeded', amountCents: order.amounts.totalCents }, balanceCents: 1_000 });
    const again = await t.pay<PayResponse>(`order/${order.id}/pay`, { method: 'balance' }, { token: c.token, key: 'balance-key-1' });
    expect(again).toEqual(res);
    expect(await t.balance(c.userId)).toBe(1_000);
    expect(await ledgerBalance(t.database.db, c.userId)).toBe(1_000);
    const detail = (await t.call<Order>(`order/${order.id}`, { token: c.token })).body;
    expect(detail).toMatchObject({ status: 'paid', paymentMethod: 'balance', actions: { pay: false, cancel: false } });
    expect(detail.statusHistory.map((e) => e.to)).toEqual(['pending_payment', 'paid']);
    // A new key cannot pay it again.
    const twice = await t.pay(`order/${order.id}/pay`, { method: 'balance' }, { token: c.token });
    expect(twice).toEqual({ status: 409, body: { message: 'This order is already paid.' } });
    // Same key, another body: refused.
    expect((await t.pay(`order/${order.id}/pay`, { method: 'card', card: SUCCESS_CARD }, { token: c.token, key: 'balance-key-1' })).status).toBe(422);
  });

  test('no Idempotency-Key: 400 and nothing happens', async () => {
    const order = await t.placeOrder(c);
    const res = await t.call(`order/${order.id}/pay`, { token: c.token, body: { method: 'balance' } });
    expect(res.status).toBe(400);
    expect((res.body as { message: string }).message).toMatch(/Idempotency-Key header is required/);
  });

  test('insufficient balance: 422 with the shortfall; the balance untouched', async () => {
    const u = await t.customer();
    const order = await t.placeOrder(u);
    await t.credit(u.userId, 500);
    const res = await t.pay<InsufficientBalanceBody>(`order/${order.id}/pay`, { method: 'balance' }, { token: u.token });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'insufficient_balance', balanceCents: 500, amountCents: order.amounts.totalCents, shortfallCents: order.amounts.totalCents - 500 });
    expect(res.body.message).toMatch(/is \$[\d,.]+ short of the \$[\d,.]+ due/);
    expect(await t.balance(u.userId)).toBe(500);
    expect((await t.call<Order>(`order/${order.id}`, { token: u.token })).body.status).toBe('pending_payment');
    // After a reload a new attempt (new key) pays it.
    await t.credit(u.userId, order.amounts.totalCents);
    expect((await t.pay(`order/${order.id}/pay`, { method: 'balance' }, { token: u.token })).status).toBe(200);
    expect(await t.balance(u.userId)).toBe(500);
  });

  test('card: success card charges once; decline and insufficient-funds cards answer 402 and the order stays payable', async () => {
    const order = await t.placeOrder(c);
    const declined = await t.pay<CardDeclinedBody>(`order/${order.id}/pay`, { method: 'card', card: DECLINE_CARD }, { token: c.token });
    expect(declined.status).toBe(402);
    expect(declined.body).toMatchObject({ message: 'Your card was declined.', code: 'card_declined', declineCode: 'card_declined', payment: { status: 'declined', cardLast4: '0002' } });
    const noFunds = await t.pay<CardDeclinedBody>(`order/${order.id}/pay`, { method: 'card', card: NO_FUNDS_CARD }, { token: c.token });
    expect(noFunds).toMatchObject({ status: 402, body: { message: 'Your card has insufficient funds.', declineCode: 'insufficient_funds' } });
    expect((await t.call<Order>(`order/${order.id}`, { token: c.token })).body.status).toBe('pending_payment');
    const before = t.sandbox.charges.size;
    const paid = await t.pay<PayResponse>(`order/${order.id}/pay`, { method: 'card', card: SUCCESS_CARD }, { token: c.token });
    expect(paid.status).toBe(200);
    expect(paid.body.payment).toMatchObject({ method: 'card', status: 'succeeded', provider: 'sandbox', cardBrand: 'visa', cardLast4: '4242' });
    expect(t.sandbox.charges.size).toBe(before + 1);
    const detail = (await t.call<Order>(`order/${order.id}`, { token: c.token })).body;
    expect(detail.payments.map((p) => p.status)).toEqual(['declined', 'declined', 'succeeded']);
    // No card number is stored anywhere.
    const stored = JSON.stringify(await t.database.db.selectFrom('payment').selectAll().execute()) + JSON.stringify(await t.database.db.selectFrom('idempotency_record').selectAll().execute());
    expect(stored).not.toMatch(/4242424242424242|4242 4242 4242 4242/);
  });

  test('card rules: USD only, a valid number, a future expiry, a CVC; a test payment method id works', async () => {
    const order = await t.placeOrder(c);
    const eur = await t.pay(`order/${order.id}/pay`, { method: 'card', card: SUCCESS_CARD, currency: 'EUR' }, { token: c.token });
    expect(eur).toMatchObject({ status: 422, body: { message: 'Credit card payment is USD only.' } });
    const bad = await t.pay<{ errors: Record<string, string[]> }>(`order/${order.id}/pay`, { method: 'card', card: { number: '4242 4242 4242 4241', expMonth: 1, expYear: 2001, cvc: 'x' } }, { token: c.token });
    expect(Object.keys(bad.body.errors).sort()).toEqual(['card.cvc', 'card.expiry', 'card.number']);
    expect((await t.pay(`order/${order.id}/pay`, { method: 'cheque' }, { token: c.token })).body).toMatchObject({ message: 'Please select a payment method.' });
    expect((await t.pay(`order/${order.id}/pay`, { method: 'card', paymentMethodId: 'pm_card_visa' }, { token: c.token })).status).toBe(200);
  });

  test('50 concurrent payments with one key make exactly one charge (balance and card)', async () => {
    const u = await t.customer();
    const byBalance = await t.placeOrder(u);
    const byCard = await t.placeOrder(u, {}, 9);
    await t.credit(u.userId, byBalance.amounts.totalCents * 3);
    const before = await t.balance(u.userId);
    const balanceAnswers = await Promise.all(Array.from({ length: 50 }, () => t.pay<PayResponse>(`order/${byBalance.id}/pay`, { method: 'balance' }, { token: u.token, key: 'same-key-balance' })));
    const chargesBefore = t.sandbox.charges.size;
    const cardAnswers = await Promise.all(
      Array.from({ length: 50 }, () => t.pay<PayResponse>(`order/${byCard.id}/pay`, { method: 'card', card: SUCCESS_CARD }, { token: u.token, key: 'same-key-card' })),
    );
    for (const answers of [balanceAnswers, cardAnswers]) {
      expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
      expect(new Set(answers.map((a) => a.body.payment.id)).size).toBe(1);
    }
    expect(t.sandbox.charges.size).toBe(chargesBefore + 1);
    expect(await t.balance(u.userId)).toBe(before - byBalance.amounts.totalCents);
    const debits = (await ledgerRows(u.userId)).filter((r) => r.kind === 'payment');
    expect(debits).toHaveLength(1);
    const rows = await t.database.db.selectFrom('payment').select(['subject_id', 'status']).where('user_id', '=', u.userId).execute();
    expect(rows.filter((r) => r.subject_id === byBalance.id)).toHaveLength(1);
    expect(rows.filter((r) => r.subject_id === byCard.id)).toHaveLength(1);
  });

  test('concurrent payments of one order with different keys: one wins, the rest are refused, one charge', async () => {
    const u = await t.customer();
    const order = await t.placeOrder(u);
    await t.credit(u.userId, order.amounts.totalCents * 10);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => t.pay(`order/${order.id}/pay`, i % 2 ? { method: 'balance' } : { method: 'card', card: SUCCESS_CARD }, { token: u.token })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    const succeeded = await t.database.db.selectFrom('payment').select('id').where('subject_id', '=', order.id).where('status', '=', 'succeeded').execute();
    expect(succeeded).toHaveLength(1);
  });

  test('the balance never goes negative under concurrent debits of different orders', async () => {
    const u = await t.customer();
    const orders: Order[] = [];
    for (let i = 0; i < 8; i++) orders.push(await t.placeOrder(u));
    const each = orders[0]!.amounts.totalCents;
    expect(orders.every((o) => o.amounts.totalCents === each)).toBe(true);
    await t.credit(u.userId, each * 3 + 7);
    const answers = await Promise.all(orders.map((o) => t.pay(`order/${o.id}/pay`, { method: 'balance' }, { token: u.token })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 422)).toHaveLength(5);
    expect(await t.balance(u.userId)).toBe(7);
    expect(await ledgerBalance(t.database.db, u.userId)).toBe(7);
  });
});
