import { expect, test } from 'vitest';
import { entryForCode } from '#lib/reference-data/phone-codes';

const entries = [
  { id: 'CA-1', countryCode: 'CA', countryName: 'Canada', phoneCode: '+1' },
  { id: 'GG-44', countryCode: 'GG', countryName: 'Guernsey', phoneCode: '+44' },
  { id: 'GB-44', countryCode: 'GB', countryName: 'United Kingdom', phoneCode: '+44' },
  { id: 'US-1', countryCode: 'US', countryName: 'United States', phoneCode: '+1' },
  { id: 'FR-33', countryCode: 'FR', countryName: 'France', phoneCode: '+33' },
];

test('a stored calling code shows as the country it belongs to first, not the first in the list', () => {
  expect(entryForCode(entries, '+44')?.countryName).toBe('United Kingdom');
  expect(entryForCode(entries, '+1')?.countryName).toBe('United States');
  expect(entryForCode(entries, '+33')?.countryName).toBe('France');
  expect(entryForCode(entries, '+999')).toBeUndefined();
});
