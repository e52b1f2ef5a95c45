import type { PhoneCodeEntry } from '#domain/api/tools';
import { mainApi } from '../api/client.ts';
import { useAsync, type AsyncState } from '../use-async.ts';

let cached: Promise<PhoneCodeEntry[]> | null = null;

/** Calling codes from the server's country dataset; one request per page load, shared by every form. */
export function loadPhoneCodes(): Promise<PhoneCodeEntry[]> {
  cached ??= mainApi<PhoneCodeEntry[]>('tools/countryList', { query: { type: 'phoneCode' }, quiet: true }).catch((error: unknown) => {
    cached = null; // a later form may try again
    throw error;
  });
  return cached;
}

export function usePhoneCodes(): AsyncState<PhoneCodeEntry[]> {
  return useAsync('phone-codes', loadPhoneCodes);
}

/** How a calling code reads in a list and in the field once chosen. */
export function phoneCodeLabel(entry: PhoneCodeEntry): string {
  return `${entry.countryName} (${entry.phoneCode})`;
}
