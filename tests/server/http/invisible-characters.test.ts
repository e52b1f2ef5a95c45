import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Project, QuoteFile } from '#domain/api/quote';
import type { ShippingAddress } from '#domain/api/address';
import { CUBE_STL, readFixture } from '../quote/quote-test-app.ts';
import { createOrderTestApp, type Customer, type OrderTestApp } from '../orders/order-test-app.ts';

/** Issue 32 item 11: names a customer sends are stored without the characters that could disguise them. */
let t: OrderTestApp;
let c: Customer;
beforeAll(async () => {
  t = await createOrderTestApp();
  c = await t.customer();
});
afterAll(() => t.close());

const RLO = '\u202e';

test('file, project and address names and an order comment lose their bidirectional and invisible characters', async () => {
  const project = await t.ms<Project>('project', { token: c.token, body: { name: `Invoice${RLO}fdp.exe`, process: '3d-printing' } });
  expect(project.body.name).toBe('Invoicefdp.exe');

  const upload = await t.upload(project.body.id, c.token, await readFixture(CUBE_STL), `bracket${RLO}lts.exe`);
  expect(upload.status).toBe(201);
  expect((upload.body as QuoteFile).name).toBe('bracketlts.exe');

  const address = await t.call<{ id: string }>('account/address', {
    token: c.token,
    body: { firstName: `\u2067Ada${RLO}`, lastName: 'Buyer\u200b', phoneCode: '+44', mobile: '2079460000', countryCode: 'GB', city: 'Lon\u00addon', postcode: 'EC1A 1BB', addressLine1: '1 Test\ufeff Street' },
  });
  expect(address.status).toBe(201);
  const stored = await t.call<ShippingAddress>(`account/address/${address.body.id}`, { token: c.token });
  expect(stored.body).toMatchObject({ firstName: 'Ada', lastName: 'Buyer', city: 'London', addressLine1: '1 Test Street' });

  const order = await t.placeOrder(c, { comment: `Pack${RLO} carefully\u2066` });
  expect(order.comment).toBe('Pack carefully');
});
