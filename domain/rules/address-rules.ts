import { PHONE_MIN } from './account-rules.ts';

/**
 * Address rules of spec section 5: country and state valid, English only, no P.O. Box.
 * The suites (address-suites.ts, ADR 140) take the geography as an argument so that neither side
 * bundles a dataset it does not need: the server passes its ISO 3166 tables, the client what
 * `tools/countryList` answered.
 */
export interface Geography {
  isCountry(code: string): boolean;
  /** Subdivisions of a country (ISO 3166-2); an empty list when it has none. */
  subdivisions(countryCode: string): readonly { code: string; name: string }[];
}

/** Countries whose carriers need a state or province on every parcel. */
export const STATE_REQUIRED_COUNTRIES = ['US', 'CA', 'AU', 'CN', 'BR', 'MX', 'IN'] as const;

export const ADDRESS_MESSAGES = {
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  phoneCodeRequired: 'Please select a phone code.',
  mobileRequired: 'Phone number is required.',
  mobileShort: `Phone number must be at least ${PHONE_MIN} characters.`,
  countryInvalid: 'Please select a valid country.',
  stateRequired: 'Please select a state or province.',
  stateInvalid: 'Please select a valid state or province for this country.',
  cityRequired: 'City is required.',
  postcodeRequired: 'Postcode is required.',
  addressLine1Required: 'Address line 1 is required.',
  englishOnly: 'Please use English letters, digits and punctuation only.',
  poBox: 'We cannot ship to a P.O. Box; please give a street address.',
  nameRequired: 'Name is required.',
  locationRequired: 'Billing location is required.',
  tooLong: 'This is too long.',
} as const;

/** Printable ASCII only: the labels carriers print must be readable everywhere. */
export function isEnglishText(value: string): boolean {
  return /^[\x20-\x7E]*$/.test(value);
}

/** "P.O. Box 12", "PO Box", "P O Box", "Post Office Box", "POB 12". */
export function isPoBox(value: string): boolean {
  return /\b(p\.?\s*o\.?\s*box|post\s*office\s*box|p\.?\s*o\.?\s*b\.?\s*\d)/i.test(value);
}

/** Finds a subdivision by code (`US-CA`, or `CA` within the country) or by name. */
export function findSubdivision(geo: Geography, countryCode: string, state: string): { code: string; name: string } | undefined {
  const wanted = state.trim().toLowerCase();
  const country = countryCode.toUpperCase();
  return geo
    .subdivisions(country)
    .find((s) => s.code.toLowerCase() === wanted || s.code.toLowerCase() === `${country.toLowerCase()}-${wanted}` || s.name.toLowerCase() === wanted);
}
