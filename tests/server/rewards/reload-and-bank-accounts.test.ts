import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BalanceTransaction, RechargeRecord } from '#domain/api/balance';
import type { CommonIndexResponse } from '#domain/api/common';
import type { Page } from '#domain/api/paging';
import type { PayResponse, ReloadResponse } from '#domain/api/payment';
import { RELOAD_MESSAGES } from '#domain/rules/balance-rules';
import { BANK_CONFIG_MESSAGES, readConfig } from '#server/config';
import { PAYMENT_MESSAGES } from '#server/payments/payments';
import { ledgerBalance } from '#server/payments/ledger';
import { createOrderTestApp, db, SUCCESS_CARD, type Customer, type OrderTestApp } from '../orders/order-test-app.ts';

const ACCOUNTS = [
  { currency: 'USD', bankName: 'First Harbour Bank', accountName: 'Manufacture Ltd', accountNumber: '0123456789', swift: 'FHBKUS33', address: '1 Harbour Road, Boston' },
  { currency: 'EUR', bankName: 'Banque du Port', accountName: 'Manufacture Ltd', accountNumber: 'FR7630006000011234567890189', swift: 'BDPFFRPP', address: '2 Quai, Marseille' },
];

let t: OrderTestApp;
let c: Customer;

beforeAll(async () => {
  t = await createOrderTestApp();
  c = await t.customer();
});
afterAll(() => t.close());

