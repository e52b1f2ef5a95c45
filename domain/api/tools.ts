/** Contract of the tools calls (spec section 7) and the error body of every call (ADR 060). */
import { z } from 'zod';
import { DETAIN_MESSAGES, DETAIN_OPTIONS } from '../rules/detain-rules.ts';
import { MAX, described, named, optionalText, required, text } from './fields.ts';

export const COUNTRY_LIST_TYPES = ['phoneCode', 'country', 'state'] as const;
export type CountryListType = (typeof COUNTRY_LIST_TYPES)[number];

export const CountryListQuerySchema = z.object({
  type: described(z.enum(COUNTRY_LIST_TYPES), 'Default country.').optional(),
  country: described(text(MAX.id), 'ISO 3166-1 alpha-2; required with type=state.').optional(),
});

export const PhoneCodeEntrySchema = named(
  'PhoneCodeEntry',
  z.object({
    id: described(z.string(), 'Unique per row: a country can have several calling codes (e.g. DO-1809).'),
    countryCode: described(z.string(), 'ISO 3166-1 alpha-2 code.'),
    countryName: z.string(),
    phoneCode: described(z.string(), 'With the leading plus, e.g. +44.'),
  }),
);
export type PhoneCodeEntry = z.infer<typeof PhoneCodeEntrySchema>;

export const CountryEntrySchema = named('CountryEntry', z.object({ countryCode: z.string(), countryName: z.string() }));
export type CountryEntry = z.infer<typeof CountryEntrySchema>;

/** `GET tools/countryList?type=state&country=US`: the ISO 3166-2 subdivisions of one country. */
export const StateEntrySchema = named('StateEntry', z.object({ code: described(z.string(), 'ISO 3166-2 code, e.g. US-CA.'), name: z.string() }));
export type StateEntry = z.infer<typeof StateEntrySchema>;

/** The answer of `tools/countryList`: one of the three lists, by `type`. */
export const CountryListSchema = z.union([z.array(PhoneCodeEntrySchema), z.array(CountryEntrySchema), z.array(StateEntrySchema)]);

/** The error body every failing call answers with (spec section 8 shows `message` to the user). */
export const ApiErrorBodySchema = named(
  'Error',
  z.object({
    message: z.string(),
    errors: described(z.record(z.string(), z.array(z.string())), 'Field-level messages (shape checks and the vest suites), keyed by field name.').optional(),
  }),
);
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;

/** `GET tools/captchaImage`: an SVG image to show and the id to send back with the answer. */
export const CaptchaResponseSchema = z.object({
  captchaId: z.string(),
  image: described(z.string(), 'data:image/svg+xml;base64,…'),
  expiresIn: described(z.int(), 'Seconds the captcha stays valid; it is good for one attempt.'),
});
export type CaptchaResponse = z.infer<typeof CaptchaResponseSchema>;

/** An ALTCHA proof-of-work challenge's parameters (deterministic mode; ADR 081). */
export const CaptchaChallengeSchema = named(
  'CaptchaChallenge',
  z.object({
    algorithm: described(z.string(), 'The key derivation: PBKDF2/SHA-256.'),
    cost: described(z.int(), 'PBKDF2 rounds per derivation.'),
    keyLength: described(z.int(), 'Derived key length in bytes.'),
    keyPrefix: described(z.string(), 'Hex prefix the derived key must start with.'),
    nonce: described(z.string(), 'Hex nonce; the password is the nonce followed by the counter as a big-endian uint32.'),
    salt: described(z.string(), 'Hex salt.'),
  }),
);
export type CaptchaChallenge = z.infer<typeof CaptchaChallengeSchema>;

/**
 * `GET tools/captchaChallenge`: the way through without the image. Send the counter that solves
 * the challenge as `captchaCode`, with this `captchaId`.
 */
export const CaptchaChallengeResponseSchema = z.object({
  captchaId: z.string(),
  challenge: CaptchaChallengeSchema,
  expiresIn: described(z.int(), 'Seconds the challenge stays valid; it is good for one attempt.'),
});
export type CaptchaChallengeResponse = z.infer<typeof CaptchaChallengeResponseSchema>;

/** `POST tools/semRecord`: where the visitor came from and the utm_* parameters of the landing URL. */
export const SemRecordRequestSchema = named(
  'SemRecordRequest',
  z
    .object({
      referer: optionalText(MAX.url),
      browse_url: required(text(MAX.url)),
      query: described(z.record(z.string().max(MAX.id), z.string().max(500)), 'The utm_* parameters; or send them as top-level utm_* fields.').optional(),
    })
    .catchall(z.unknown()),
);
/** What a client sends: the fields above, and any `utm_*` parameter at the top level. */
export type SemRecordRequest = Omit<z.input<typeof SemRecordRequestSchema>, `utm_${string}`> & { [utm: `utm_${string}`]: string | undefined };
/** What the server reads after the shape check. */
export type SemRecordBody = z.output<typeof SemRecordRequestSchema>;

/** `POST tools/detain`: the answer of the retention dialog. */
export const DetainRequestSchema = named(
  'DetainRequest',
  z.object({
    option: described(z.enum(DETAIN_OPTIONS, { error: () => DETAIN_MESSAGES.optionRequired }), `One of: ${DETAIN_OPTIONS.join('; ')}.`),
    reason: optionalText(MAX.text),
  }),
);
export type DetainRequest = z.infer<typeof DetainRequestSchema>;
