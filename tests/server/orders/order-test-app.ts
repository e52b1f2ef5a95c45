import { randomUUID } from 'node:crypto';
import type { CreateOrderResponse, Order } from '#domain/api/order';
import type { Cart, PartQuote, QuoteFile } from '#domain/api/quote';
import type { ServerConfig } from '#server/config';
import type { SandboxProvider } from '#server/payments/sandbox-provider';
import { postLedgerEntry } from '#server/payments/ledger';
import type { CallOptions, Registered, TestAppOptions } from '../helpers/test-app.ts';
import { CUBE_STL, PRINT_CONFIG, createQuoteTestApp, readFixture, type QuoteTestApp } from '../quote/quote-test-app.ts';

export { db } from '../quote/quote-test-app.ts';

export const ADMIN_TOKEN = 'admin-token-for-tests-0123456789';
export const SUCCESS_CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' };
export const DECLINE_CARD = { ...SUCCESS_CARD, number: '4000 0000 0000 0002' };
export const NO_FUNDS_CARD = { ...SUCCESS_CARD, number: '4000 0000 0000 9995' };

const SHIPPING_ADDRESS = { firstName: 'Ada', lastName: 'Buyer', phoneCode: '+44', mobile: '2079460000', countryCode: 'GB', city: 'London', postcode: 'EC1A 1BB', addressLine1: '1 Test Street', company: 'Buyer Ltd' };
/** Each customer ships to an address of their own (two accounts at one address look like one person's, ADR 151). */
let customers = 0;

/** A signed-in customer with a shipping and billing address and one configured, orderable part. */
export interface Customer extends Registered {
  shippingAddressId: string;
  billingAddressId: string;
  projectId: string;
  file: QuoteFile;
}

export interface OrderTestApp extends QuoteTestApp {
  sandbox: SandboxProvider;
  customer(fields?: Record<string, unknown>): Promise<Customer>;
  /** Adds the customer's part to the cart (quantity varies the price) and places the order. */
  placeOrder(c: Customer, extra?: Record<string, unknown>, quantity?: number): Promise<Order>;
  /** A call with an Idempotency-Key header (a fresh one unless given). */
  pay<T = Record<string, unknown>>(path: string, body: unknown, options?: { token?: string; key?: string }): Promise<{ status: number; body: T }>;
  admin<T = Record<string, unknown>>(path: string, body?: unknown, method?: string): Promise<{ status: number; body: T }>;
  /** Credits the balance through the ledger directly (a test's shortcut for a confirmed reload). */
  credit(userId: string, cents: number): Promise<void>;
  balance(userId: string): Promise<number>;
}

export async function createOrderTestApp(overrides: Partial<ServerConfig> = {}, options: TestAppOptions = {}): Promise<OrderTestApp> {
  const t = await createQuoteTestApp({ adminToken: ADMIN_TOKEN, ...overrides }, options);
  const call = <T,>(path: string, o: CallOptions) => t.call<T>(path, o);
  return {
    ...t,
    sandbox: t.ctx.payments.provider as SandboxProvider,
    async customer(fields = {}) {
      const user = await t.registerUser(fields);
      const ship = await call<{ id: string }>('account/address', { token: user.token, body: { ...SHIPPING_ADDRESS, addressLine1: `${SHIPPING_ADDRESS.addressLine1}, unit ${++customers}` } });
      const bill = await call<{ id: string }>('account/billingAddress', { token: user.token, body: { name: 'Ada Buyer', companyName: 'Buyer Ltd', location: '1 Test Street, London' } });
      if (ship.status !== 201 || bill.status !== 201) throw new Error(`addresses: ${JSON.stringify([ship, bill])}`);
      const project = await t.project(user.token, 'Order project');
      const upload = await t.upload(project.id, user.token, await readFixture(CUBE_STL), 'bracket.stl');
      if (upload.status !== 201) throw new Error(`upload: ${JSON.stringify(upload.body)}`);
      const configured = await t.ms<PartQuote>(`project/${project.id}/files/${upload.body.id}/configuration`, { method: 'PUT', token: user.token, body: PRINT_CONFIG });
      if (configured.status !== 200) throw new Error(`configure: ${JSON.stringify(configured.body)}`);
      return { ...user, shippingAddressId: ship.body.id, billingAddressId: bill.body.id, projectId: project.id, file: upload.body };
    },
    async placeOrder(c, extra = {}, quantity = 5) {
      const cart = await t.ms<Cart>('cart/items', { token: c.token, body: { items: [{ fileId: c.file.id, configuration: { ...PRINT_CONFIG, quantity } }] } });
      if (cart.status !== 201) throw new Error(`cart: ${JSON.stringify(cart.body)}`);
      const res = await call<CreateOrderResponse>('checkout/order', {
        token: c.token,
        body: { shippingAddressId: c.shippingAddressId, billingAddressId: c.billingAddressId, shipping: { carrier: 'dhl-express', carrierAccount: '123456789' }, ...extra },
      });
      if (res.status !== 201) throw new Error(`checkout: ${JSON.stringify(res.body)}`);
      return res.body.order;
    },
    pay: (path, body, o = {}) => call(path, { body, headers: { 'Idempotency-Key': o.key ?? `k-${randomUUID()}` }, ...(o.token ? { token: o.token } : {}) }),
    admin: (path, body, method) => call(path, { ...(body !== undefined ? { body } : {}), ...(method ? { method } : {}), headers: { 'X-Admin-Token': ADMIN_TOKEN } }),
    async credit(userId, cents) {
      await t.database.db.transaction().execute((trx) =>
        postLedgerEntry(trx, { userId, amountCents: cents, kind: 'adjustment', description: 'Test credit', paymentId: null, at: t.clock().toISOString() }),
      );
    },
    async balance(userId) {
      const row = await t.database.db.selectFrom('user_account').select('balance_cents').where('id', '=', userId).executeTakeFirstOrThrow();
      return Number(row.balance_cents);
    },
  };
}