describe(`balance reload by card or bank transfer (${db})`, () => {
  test('the shared rule: refused at 99.5 and 50 with its words; accepted at 100', async () => {
    for (const [amount, message] of [
      [99.5, RELOAD_MESSAGES.whole],
      [50, RELOAD_MESSAGES.minimum],
      ['', RELOAD_MESSAGES.whole],
    ] as const) {
      expect(await t.pay('account/balance/reload', { amount, method: 'bank_transfer' }, { token: c.token }), String(amount)).toMatchObject({ status: 422, body: { message } });
    }
    // Over the card maximum, a transfer is fine.
    const big = await t.pay<ReloadResponse>('account/balance/reload', { amount: 250_000, method: 'bank_transfer' }, { token: c.token });
    expect(big.status).toBe(200);
    expect((await t.pay('account/balance/reload', { amount: 250_000, card: SUCCESS_CARD }, { token: c.token })).body).toMatchObject({ message: RELOAD_MESSAGES.maximum });
    expect((await t.pay<ReloadResponse>('account/balance/reload', { amount: 100, method: 'card', card: SUCCESS_CARD }, { token: c.token })).body).toMatchObject({ balanceCents: 10_000 });
  });

  test('by bank transfer: the accounts and the reload’s reference; nothing credited until the operator confirms; then the amount received', async () => {
    const u = await t.customer();
    const res = await t.pay<ReloadResponse>('account/balance/reload', { amount: 300, method: 'bank_transfer', currency: 'EUR' }, { token: u.token, key: 'reload-transfer-1' });
    expect(res.status).toBe(200);
    const reference = res.body.subject.number;
    expect(reference).toMatch(/^R\d{8}-[0-9A-F]{6}$/);
    expect(res.body).toMatchObject({
      subject: { kind: 'reload', status: 'awaiting_transfer' },
      payment: { method: 'bank_transfer', status: 'pending', amountCents: 30_000 },
      balanceCents: 0,
      bankTransfer: { reference, amountCents: 30_000, currency: 'USD' },
    });
    expect(res.body.bankTransfer!.bankAccounts[0]).toMatchObject({ currency: 'EUR', demo: true });
    expect(res.body.bankTransfer!.note).toContain('added to your balance');
    // A retry with the same key is the same answer and the same reload.
    expect((await t.pay<ReloadResponse>('account/balance/reload', { amount: 300, method: 'bank_transfer', currency: 'EUR' }, { token: u.token, key: 'reload-transfer-1' })).body).toEqual(res.body);
    let reloads = (await t.call<Page<RechargeRecord>>('account/balance/rechargeList', { token: u.token })).body;
    expect(reloads.list.map((r) => [r.reference, r.status, r.method, r.amountCents])).toEqual([[reference, 'pending', 'bank-transfer', 30_000]]);
    expect(await t.balance(u.userId)).toBe(0);

    // Someone else's transfer reference, or an unknown one, is refused.
    expect((await t.admin('admin/bank-transfer/confirm', { number: 'R20990101-ABCDEF', amount: '300' })).status).toBe(404);
    const confirmed = await t.admin('admin/bank-transfer/confirm', { number: reference.toLowerCase(), amount: '298.50', note: 'bank fee deducted' });
    expect(confirmed).toEqual({ status: 200, body: { kind: 'reload', number: reference, status: 'paid', creditedCents: 29_850 } });
    expect(await t.balance(u.userId)).toBe(29_850);
    expect(await ledgerBalance(t.database.db, u.userId)).toBe(29_850);
    expect((await t.admin('admin/bank-transfer/confirm', { number: reference, amount: '300' })).status).toBe(409);
    reloads = (await t.call<Page<RechargeRecord>>('account/balance/rechargeList', { token: u.token })).body;
    expect(reloads.list[0]).toMatchObject({ status: 'succeeded', amountCents: 29_850 });
    const ledger = (await t.call<Page<BalanceTransaction>>('account/balance/transactionList', { token: u.token })).body.list;
    expect(ledger[0]).toMatchObject({ kind: 'recharge', amountCents: 29_850, balanceAfterCents: 29_850, reference });

    // A balance payment of an order carries the order's number as its reference.
    const order = await t.placeOrder(u);
    await t.pay<PayResponse>(`order/${order.id}/pay`, { method: 'balance' }, { token: u.token });
    const after = (await t.call<Page<BalanceTransaction>>('account/balance/transactionList', { token: u.token })).body.list;
    expect(after[0]).toMatchObject({ kind: 'payment', amountCents: -order.amounts.totalCents, reference: order.number });
  });

  test('an account that may not reload is refused (403), whatever the method; the operator can turn it on', async () => {
    const u = await t.customer();
    expect((await t.admin('admin/account/flags', { email: u.email, isRecharge: false })).body).toMatchObject({ isRecharge: false });
    for (const body of [{ amount: 100, card: SUCCESS_CARD }, { amount: 100, method: 'bank_transfer' }]) {
      expect(await t.pay('account/balance/reload', body, { token: u.token })).toMatchObject({ status: 403, body: { message: PAYMENT_MESSAGES.reloadDisabled } });
    }
    expect((await t.call<CommonIndexResponse>('common/index', { token: u.token })).body.userInfo?.isRecharge).toBe(false);
    await t.admin('admin/account/flags', { email: u.email, isRecharge: true });
    expect((await t.pay('account/balance/reload', { amount: 100, card: SUCCESS_CARD }, { token: u.token })).status).toBe(200);
  });

  test('operator balance adjustments go through the ledger and never below zero; the operator calls need the token', async () => {
    const u = await t.customer();
    expect(await t.admin('admin/balance/adjust', { email: u.email, amount: '25', note: 'Goodwill for a late delivery' })).toEqual({ status: 200, body: { balanceCents: 2_500 } });
    expect(await t.admin('admin/balance/adjust', { email: u.email, amount: '-12.50', note: 'Correction' })).toEqual({ status: 200, body: { balanceCents: 1_250 } });
    expect((await t.admin('admin/balance/adjust', { email: u.email, amount: '-20', note: 'Too much' })).status).toBe(422);
    expect((await t.admin('admin/balance/adjust', { email: u.email, amount: 'abc', note: 'x' })).status).toBe(422);
    expect((await t.admin('admin/balance/adjust', { email: u.email, amount: '5', note: ' ' })).status).toBe(422);
    expect((await t.admin('admin/balance/adjust', { email: 'nobody@example.com', amount: '5', note: 'x' })).status).toBe(422);
    expect(await ledgerBalance(t.database.db, u.userId)).toBe(1_250);
    for (const path of ['admin/balance/adjust', 'admin/account/flags', 'admin/jobs/monthly-coupons']) {
      expect((await t.call(path, { body: { email: u.email, amount: '5', note: 'x' }, headers: { 'X-Admin-Token': 'wrong-token-wrong-token' } })).status, path).toBe(401);
    }
  });
});

