import { expect, test } from 'vitest';
import { SNAPSHOTS } from '#server/db/json-column';

/**
 * Issue 37 item 3 (ADR 183): a JSON snapshot column is written and read through its zod schema, so
 * a shape that does not fit fails where it is made, and a row that does not fit fails with the
 * column's name, never as a wrong value further on.
 */
const CONSIGNEE = {
  firstName: 'Ada',
  lastName: 'Buyer',
  company: null,
  phoneCode: '+44',
  mobile: '2079460000',
  vatNumber: null,
  countryCode: 'GB',
  countryName: 'United Kingdom',
  state: null,
  stateName: null,
  city: 'London',
  postcode: 'EC1A 1BB',
  addressLine1: '1 Test Street',
  addressLine2: null,
  addressLine3: null,
};

test('a snapshot goes in and comes out as its shape', () => {
  const text = SNAPSHOTS.billing.write({ companyName: null, name: 'Ada Buyer', location: '1 Test Street, London' });
  expect(SNAPSHOTS.billing.read(text)).toEqual({ companyName: null, name: 'Ada Buyer', location: '1 Test Street, London' });
  expect(SNAPSHOTS.consignee.read(SNAPSHOTS.consignee.write(CONSIGNEE))).toEqual(CONSIGNEE);
});

test('a consignee kept before the state’s name was is read without it', () => {
  const { stateName: _name, ...older } = CONSIGNEE;
  expect(SNAPSHOTS.consignee.read(JSON.stringify(older))).toEqual(older);
});

test('a value of another shape is refused on write, and a stored one on read, naming the column', () => {
  expect(() => SNAPSHOTS.billing.write({ companyName: null, name: 'Ada Buyer' } as never)).toThrow();
  expect(() => SNAPSHOTS.billing.read('{"name":"Ada Buyer"}')).toThrow(/customer_order\.billing holds a value of another shape/);
  expect(() => SNAPSHOTS.lineFindings.read('[{"code":"no-such-code"}]')).toThrow(/order_line\.findings/);
});
