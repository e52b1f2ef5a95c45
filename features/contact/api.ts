import type { PhoneCodeEntry } from '#domain/api/tools';
import { mainApi } from '#lib/api/client';

export function fetchPhoneCodes(signal?: AbortSignal): Promise<PhoneCodeEntry[]> {
  return mainApi<PhoneCodeEntry[]>('tools/countryList', { query: { type: 'phoneCode' }, signal });
}
