import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { BillingAddressInputSchema, ShippingAddressInputSchema } from '#domain/api/address';
import { ADDRESS_MESSAGES, type Geography } from '#domain/rules/address-rules';
import { billingAddressSuite, shippingAddressSuite } from '#domain/rules/address-suites';
import { BILLING_ADDRESS_LIMITS, SHIPPING_ADDRESS_LIMITS } from '#domain/rules/field-limits';

/**
 * Issue 37 item 3 (ADR 183): each field's limit lives in one place, and the API's shape and the
 * form's checks both use it. Before, a billing address's name passed the form at 300 characters and
 * was refused by the server above 100; a shipping first name at 200 and 100.
 */
const geo: Geography = { isCountry: (code) => code === 'GB', subdivisions: () => [] };

const SHIPPING = { firstName: 'Ada', lastName: 'Buyer', phoneCode: '+44', mobile: '2079460000', countryCode: 'GB', city: 'London', postcode: 'EC1A 1BB', addressLine1: '1 Test Street' };
const BILLING = { name: 'Ada Buyer', location: '1 Test Street, London' };

function refusedByShape(schema: z.ZodType, data: Record<string, unknown>, field: string): boolean {
  const parsed = schema.safeParse(data);
  return !parsed.success && parsed.error.issues.some((issue) => issue.path[0] === field);
}

describe.each([
  ['shipping', SHIPPING_ADDRESS_LIMITS, ShippingAddressInputSchema, SHIPPING, (data: Record<string, unknown>) => shippingAddressSuite.runStatic(data, geo)],
  ['billing', BILLING_ADDRESS_LIMITS, BillingAddressInputSchema, BILLING, (data: Record<string, unknown>) => billingAddressSuite.runStatic(data)],
] as const)('a %s address', (_kind, limits, schema, valid, run) => {
  // One more is refused by the form: "This is too long.", or an earlier rule of the field when one
  // already says no (a phone code, a country or a state that long is none).
  test.each(Object.entries(limits))('%s: the form and the API both take %i characters and both refuse one more', (field, max) => {
    const at = { ...valid, [field]: 'A'.repeat(max) };
    const over = { ...valid, [field]: 'A'.repeat(max + 1) };
    expect(refusedByShape(schema, at, field)).toBe(false);
    expect(run(at).getErrors(field)).not.toContain(ADDRESS_MESSAGES.tooLong);
    expect(refusedByShape(schema, over, field)).toBe(true);
    expect(run(over).getErrors(field)).not.toEqual([]);
    if (run(at).getErrors(field).length === 0) expect(run(over).getErrors(field)).toContain(ADDRESS_MESSAGES.tooLong);
  });

  test('every field of the input has its limit', () => {
    const fields = Object.keys((schema as z.ZodObject).shape).filter((f) => f !== 'isDefault');
    expect(Object.keys(limits).sort()).toEqual(fields.sort());
  });
});
