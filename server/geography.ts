import { countries, type TCountryCode } from 'countries-list';
import { iso31662 } from 'iso-3166';
import type { Geography } from '#domain/rules/address-rules';

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
