import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CreateOrderResponse } from '#domain/api/order';
import type { Cart, QuoteFile } from '#domain/api/quote';
import { anonymiseAccount } from '#server/accounts/deletion';
import { STORED_ANSWER_LIFETIME_MS, STORED_ANSWER_MESSAGES, StoredAnswers } from '#server/answers/stored-answers';
import { CUBE_STL, PRINT_CONFIG, readFixture } from '../quote/quote-test-app.ts';
import { createOrderTestApp, db, type Customer, type OrderTestApp } from '../orders/order-test-app.ts';

/**
 * Issue 41 item 3 (ADR 174): a cart change, a checkout and an upload sent again with the same
 * Idempotency-Key (the browser's repeat after its API process went away) answer the first answer:
 * never a second cart line, order or file. Without a key, as before.
 */

let t: OrderTestApp;
beforeAll(async () => {
  t = await createOrderTestApp();
});
afterAll(() => t.close());

interface Answer<T> {
  status: number;
  body: T;
  replayed: boolean;
}

let keys = 0;
const newKey = () => `test-key-${Date.now()}-${++keys}`;

async function send<T>(base: 'api' | 'msapi', path: string, token: string, init: { method?: string; body?: unknown; key?: string } = {}): Promise<Answer<T>> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.key !== undefined) headers['Idempotency-Key'] = init.key;
  const res = await t.fetch(`/${base}/${t.config.apiSegment}/${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T, replayed: res.headers.get('idempotent-replayed') === 'true' };
}

const addToCart = (c: Customer, key?: string, quantity = 5) =>
  send<Cart>('msapi', 'cart/items', c.token, { body: { items: [{ fileId: c.file.id, configuration: { ...PRINT_CONFIG, quantity } }] }, ...(key ? { key } : {}) });
const checkout = (c: Customer, key?: string) =>
  send<CreateOrderResponse & { message?: string }>('api', 'checkout/order', c.token, {
    body: { shippingAddressId: c.shippingAddressId, billingAddressId: c.billingAddressId, shipping: { carrier: 'dhl-express', carrierAccount: '123456789' } },
    ...(key ? { key } : {}),
  });
const orders = async (c: Customer) => (await send<{ list: { id: string }[] }>('api', 'order/list?pageSize=100', c.token)).body.list;

describe(`writes answered once by their Idempotency-Key (${db})`, () => {
  test('checkout sent again with its key answers the same order: one order, not a 422 for an empty cart', async () => {
    const c = await t.customer();
    expect((await addToCart(c)).status).toBe(201);
    const key = newKey();
    const first = await checkout(c, key);
    expect(first.status).toBe(201);
    expect(first.replayed).toBe(false);
    const again = await checkout(c, key);
    expect(again).toEqual({ status: 201, body: first.body, replayed: true });
    expect((await orders(c)).map((o) => o.id)).toEqual([first.body.order.id]);
    // Without a key the same request is a new attempt, and the cart is empty now.
    expect((await checkout(c)).status).toBe(422);
  });

  test('two copies of a checkout at once with one key: one order, both answered with it', async () => {
    const c = await t.customer();
    await addToCart(c);
    const key = newKey();
    const [a, b] = await Promise.all([checkout(c, key), checkout(c, key)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.order.id).toBe(a.body.order.id);
    expect([a.replayed, b.replayed].sort()).toEqual([false, true]);
    expect(await orders(c)).toHaveLength(1);
  });

  test('a cart change sent again answers the first answer; a line removed twice is no 404', async () => {
    const c = await t.customer();
    const key = newKey();
    const added = await addToCart(c, key);
    expect(added.status).toBe(201);
    t.clock.advance(5);
    const again = await addToCart(c, key);
    // The stored answer itself (priced when first asked), not the line priced again.
    expect(again).toEqual({ status: 201, body: added.body, replayed: true });
    expect((await send<Cart>('msapi', 'cart', c.token)).body.lines).toHaveLength(1);

    const line = added.body.lines[0]!.id;
    const removeKey = newKey();
    const removed = await send<Cart>('msapi', `cart/items/${line}`, c.token, { method: 'DELETE', key: removeKey });
    expect(removed.status).toBe(200);
    expect(removed.body.lines).toEqual([]);
    expect(await send<Cart>('msapi', `cart/items/${line}`, c.token, { method: 'DELETE', key: removeKey })).toEqual({ status: 200, body: removed.body, replayed: true });
    expect((await send('msapi', `cart/items/${line}`, c.token, { method: 'DELETE' })).status).toBe(404);
  });

  test('an upload sent again with its key answers the first file: one file in the project', async () => {
    const c = await t.customer();
    const key = newKey();
    const upload = async () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(await readFixture(CUBE_STL))]), 'again.stl');
      const res = await t.fetch(`/msapi/${t.config.apiSegment}/project/${c.projectId}/files`, { method: 'POST', body: form, headers: { authorization: `Bearer ${c.token}`, 'Idempotency-Key': key } });
      return { status: res.status, body: (await res.json()) as QuoteFile, replayed: res.headers.get('idempotent-replayed') === 'true' };
    };
    const first = await upload();
    expect(first.status).toBe(201);
    expect(await upload()).toEqual({ status: 201, body: first.body, replayed: true });
    const files = await send<{ list: QuoteFile[] }>('msapi', `project/${c.projectId}/files`, c.token);
    expect(files.body.list.filter((f) => f.name === 'again.stl')).toHaveLength(1);
  });

  test('a failed write stores nothing: the same key succeeds once the request can', async () => {
    const c = await t.customer();
    const key = newKey();
    const empty = await checkout(c, key);
    expect(empty.status).toBe(422);
    await addToCart(c);
    const placed = await checkout(c, key);
    expect(placed.status).toBe(201);
    expect(placed.replayed).toBe(false);
  });

  test('work that fails half-way leaves nothing: its writes and its key are rolled back together', async () => {
    const c = await t.customer();
    const answers = new StoredAnswers(t.database.db, t.clock);
    const key = newKey();
    const scope = { owner: `user_id:${c.userId}`, key, route: 'POST test', request: {}, status: 201 };
    await expect(
      answers.once(scope, async (trx) => {
        await trx.deleteFrom('shipping_address').where('user_id', '=', c.userId).execute();
        throw new Error('the process died here');
      }),
    ).rejects.toThrow('the process died here');
    expect(await t.database.db.selectFrom('shipping_address').select('id').where('user_id', '=', c.userId).execute()).toHaveLength(1);
    expect(await t.database.db.selectFrom('stored_answer').select('id').where('idem_key', '=', key).execute()).toEqual([]);
  });

  test('the same key with another request is refused (422); a malformed key is a 400; none is as before', async () => {
    const c = await t.customer();
    const key = newKey();
    expect((await addToCart(c, key, 5)).status).toBe(201);
    const other = await addToCart(c, key, 7);
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ message: STORED_ANSWER_MESSAGES.reused });
    const malformed = await addToCart(c, 'short');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ message: STORED_ANSWER_MESSAGES.malformed });
    expect((await addToCart(c, undefined, 9)).replayed).toBe(false);
  });

  test('another account’s key is its own: the same key answers each caller with their own work', async () => {
    const a = await t.customer();
    const b = await t.customer();
    const key = newKey();
    await addToCart(a);
    await addToCart(b);
    const ofA = await checkout(a, key);
    const ofB = await checkout(b, key);
    expect([ofA.status, ofB.status]).toEqual([201, 201]);
    expect(ofB.replayed).toBe(false);
    expect(ofB.body.order.id).not.toBe(ofA.body.order.id);
    expect((await orders(b)).map((o) => o.id)).toEqual([ofB.body.order.id]);
  });

  test('answers are kept 24 hours, then removed by the hourly task', async () => {
    const c = await t.customer();
    const key = newKey();
    await addToCart(c, key);
    const answers = new StoredAnswers(t.database.db, t.clock);
    const count = async () => (await t.database.db.selectFrom('stored_answer').select('id').where('idem_key', '=', key).execute()).length;
    expect(await answers.prune(new Date(t.clock().getTime() + STORED_ANSWER_LIFETIME_MS - 60_000))).toBeGreaterThanOrEqual(0);
    expect(await count()).toBe(1);
    await answers.prune(new Date(t.clock().getTime() + STORED_ANSWER_LIFETIME_MS + 60_000));
    expect(await count()).toBe(0);
  });

  test('a deleted account’s answers go with its addresses (they hold copies of them)', async () => {
    const c = await t.customer();
    await addToCart(c);
    const key = newKey();
    expect((await checkout(c, key)).status).toBe(201);
    const mine = () => t.database.db.selectFrom('stored_answer').select('id').where('owner', '=', `user_id:${c.userId}`).execute();
    expect(await mine()).toHaveLength(1);
    await anonymiseAccount(t.database.db, c.userId, t.clock().toISOString());
    expect(await mine()).toEqual([]);
  });
});
