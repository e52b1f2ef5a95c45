import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Order } from '#domain/api/order';
import type { PayResponse } from '#domain/api/payment';
import { insertUser } from '#server/accounts/users';
import { openDatabase } from '#server/db/database';
import { migrateToLatest } from '#server/db/migrate';
import { createOrderTestApp, db, SUCCESS_CARD, type Customer, type OrderTestApp } from '../orders/order-test-app.ts';

let t: OrderTestApp;
let c: Customer;

beforeAll(async () => {
  t = await createOrderTestApp();
  c = await t.customer();
});
afterAll(() => t.close());

describe(`bank transfer: instructions, waiting, operator confirmation (${db})`, () => {
  test('choosing bank transfer answers the five accounts with the order number as reference; the order waits', async () => {
    const order = await t.placeOrder(c);
    const res = await t.pay<PayResponse>(`order/${order.id}/pay`, { method: 'bank_transfer', currency: 'EUR' }, { token: c.token });
    expect(res.status).toBe(200);
    expect(res.body.subject.status).toBe('awaiting_transfer');
    expect(res.body.payment).toMatchObject({ method: 'bank_transfer', status: 'pending', provider: 'bank' });
    expect(res.body.bankTransfer).toMatchObject({ reference: order.number, amountCents: order.amounts.totalCents, currency: 'USD' });
    expect(res.body.bankTransfer!.bankAccounts.map((a) => a.currency)).toEqual(['EUR', 'USD', 'HKD', 'GBP', 'RMB']);
    const common = await t.call<{ bankAccounts: { currency: string }[] }>('common/index');
    expect([...res.body.bankTransfer!.bankAccounts].sort((a, b) => a.currency.localeCompare(b.currency))).toEqual([...common.body.bankAccounts].sort((a, b) => a.currency.localeCompare(b.currency)));
    // Asking again gives the same instructions and no second pending payment.
    const again = await t.pay<PayResponse>(`order/${order.id}/pay`, { method: 'bank_transfer' }, { token: c.token });
    expect(again.body.payment.id).toBe(res.body.payment.id);
    expect((await t.call<Order>(`order/${order.id}`, { token: c.token })).body).toMatchObject({ status: 'awaiting_transfer', statusLabel: 'Awaiting bank transfer', paymentMethod: 'bank_transfer', actions: { pay: true, cancel: true } });
  });

  test('the operator confirms with the admin endpoint: short amounts refused, the excess credited to the balance', async () => {
    const order = await t.placeOrder(c);
    const notYet = await t.admin('admin/bank-transfer/confirm', { number: order.number, amount: '999999' });
    expect(notYet).toMatchObject({ status: 409, body: { message: `${order.number}: An order that is awaiting payment cannot be confirmed as transferred.` } });
    await t.pay(`order/${order.id}/pay`, { method: 'bank_transfer' }, { token: c.token });
    const due = order.amounts.totalCents;
    const short = await t.admin<{ message: string }>('admin/bank-transfer/confirm', { number: order.number, amount: ((due - 1) / 100).toFixed(2) });
    expect(short.status).toBe(422);
    expect(short.body.message).toMatch(/short of the .* due/);
    expect((await t.admin('admin/bank-transfer/confirm', { number: order.number, amount: '12.345' })).status).toBe(422);
    expect((await t.call('admin/bank-transfer/confirm', { body: { number: order.number, amount: '1' } })).status).toBe(401);
    const before = await t.balance(c.userId);
    const ok = await t.admin('admin/bank-transfer/confirm', { number: order.number.toLowerCase(), amount: ((due + 250) / 100).toFixed(2), note: 'HSBC ref 42' });
    expect(ok).toEqual({ status: 200, body: { kind: 'order', number: order.number, status: 'paid', creditedCents: 250 } });
    expect(await t.balance(c.userId)).toBe(before + 250);
    const detail = (await t.call<Order>(`order/${order.id}`, { token: c.token })).body;
    expect(detail).toMatchObject({ status: 'paid', paymentMethod: 'bank_transfer', payments: [{ method: 'bank_transfer', status: 'succeeded' }] });
    expect(detail.statusHistory.at(-1)).toMatchObject({ event: 'confirm_transfer', actor: 'operator', note: 'HSBC ref 42' });
    // The customer is mailed as when staff confirm it in the console (issue 38: the admin token too).
    const mail = (await t.outbox(c.email)).find((m) => m.subject === `Bank transfer received for order ${order.number}`);
    expect(mail?.text).toContain('We received more than was due: $2.50 went to your prepaid balance.');
    expect((await t.admin('admin/bank-transfer/confirm', { number: order.number, amount: '1000' })).status).toBe(409);
  });

  test('a buyer waiting for a transfer may still pay by card, or cancel (the pending transfer is called off)', async () => {
    const byCard = await t.placeOrder(c);
    await t.pay(`order/${byCard.id}/pay`, { method: 'bank_transfer' }, { token: c.token });
    expect((await t.pay(`order/${byCard.id}/pay`, { method: 'card', card: SUCCESS_CARD }, { token: c.token })).status).toBe(200);
    expect((await t.admin('admin/bank-transfer/confirm', { number: byCard.number, amount: '100000' })).status).toBe(409);
    const cancelled = await t.placeOrder(c);
    await t.pay(`order/${cancelled.id}/pay`, { method: 'bank_transfer' }, { token: c.token });
    const res = await t.call<Order>(`order/${cancelled.id}/cancel`, { token: c.token, body: {} });
    expect(res.body).toMatchObject({ status: 'cancelled', payments: [{ method: 'bank_transfer', status: 'cancelled' }] });
  });
});

