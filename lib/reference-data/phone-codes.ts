import { useEffect, useState } from 'react';
import type { PhoneCodeEntry } from '#domain/api/tools';
import { mainApi } from '../api/client.ts';
import type { AsyncState } from '../query-state.ts';

let cached: Promise<PhoneCodeEntry[]> | null = null;
/** The list once it has come: a form mounted after it draws it at once. */
let answer: PhoneCodeEntry[] | null = null;

/** Calling codes from the server's country dataset; one request per page load, shared by every form. */
export function loadPhoneCodes(): Promise<PhoneCodeEntry[]> {
  cached ??= mainApi<PhoneCodeEntry[]>('tools/countryList', { query: { type: 'phoneCode' }, quiet: true }).then(
    (codes) => (answer = codes),
    (error: unknown) => {
      cached = null; // a later form may try again
      throw error;
    },
  );
  return cached;
}

/**
 * The calling codes as a form draws them: reference data, asked once while the page lives (ADR 208),
 * from this module's own promise rather than the cache of server state. The sign-up page reads
 * nothing else from the server, so its first load carries no TanStack Query (issue 39 item 2,
 * ADR 262). A failure is drawn at once, as the cache's queries are (`retry: false`); a form mounted
 * again asks again.
 */
export function usePhoneCodes(): AsyncState<PhoneCodeEntry[]> {
  const [state, setState] = useState<AsyncState<PhoneCodeEntry[]>>(() => (answer ? { status: 'success', data: answer } : { status: 'loading' }));
  const loaded = state.status === 'success';
  useEffect(() => {
    if (loaded) return;
    let live = true;
    loadPhoneCodes().then(
      (data) => live && setState({ status: 'success', data }),
      (error: unknown) => live && setState({ status: 'error', error }),
    );
    return () => {
      live = false;
    };
  }, [loaded]);
  return state;
}

/** How a calling code reads in a list and in the field once chosen. */
export function phoneCodeLabel(entry: PhoneCodeEntry): string {
  return `${entry.countryName} (${entry.phoneCode})`;
}

/**
 * Calling codes several countries share, and the country a stored code shows as (the one the code
 * is assigned to first): a stored `+44` reads "United Kingdom (+44)", not the first of the list.
 */
const PRIMARY_COUNTRY: Readonly<Record<string, string>> = {
  '+1': 'US',
  '+7': 'RU',
  '+44': 'GB',
  '+47': 'NO',
  '+61': 'AU',
  '+64': 'NZ',
  '+212': 'MA',
  '+262': 'RE',
  '+290': 'SH',
  '+358': 'FI',
  '+377': 'MC',
  '+381': 'RS',
  '+386': 'SI',
  '+500': 'FK',
  '+590': 'GP',
  '+672': 'NF',
};

/** The entry a stored calling code shows as. */
export function entryForCode(entries: readonly PhoneCodeEntry[], phoneCode: string): PhoneCodeEntry | undefined {
  const matching = entries.filter((e) => e.phoneCode === phoneCode);
  return matching.find((e) => e.countryCode === PRIMARY_COUNTRY[phoneCode]) ?? matching[0];
}

/**
 * The entry a whole text names, as the browser's autofill writes it into a phone-code field
 * (`tel-country-code`: "+44", or "44"), or as the list reads it ("United Kingdom (+44)"), or a
 * country's name.
 */
export function entryNamed(entries: readonly PhoneCodeEntry[], text: string): PhoneCodeEntry | undefined {
  const wanted = text.trim();
  if (/^\+?\d{1,4}$/.test(wanted)) return entryForCode(entries, wanted.startsWith('+') ? wanted : `+${wanted}`);
  const lower = wanted.toLowerCase();
  return entries.find((e) => phoneCodeLabel(e).toLowerCase() === lower) ?? entries.find((e) => e.countryName.toLowerCase() === lower);
}