describe('bank accounts are configuration (BANK_ACCOUNTS, BANK_ACCOUNTS_FILE, BANK_TRANSFER)', () => {
  test('JSON text or a file; each currency once; a clear message otherwise; demo only when asked for or outside production', () => {
    const fromJson = readConfig({ NODE_ENV: 'production', BANK_ACCOUNTS: JSON.stringify(ACCOUNTS) });
    expect(fromJson.bankAccounts).toEqual(ACCOUNTS);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-'));
    const file = path.join(dir, 'accounts.json');
    fs.writeFileSync(file, JSON.stringify(ACCOUNTS));
    expect(readConfig({ NODE_ENV: 'production', BANK_ACCOUNTS_FILE: file }).bankAccounts).toEqual(ACCOUNTS);
    fs.rmSync(dir, { recursive: true, force: true });
    expect(readConfig({ NODE_ENV: 'production', BANK_ACCOUNTS: 'demo' }).bankAccounts).toBe('demo');
    expect(readConfig({ NODE_ENV: 'development' }).bankAccounts).toBe('demo');
    expect(readConfig({ NODE_ENV: 'production', BANK_TRANSFER: '0' })).toMatchObject({ bankTransferEnabled: false });
    expect(() => readConfig({ NODE_ENV: 'production' })).toThrow(BANK_CONFIG_MESSAGES.missingInProduction);
    expect(() => readConfig({ BANK_ACCOUNTS: '[' })).toThrow(/BANK_ACCOUNTS must hold a JSON list of bank accounts/);
    expect(() => readConfig({ BANK_ACCOUNTS: JSON.stringify([ACCOUNTS[0], ACCOUNTS[0]]) })).toThrow(/each currency may appear once/);
    expect(() => readConfig({ BANK_ACCOUNTS: JSON.stringify([{ ...ACCOUNTS[0], currency: 'JPY' }]) })).toThrow(/0\.currency/);
    expect(() => readConfig({ BANK_ACCOUNTS: JSON.stringify([{ ...ACCOUNTS[0], swift: '' }]) })).toThrow(/0\.swift/);
    expect(() => readConfig({ BANK_ACCOUNTS_FILE: '/nonexistent/accounts.json' })).toThrow(/BANK_ACCOUNTS_FILE/);
  });

  test('production refuses to start without them when bank transfer is enabled, with one sentence', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-start-'));
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0', DATABASE_URL: '', STATIC_DIR: dataDir };
    delete env.BANK_ACCOUNTS;
    delete env.BANK_ACCOUNTS_FILE;
    delete env.BANK_TRANSFER;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(BANK_CONFIG_MESSAGES.missingInProduction);
  }, 60_000);

  test(`configured accounts are what customers see (not demo); with bank transfer off none are shown and transfers are refused (${db})`, async () => {
    const configured = await createOrderTestApp({ bankAccounts: readConfig({ BANK_ACCOUNTS: JSON.stringify(ACCOUNTS) }).bankAccounts });
    try {
      const index = (await configured.call<CommonIndexResponse>('common/index')).body;
      expect(index.bankAccounts).toEqual(ACCOUNTS.map((a) => ({ ...a, demo: false })));
      const u = await configured.customer();
      const order = await configured.placeOrder(u);
      const res = await configured.pay<PayResponse>(`order/${order.id}/pay`, { method: 'bank_transfer', currency: 'EUR' }, { token: u.token });
      expect(res.body.bankTransfer?.bankAccounts.map((a) => [a.currency, a.demo])).toEqual([
        ['EUR', false],
        ['USD', false],
      ]);
      expect(res.body.bankTransfer?.note).toContain('(or the same value in EUR)');
    } finally {
      await configured.close();
    }
    const off = await createOrderTestApp({ bankTransferEnabled: false });
    try {
      expect((await off.call<CommonIndexResponse>('common/index')).body.bankAccounts).toEqual([]);
      const u = await off.customer();
      const order = await off.placeOrder(u);
      expect(await off.pay(`order/${order.id}/pay`, { method: 'bank_transfer' }, { token: u.token })).toMatchObject({ status: 422, body: { message: PAYMENT_MESSAGES.bankTransferOff } });
      expect(await off.pay('account/balance/reload', { amount: 100, method: 'bank_transfer' }, { token: u.token })).toMatchObject({ status: 422, body: { message: PAYMENT_MESSAGES.bankTransferOff } });
    } finally {
      await off.close();
    }
  });
});
