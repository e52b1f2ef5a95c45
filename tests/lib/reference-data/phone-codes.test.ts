import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { entryForCode, usePhoneCodes } from '#lib/reference-data/phone-codes';
import { fakeApi } from '../../support/fake-api.ts';

afterEach(() => vi.unstubAllGlobals());

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

// The list without the cache of server state (ADR 262): one module-level request per page, in this
// file's order (the module's promise outlives a test, as it outlives a form on the page).
test('a list that fails to load says so at once, and a form mounted again asks again', async () => {
  const failing = fakeApi({ 'GET tools/countryList': () => [500, { message: 'down' }] });
  const first = renderHook(() => usePhoneCodes());
  expect(first.result.current).toEqual({ status: 'loading' });
  await waitFor(() => expect(first.result.current.status).toBe('error'));
  first.unmount();
  expect(failing).toHaveLength(1);

  const calls = fakeApi({ 'GET tools/countryList': (call) => [200, call.query.get('type') === 'phoneCode' ? entries : []] });
  const again = renderHook(() => usePhoneCodes());
  await waitFor(() => expect(again.result.current).toEqual({ status: 'success', data: entries }));
  expect(calls).toHaveLength(1);

  // Loaded once for the page: another form draws it at once and asks nothing.
  const third = renderHook(() => usePhoneCodes());
  expect(third.result.current).toEqual({ status: 'success', data: entries });
  expect(calls).toHaveLength(1);
});
