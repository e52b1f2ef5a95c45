import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Order } from '#domain/api/order';
import type { CardDeclinedBody, PayResponse } from '#domain/api/payment';
import { StripeProvider } from '#server/payments/stripe-provider';
import { ProviderRequestError, ProviderUnavailableError } from '#server/payments/provider';
import { createOrderTestApp, db, SUCCESS_CARD, type Customer, type OrderTestApp } from '../orders/order-test-app.ts';

/**
 * A small Stripe-compatible fake on 127.0.0.1: PaymentIntents confirmed with a test payment
 * method, Stripe's idempotency (same key → same answer), refunds, and a switch to fail with 500.
 */
interface FakeStripe {
  url: string;
  intents: Map<string, { id: string; amount: number; currency: string; refunded: number }>;
  requests: { path: string; key: string | undefined; form: URLSearchParams }[];
  failNext: number;
  close(): Promise<void>;
}

async function startFakeStripe(secret: string): Promise<FakeStripe> {
  const byKey = new Map<string, { status: number; body: unknown }>();
  const fake: FakeStripe = { url: '', intents: new Map(), requests: [], failNext: 0, close: async () => {} };
  let seq = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Bearer ${secret}`) return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      if (fake.failNext > 0) {
        fake.failNext--;
        return send(500, { error: { type: 'api_error', message: 'Something went wrong' } });
      }
      const form = new URLSearchParams(raw);
      const key = req.headers['idempotency-key'] as string | undefined;
      fake.requests.push({ path: req.url ?? '', key, form });
      const known = key ? byKey.get(`${req.url}:${key}`) : undefined;
      if (known) return send(known.status, known.body);
      let answer: { status: number; body: unknown };
      if (req.url === '/v1/payment_intents') {
        const id = `pi_fake_${++seq}`;
        const pm = form.get('payment_method');
        if (pm === 'pm_card_visa') {
          fake.intents.set(id, { id, amount: Number(form.get('amount')), currency: form.get('currency') ?? '', refunded: 0 });
          answer = { status: 200, body: { id, object: 'payment_intent', status: 'succeeded', latest_charge: { id: `ch_${seq}`, payment_method_details: { card: { brand: 'visa', last4: '4242' } } } } };
        } else if (pm === 'pm_card_chargeDeclinedInsufficientFunds') {
          answer = { status: 402, body: { error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.', payment_intent: { id } } } };
        } else if (pm === 'pm_card_authenticationRequired') {
          answer = { status: 200, body: { id, object: 'payment_intent', status: 'requires_action', latest_charge: null } };
        } else {
          answer = { status: 400, body: { error: { type: 'invalid_request_error', message: `No such PaymentMethod: '${pm}'` } } };
        }
      } else if (req.url === '/v1/refunds') {
        const intent = fake.intents.get(form.get('payment_intent') ?? '');
        if (!intent) answer = { status: 400, body: { error: { type: 'invalid_request_error', message: 'No such payment_intent' } } };
        else {
          intent.refunded += Number(form.get('amount'));
          answer = { status: 200, body: { id: `re_${++seq}`, object: 'refund', status: 'succeeded' } };
        }
      } else answer = { status: 404, body: { error: { message: 'Unrecognized request URL' } } };
      if (key) byKey.set(`${req.url}:${key}`, answer);
      send(answer.status, answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}

const SECRET = 'sk_test_fake_0123456789';
let fake: FakeStripe;
let t: OrderTestApp;
let c: Customer;

beforeAll(async () => {
  fake = await startFakeStripe(SECRET);
  t = await createOrderTestApp({ paymentProvider: 'stripe', stripeSecretKey: SECRET, stripeApiBase: fake.url });
  c = await t.customer();
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe(`the Stripe-compatible adapter against a fake on 127.0.0.1 (${db})`, () => {
  test('a payment method id pays: one PaymentIntent, our key as Stripe’s Idempotency-Key, amount in cents, USD', async () => {
    const order = await t.placeOrder(c);
    const [a, b] = await Promise.all([
      t.pay<PayResponse>(`order/${order.id}/pay`, { method: 'card', paymentMethodId: 'pm_card_visa' }, { token: c.token, key: 'stripe-key-1' }),
      t.pay<PayResponse>(`order/${order.id}/pay`, { method: 'card', paymentMethodId: 'pm_card_visa' }, { token: c.token, key: 'stripe-key-1' }),
    ]);
    expect(a).toEqual(b);
    expect(a.body.payment).toMatchObject({ provider: 'stripe', status: 'succeeded', cardBrand: 'visa', cardLast4: '4242' });
    expect(fake.intents.size).toBe(1);
    const sent = fake.requests.find((r) => r.path === '/v1/payment_intents')!;
    expect(sent.form.get('amount')).toBe(String(order.amounts.totalCents));
    expect(sent.form.get('currency')).toBe('usd');
    expect(sent.form.get('confirm')).toBe('true');
    expect(sent.form.get('metadata[number]')).toBe(order.number);
    expect(sent.key).toMatch(/^[0-9a-f]{64}$/);
  });

  test('card numbers are refused with a real provider; declines, 3-D Secure and unknown methods answer clearly', async () => {
    const order = await t.placeOrder(c);
    expect((await t.pay(`order/${order.id}/pay`, { method: 'card', card: SUCCESS_CARD }, { token: c.token })).body).toMatchObject({
      message: 'Send the paymentMethodId from the card form; card numbers are not accepted by this server.',
    });
    const noFunds = await t.pay<CardDeclinedBody>(`order/${order.id}/pay`, { method: 'card', paymentMethodId: 'pm_card_chargeDeclinedInsufficientFunds' }, { token: c.token });
    expect(noFunds).toMatchObject({ status: 402, body: { message: 'Your card has insufficient funds.', declineCode: 'insufficient_funds' } });
    const sca = await t.pay<CardDeclinedBody>(`order/${order.id}/pay`, { method: 'card', paymentMethodId: 'pm_card_authenticationRequired' }, { token: c.token });
    expect(sca).toMatchObject({ status: 402, body: { declineCode: 'authentication_required' } });
    const unknown = await t.pay(`order/${order.id}/pay`, { method: 'card', paymentMethodId: 'pm_nope' }, { token: c.token });
    expect(unknown).toMatchObject({ status: 422, body: { message: "No such PaymentMethod: 'pm_nope'" } });
    expect((await t.call<Order>(`order/${order.id}`, { token: c.token })).body.status).toBe('pending_payment');
  });

  test('the provider failing: 503, nothing recorded; the retry with the same key pays once', async () => {
    const order = await t.placeOrder(c);
    fake.failNext = 1;
    const down = await t.pay(`order/${order.id}/pay`, { method: 'card', paymentMethodId: 'pm_card_visa' }, { token: c.token, key: 'stripe-retry-1' });
    expect(down.status).toBe(503);
    expect((await t.call<Order>(`order/${order.id}`, { token: c.token })).body.payments).toEqual([]);
    const retry = await t.pay<PayResponse>(`order/${order.id}/pay`, { method: 'card', paymentMethodId: 'pm_card_visa' }, { token: c.token, key: 'stripe-retry-1' });
    expect(retry.status).toBe(200);
    expect(retry.body.subject.status).toBe('paid');
  });

  test('an operator refund goes through /v1/refunds once', async () => {
    const order = await t.placeOrder(c);
    await t.pay(`order/${order.id}/pay`, { method: 'card', paymentMethodId: 'pm_card_visa' }, { token: c.token });
    expect((await t.admin(`admin/order/${order.id}/event`, { event: 'refund' })).status).toBe(200);
    const refunded = [...fake.intents.values()].filter((i) => i.refunded > 0);
    expect(refunded).toEqual([expect.objectContaining({ amount: order.amounts.totalCents, refunded: order.amounts.totalCents })]);
  });

  test('the adapter alone: wrong key and an unreachable provider are errors, not declines', async () => {
    const wrong = new StripeProvider({ secretKey: 'sk_wrong', apiBase: fake.url, fetch });
    await expect(wrong.charge({ amountCents: 100, currency: 'USD', source: { kind: 'payment_method', id: 'pm_card_visa' }, idempotencyKey: 'k', description: 'x', metadata: {} })).rejects.toBeInstanceOf(ProviderRequestError);
    const gone = new StripeProvider({ secretKey: SECRET, apiBase: 'http://127.0.0.1:9', fetch, timeoutMs: 2000 });
    await expect(gone.charge({ amountCents: 100, currency: 'USD', source: { kind: 'payment_method', id: 'pm_card_visa' }, idempotencyKey: 'k', description: 'x', metadata: {} })).rejects.toBeInstanceOf(ProviderUnavailableError);
  });
});
