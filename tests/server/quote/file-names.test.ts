import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PayResponse } from '#domain/api/payment';
import { BANK_ACCOUNT_CURRENCIES } from '#domain/orders/payments';
import { createOrderTestApp, db, type Customer, type OrderTestApp } from '../orders/order-test-app.ts';
import { CUBE_STL, readFixture } from './quote-test-app.ts';

/** Issue 12 item 13: UTF-8 file names are kept; a bank transfer's currency is one of the five. */
let t: OrderTestApp;
let c: Customer;
beforeAll(async () => {
  t = await createOrderTestApp();
  c = await t.customer();
});
afterAll(() => t.close());

describe(`file names (${db})`, () => {
  test('a UTF-8 name stays as it was sent: 名前.stl is 名前.stl, in the answer, the list and the download', async () => {
    const cube = await readFixture(CUBE_STL);
    for (const name of ['名前.stl', 'Überträger – v2.stl', 'деталь.stl']) {
      const res = await t.upload(c.projectId, c.token, cube, name);
      expect(res.status).toBe(201);
      expect(res.body.name).toBe(name);
      const download = await t.fetch(`/msapi/${t.config.apiSegment}/project/${c.projectId}/files/${res.body.id}/content`, { headers: { authorization: `Bearer ${c.token}` } });
      expect(decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(download.headers.get('content-disposition') ?? '')?.[1] ?? '')).toBe(name);
      await t.ms(`project/${c.projectId}/files/${res.body.id}`, { method: 'DELETE', token: c.token });
    }
  });
});

describe(`bank transfer currencies (${db})`, () => {
  test('each of the five is accepted and shown first; any other currency is refused with the list', async () => {
    expect(BANK_ACCOUNT_CURRENCIES).toEqual(['USD', 'HKD', 'EUR', 'GBP', 'RMB']);
    const order = await t.placeOrder(c);
    for (const currency of BANK_ACCOUNT_CURRENCIES) {
      const res = await t.pay<PayResponse>(`order/${order.id}/pay`, { method: 'bank_transfer', currency }, { token: c.token });
      expect(res.status, currency).toBe(200);
      expect(res.body.bankTransfer?.bankAccounts[0]?.currency).toBe(currency);
    }
    for (const currency of ['JPY', 'usd', 'EURO', '']) {
      const res = await t.pay<{ message: string; errors: Record<string, string[]> }>(`order/${order.id}/pay`, { method: 'bank_transfer', currency }, { token: c.token });
      expect(res.status, currency).toBe(422);
      expect(res.body.errors.currency).toEqual(['Currency must be one of: USD, HKD, EUR, GBP, RMB.']);
    }
  });
});
