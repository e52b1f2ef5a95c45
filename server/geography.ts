import { countries, type TCountryCode } from 'countries-list';
import { iso31662 } from 'iso-3166';
import type { Kysely } from 'kysely';
import type { CountryEntry, CountryListType, PhoneCodeEntry, StateEntry } from '#domain/api/tools';
import { findSubdivision, type Geography } from '#domain/rules/address-rules';
import type { Database } from './db/schema.ts';
import { fieldError } from './errors.ts';

const byCountry = new Map<string, { code: string; name: string }[]>();
for (const s of iso31662) {
  const country = s.code.slice(0, 2);
  let list = byCountry.get(country);
  if (!list) byCountry.set(country, (list = []));
  list.push({ code: s.code, name: s.name });
}
for (const list of byCountry.values()) list.sort((a, b) => a.name.localeCompare(b.name, 'en'));

/** The server's geography: countries from `countries-list`, subdivisions from ISO 3166-2 (`iso-3166`). */
export const serverGeography: Geography = {
  isCountry: (code) => Object.hasOwn(countries, code),
  subdivisions: (code) => byCountry.get(code.toUpperCase()) ?? [],
};

export function countryName(code: string): string {
  return Object.hasOwn(countries, code) ? countries[code as TCountryCode].name : code;
}

/** A state's or province's name from its ISO 3166-2 code (`US-CA` → California), or null when it is none of the country's. */
export function subdivisionName(countryCode: string, code: string | null): string | null {
  return code ? (findSubdivision(serverGeography, countryCode, code)?.name ?? null) : null;
}

/** `tools/countryList`: the countries (seeded into the `country` table), their calling codes, or one country's states. */
export async function countryList(
  db: Kysely<Database>,
  type: CountryListType,
  country: string | undefined,
): Promise<CountryEntry[] | PhoneCodeEntry[] | StateEntry[]> {
  if (type === 'state') {
    const code = (country ?? '').toUpperCase();
    if (!serverGeography.isCountry(code)) throw fieldError('country', 'Please select a valid country.');
    return serverGeography.subdivisions(code).map((s) => ({ code: s.code, name: s.name }));
  }
  const rows = await db.selectFrom('country').selectAll().orderBy('name').execute();
  if (type === 'country') return rows.map((r) => ({ countryCode: r.code, countryName: r.name }));
  return rows.flatMap((r) =>
    r.phone_codes
      .split(',')
      .filter(Boolean)
      .map((code) => ({ id: `${r.code}-${code}`, countryCode: r.code, countryName: r.name, phoneCode: `+${code}` })),
  );
}
