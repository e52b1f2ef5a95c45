import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { BillingAddress, BillingAddressInput, ShippingAddress, ShippingAddressInput } from '#domain/api/address';
import type { CreateOrderRequest, CreateOrderResponse } from '#domain/api/order';
import { checkoutSubmitMachine, fingerprint, isSettled, type SubmitRequest } from '#machines/checkout-submit-machine';

const SHIPPING: ShippingAddressInput = {
  firstName: 'Grace',
  lastName: 'Hopper',
  company: null,
  phoneCode: '+44',
  mobile: '7700900123',
  vatNumber: null,
  countryCode: 'GB',
  state: null,
  city: 'London',
  postcode: 'NW1 6XE',
  addressLine1: '12 Baker Street',
  addressLine2: null,
  addressLine3: null,
};
const BILLING: BillingAddressInput = { name: 'Grace Hopper', companyName: null, location: 'London' };
const ORDER: SubmitRequest['order'] = { shipping: { incoterm: 'EXW', carrier: 'dhl-express', carrierAccount: '965432100' }, couponCode: 'NOPE1', poNumber: null, comment: null };

class Refused extends Error {}

function harness(orderAnswers: ('refuse' | 'ok')[]) {
  let shippingSeq = 0;
  let billingSeq = 0;
  const saveShipping = vi.fn(async (input: ShippingAddressInput) => ({ ...input, id: `s${++shippingSeq}` }) as unknown as ShippingAddress);
  const saveBilling = vi.fn(async (input: BillingAddressInput) => ({ ...input, id: `b${++billingSeq}` }) as unknown as BillingAddress);
  const createOrder = vi.fn(async (request: CreateOrderRequest) => {
    if (orderAnswers.shift() === 'refuse') throw new Refused('This coupon is not valid.');
    return { order: { id: 'o1', shippingAddressId: request.shippingAddressId }, notices: [] } as unknown as CreateOrderResponse;
  });
  const actor = createActor(
    checkoutSubmitMachine.provide({
      actors: {
        saveShippingAddress: fromPromise(({ input }) => saveShipping(input)),
        saveBillingAddress: fromPromise(({ input }) => saveBilling(input)),
        createOrder: fromPromise(({ input }) => createOrder(input)),
      },
    }),
  ).start();
  const saved: string[] = [];
  actor.on('address.saved', (e) => saved.push(`${e.kind}:${e.address.id}`));
  const submit = async (request: SubmitRequest) => {
    actor.send({ type: 'submit', request });
    return waitFor(actor, isSettled);
  };
  return { actor, submit, saveShipping, saveBilling, createOrder, saved };
}

describe('placing an order from the confirmation page', () => {
  test('existing addresses: one call, the order, with their ids', async () => {
    const h = harness(['ok']);
    const done = await h.submit({ shipping: { id: 'a1' }, billing: { id: 'b9' }, order: ORDER });
    expect(done.matches('placed')).toBe(true);
    expect(h.saveShipping).not.toHaveBeenCalled();
    expect(h.saveBilling).not.toHaveBeenCalled();
    expect(h.createOrder).toHaveBeenCalledWith(expect.objectContaining({ shippingAddressId: 'a1', billingAddressId: 'b9', couponCode: 'NOPE1' }));
  });

  test('a retry after a refused coupon does not save the new addresses a second time', async () => {
    const h = harness(['refuse', 'ok']);
    const first = await h.submit({ shipping: { input: SHIPPING }, billing: { input: BILLING }, order: ORDER });
    expect(first.matches('failed')).toBe(true);
    expect(first.context.failure).toMatchObject({ step: 'order' });
    expect(h.saved).toEqual(['shipping:s1', 'billing:b1']);
    // The same address typed again (its fields in another order): the saved one is used.
    const again = await h.submit({ shipping: { input: { ...SHIPPING } }, billing: { input: { location: 'London', companyName: null, name: 'Grace Hopper' } }, order: { ...ORDER, couponCode: null } });
    expect(again.matches('placed')).toBe(true);
    expect(h.saveShipping).toHaveBeenCalledOnce();
    expect(h.saveBilling).toHaveBeenCalledOnce();
    expect(h.createOrder).toHaveBeenLastCalledWith(expect.objectContaining({ shippingAddressId: 's1', billingAddressId: 'b1', couponCode: null }));
  });

  test('a changed address after a refusal is saved as a new one', async () => {
    const h = harness(['refuse', 'ok']);
    await h.submit({ shipping: { input: SHIPPING }, billing: { id: 'b9' }, order: ORDER });
    const done = await h.submit({ shipping: { input: { ...SHIPPING, city: 'Oxford' } }, billing: { id: 'b9' }, order: ORDER });
    expect(done.matches('placed')).toBe(true);
    expect(h.saveShipping).toHaveBeenCalledTimes(2);
    expect(done.context.shippingAddressId).toBe('s2');
  });

  test('a refused address stops before the order, and says which step refused', async () => {
    const h = harness(['ok']);
    h.saveShipping.mockRejectedValueOnce(new Refused('We cannot ship to a P.O. Box; please give a street address.'));
    const refused = await h.submit({ shipping: { input: { ...SHIPPING, addressLine1: 'P.O. Box 12' } }, billing: { input: BILLING }, order: ORDER });
    expect(refused.context.failure).toMatchObject({ step: 'shipping' });
    expect(h.saveBilling).not.toHaveBeenCalled();
    expect(h.createOrder).not.toHaveBeenCalled();
    const placed = await h.submit({ shipping: { input: SHIPPING }, billing: { input: BILLING }, order: ORDER });
    expect(placed.matches('placed')).toBe(true);
    expect(placed.context.result?.order.id).toBe('o1');
  });

  test('the fingerprint ignores key order and sees every value', () => {
    expect(fingerprint({ a: 1, b: null })).toBe(fingerprint({ b: null, a: 1 }));
    expect(fingerprint({ a: 1 })).not.toBe(fingerprint({ a: 2 }));
  });
});