const run = promisify(execFile);

describe(`the operator's command line (${db})`, () => {
  test('node --import tsx server/cli/confirm-transfer.ts <orderNumber> <amount> confirms a waiting transfer', async () => {
    // Its own database, as a deployed server's would be: a file under DATA_DIR, or a PostgreSQL database.
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'confirm-cli-'));
    let databaseUrl: string | undefined;
    let drop = async () => {};
    if (process.env.DATABASE_URL) {
      const name = `cli_${randomUUID().replaceAll('-', '')}`;
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(process.env.DATABASE_URL);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
      drop = async () => {
        const a = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await a.connect();
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await a.end();
      };
    }
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' };
    const open = () => openDatabase({ databaseUrl, sqliteFile: path.join(dataDir, 'manufacture.db') });
    try {
      let database = open();
      await migrateToLatest(database.db as never);
      const now = new Date().toISOString();
      const userId = await insertUser(database.db, { email: 'cli@example.com', password_hash: null, activated_at: now, created_at: now, updated_at: now });
      const orderId = randomUUID();
      const address = JSON.stringify({ firstName: 'A', lastName: 'B' });
      await database.db
        .insertInto('customer_order')
        .values({
          id: orderId, number: 'W26000042', user_id: userId, status: 'awaiting_transfer', currency: 'USD', subtotal_cents: 12_345, discount_cents: 0, shipping_cents: 0, total_cents: 12_345,
          promo_code_id: null, coupon_code: null, po_number: null, comment: null, shipping_address_id: 'x', consignee: address, billing_address_id: 'y', billing: '{}', incoterm: 'EXW',
          carrier: 'dhl-express', carrier_account: '1', customer_email: null, platform_order_number: null, customer_note: null, payment_method: 'bank_transfer', paying_key: null,
          paying_since: null, paid_at: null, created_at: now, updated_at: now,
        })
        .execute();
      await database.close();

      const cli = (...args: string[]) => run(process.execPath, ['--import', 'tsx', 'server/cli/confirm-transfer.ts', ...args], { env }).catch((e: { code: number; stdout: string }) => e);
      const short = await cli('W26000042', '100.00');
      expect(short).toMatchObject({ code: 1 });
      expect(short.stdout).toMatch(/Not confirmed: The transfer of \$100\.00 is short of the \$123\.45 due for W26000042/);
      const ok = await cli('W26000042', '123.45', 'Wire', 'ref', '7');
      expect(ok.stdout.trim().split('\n').at(-1)).toBe('W26000042 is paid.');
      // The customer is told, as when staff confirm it in the console (no SMTP_URL here: printed).
      expect(ok.stdout).toContain('[mail] to cli@example.com: Bank transfer received for order W26000042');
      database = open();
      const row = await database.db.selectFrom('customer_order').select(['status', 'paid_at']).where('id', '=', orderId).executeTakeFirstOrThrow();
      expect(row.status).toBe('paid');
      const event = await database.db.selectFrom('order_status_event').select(['event', 'note']).where('order_id', '=', orderId).executeTakeFirstOrThrow();
      expect(event).toEqual({ event: 'confirm_transfer', note: 'Wire ref 7' });
      const mail = await database.db.selectFrom('outbox_mail').select(['to_address', 'subject', 'state']).executeTakeFirstOrThrow();
      expect(mail).toEqual({ to_address: 'cli@example.com', subject: 'Bank transfer received for order W26000042', state: 'sent' });
      await database.close();
      expect((await cli('W26000042', '123.45')).stdout).toMatch(/Not confirmed: W26000042: An order that is paid cannot be confirmed as transferred\./);
      expect((await cli()).stdout).toMatch(/^Usage:/);
    } finally {
      await drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
