import { expect, test } from 'vitest';
import { registerSuite } from '#domain/rules/account-suites';
import { findSubdivision, isEnglishText, isPoBox } from '#domain/rules/address-rules';
import { shippingAddressSuite } from '#domain/rules/address-suites';
import { serverGeography } from '#server/geography';

test('P.O. Box spellings are caught; streets that merely contain "box" are not', () => {
  for (const s of ['P.O. Box 12', 'PO Box 3', 'p o box 9', 'Post Office Box 1', 'POB 77', 'po box']) expect(isPoBox(s), s).toBe(true);
  for (const s of ['1 Box Hill Road', 'Boxford Lane 2', 'Pobrook Street 5', 'Postbox Avenue']) expect(isPoBox(s), s).toBe(false);
});

test('English only means printable ASCII', () => {
  expect(isEnglishText("O'Neil St. #5, 2/F (rear)")).toBe(true);
  expect(isEnglishText('Straße')).toBe(false);
  expect(isEnglishText('北京')).toBe(false);
});

test('subdivisions are found by full code, short code or name', () => {
  expect(findSubdivision(serverGeography, 'US', 'US-CA')?.name).toBe('California');
  expect(findSubdivision(serverGeography, 'us', 'ca')?.code).toBe('US-CA');
  expect(findSubdivision(serverGeography, 'US', 'california')?.code).toBe('US-CA');
  expect(findSubdivision(serverGeography, 'US', 'Bavaria')).toBeUndefined();
});

test('the suites run statically with the same data a client form would hand them', () => {
  const geo = { isCountry: (c: string) => c === 'US', subdivisions: () => [{ code: 'US-CA', name: 'California' }] };
  const result = shippingAddressSuite.runStatic(
    { firstName: 'A', lastName: 'B', phoneCode: '+1', mobile: '4155550100', countryCode: 'US', state: 'CA', city: 'SF', postcode: '94107', addressLine1: '1 Main St' },
    geo,
  );
  expect(result.hasErrors()).toBe(false);
  expect(registerSuite.runStatic({}).getErrors('agreeTerms')).toEqual(['Please agree to the terms.']);
});
