/** Contract of `GET tools/countryList` (spec section 7). */
export const COUNTRY_LIST_TYPES = ['phoneCode', 'country', 'state'] as const;
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

/** `GET tools/countryList?type=state&country=US`: the ISO 3166-2 subdivisions of one country. */
export interface StateEntry {
  /** ISO 3166-2 code, e.g. `US-CA`. */
  code: string;
  name: string;
}

/** The error body every failing call answers with (spec section 8 shows `message` to the user). */
export interface ApiErrorBody {
  message: string;
  /** Field-level messages from the vest suites, keyed by field name. */
  errors?: Record<string, string[]>;
}

/** `GET tools/captchaImage`: an SVG image to show and the id to send back with the answer. */
export interface CaptchaResponse {
  captchaId: string;
  /** `data:image/svg+xml;base64,...` */
  image: string;
  /** Seconds the captcha stays valid; it is good for one attempt. */
  expiresIn: number;
}

/** `POST tools/semRecord`: where the visitor came from and the utm_* parameters of the landing URL. */
export interface SemRecordRequest {
  referer?: string | null;
  browse_url: string;
  /** Either nested, or as top-level `utm_*` fields. */
  query?: Record<string, string>;
  [utm: `utm_${string}`]: string | undefined;
}

/** `POST tools/detain`: the answer of the retention dialog. */
export interface DetainRequest {
  option: string;
  reason?: string;
}
