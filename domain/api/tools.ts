/** Contract of `GET tools/countryList` (spec section 7). */
export const COUNTRY_LIST_TYPES = ['phoneCode', 'country'] as const;
export type CountryListType = (typeof COUNTRY_LIST_TYPES)[number];

export interface PhoneCodeEntry {
  /** Unique per row: a country can have several calling codes (e.g. `DO-1809`). */
  id: string;
  /** ISO 3166-1 alpha-2 code. */
  countryCode: string;
  countryName: string;
  /** With the leading plus, e.g. `+44`. */
  phoneCode: string;
}

export interface CountryEntry {
  countryCode: string;
  countryName: string;
}

/** The error body every failing call answers with (spec section 8 shows `message` to the user). */
export interface ApiErrorBody {
  message: string;
  /** Field-level messages from the vest suites, keyed by field name. */
  errors?: Record<string, string[]>;
}
