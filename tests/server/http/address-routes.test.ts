import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BillingAddress, ShippingAddress } from '#domain/api/address';
import { ADDRESS_MESSAGES } from '#domain/rules/address-rules';
import { createTestApp, type Registered, type TestApp } from '../helpers/test-app.ts';

const db = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
let t: TestApp;
let u: Registered;
beforeAll(async () => {
  t = await createTestApp();
  u = await t.registerUser();
});
afterAll(() => t.close());

const US_ADDRESS = {
  firstName: 'Dana',
  lastName: 'Demo',
  phoneCode: '+1',
  mobile: '4155550100',
  countryCode: 'US',
  state: 'CA',
  city: 'San Francisco',
  postcode: '94107',
  addressLine1: '500 Demo Street',
};

describe(`shipping addresses (${db})`, () => {
  test('create, list (default first), get, update, set default, delete one and many', async () => {
    const first = await t.call<ShippingAddress>('account/address', { token: u.token, body: US_ADDRESS });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ isDefault: true, state: 'US-CA', stateName: 'California', countryName: 'United States', addressLine2: null });
    const second = await t.call<ShippingAddress>('account/address', {
      token: u.token,
      body: { ...US_ADDRESS, countryCode: 'GB', state: 'GB-LND', phoneCode: '44', city: 'London', postcode: 'EC1A 1BB', addressLine1: '10 Sample Lane' },
    });
    expect(second.body).toMatchObject({ isDefault: false, phoneCode: '+44' });

    const list = await t.call<{ list: ShippingAddress[]; total: number }>('account/address', { token: u.token });
    expect(list.body.total).toBe(2);
    expect(list.body.list.map((a) => a.id)).toEqual([first.body.id, second.body.id]);
    expect((await t.call<{ list: ShippingAddress[] }>('account/shippingList', { token: u.token })).body.list).toEqual(list.body.list);

    expect((await t.call<ShippingAddress>(`account/address/${second.body.id}`, { token: u.token })).body.city).toBe('London');
    const updated = await t.call<ShippingAddress>(`account/address/${second.body.id}`, { method: 'PATCH', token: u.token, body: { ...US_ADDRESS, city: 'Oakland', isDefault: true } });
    expect(updated.body).toMatchObject({ city: 'Oakland', isDefault: true });
    expect((await t.call<ShippingAddress>(`account/address/${first.body.id}`, { token: u.token })).body.isDefault).toBe(false);

    const setDefault = await t.call<ShippingAddress>(`account/address/setDefault/${first.body.id}`, { method: 'PATCH', token: u.token });
    expect(setDefault.body.isDefault).toBe(true);

    // Deleting the default hands the flag to the newest remaining address.
    expect(await t.call(`account/address/${first.body.id}`, { method: 'DELETE', token: u.token })).toEqual({ status: 200, body: { deleted: 1 } });
    expect((await t.call<ShippingAddress>(`account/address/${second.body.id}`, { token: u.token })).body.isDefault).toBe(true);
    expect((await t.call(`account/address/${first.body.id}`, { method: 'DELETE', token: u.token })).status).toBe(404);

    const third = await t.call<ShippingAddress>('account/address', { token: u.token, body: US_ADDRESS });
    const batch = await t.call('account/address', { method: 'DELETE', token: u.token, body: { addressIds: [second.body.id, third.body.id] } });
    expect(batch).toEqual({ status: 200, body: { deleted: 2 } });
    expect((await t.call<{ total: number }>('account/address', { token: u.token })).body.total).toBe(0);
    expect((await t.call('account/address', { method: 'DELETE', token: u.token, body: { addressIds: [] } })).status).toBe(422);
  });

  test('rules: required fields, valid country and state, English only, no P.O. Box', async () => {
    const missing = await t.call<{ errors: Record<string, string[]> }>('account/address', { token: u.token, body: {} });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['addressLine1', 'city', 'countryCode', 'firstName', 'lastName', 'mobile', 'phoneCode', 'postcode']);

    const cases: [Record<string, unknown>, string, string][] = [
      [{ countryCode: 'XX' }, 'countryCode', ADDRESS_MESSAGES.countryInvalid],
      [{ state: 'Bavaria' }, 'state', ADDRESS_MESSAGES.stateInvalid],
      [{ state: '' }, 'state', ADDRESS_MESSAGES.stateRequired],
      [{ city: 'München' }, 'city', ADDRESS_MESSAGES.englishOnly],
      [{ addressLine1: 'P.O. Box 123' }, 'addressLine1', ADDRESS_MESSAGES.poBox],
      [{ addressLine2: 'PO Box 9' }, 'addressLine2', ADDRESS_MESSAGES.poBox],
      [{ addressLine1: 'Post Office Box 5' }, 'addressLine1', ADDRESS_MESSAGES.poBox],
      [{ mobile: '123' }, 'mobile', ADDRESS_MESSAGES.mobileShort],
    ];
    for (const [change, field, message] of cases) {
      const res = await t.call('account/address', { token: u.token, body: { ...US_ADDRESS, ...change } });
      expect(res, JSON.stringify(change)).toEqual({ status: 422, body: { message, errors: { [field]: [message] } } });
    }
    // A country without required states takes none; "Box Hill" is a street, not a P.O. Box.
    const ok = await t.call('account/address', { token: u.token, body: { ...US_ADDRESS, countryCode: 'SG', state: null, addressLine1: '1 Box Hill Road' } });
    expect(ok.status).toBe(201);
  });
});

describe(`billing addresses (${db})`, () => {
  test('create, list, get, update, delete with ids', async () => {
    const a = await t.call<BillingAddress>('account/billingAddress', { token: u.token, body: { companyName: 'Demo Inc.', name: 'Dana Demo', location: '500 Demo Street, San Francisco' } });
    expect(a.status).toBe(201);
    const b = await t.call<BillingAddress>('account/billingAddress', { token: u.token, body: { name: 'Dana', location: 'Oakland' } });
    expect(b.body.companyName).toBeNull();
    const list = await t.call<{ list: BillingAddress[]; total: number }>('account/billingAddress', { token: u.token });
    expect(list.body.total).toBe(2);
    expect((await t.call<BillingAddress>(`account/billingAddress/${a.body.id}`, { token: u.token })).body.name).toBe('Dana Demo');
    const updated = await t.call<BillingAddress>(`account/billingAddress/${a.body.id}`, { method: 'PATCH', token: u.token, body: { name: 'D. Demo', location: 'SF' } });
    expect(updated.body).toMatchObject({ name: 'D. Demo', location: 'SF', companyName: null });
    expect(await t.call('account/billingAddress', { method: 'DELETE', token: u.token, body: { ids: [a.body.id, b.body.id] } })).toEqual({ status: 200, body: { deleted: 2 } });
    expect((await t.call(`account/billingAddress/${a.body.id}`, { token: u.token })).status).toBe(404);
  });

  test('rules: name and location required, English only', async () => {
    expect((await t.call('account/billingAddress', { token: u.token, body: {} })).body).toEqual({
      message: ADDRESS_MESSAGES.nameRequired,
      errors: { name: [ADDRESS_MESSAGES.nameRequired], location: [ADDRESS_MESSAGES.locationRequired] },
    });
    expect((await t.call('account/billingAddress', { token: u.token, body: { name: '王', location: 'x' } })).body).toEqual({
      message: ADDRESS_MESSAGES.englishOnly,
      errors: { name: [ADDRESS_MESSAGES.englishOnly] },
    });
  });
});
