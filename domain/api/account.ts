/** Contracts of the account calls of spec section 7 (request and response bodies; ADR 060). */
import { z } from 'zod';
import { CONTACT_MESSAGE_MAX, CONTACT_SUBJECT_MAX, ORDER_NUMBER_MAX } from '../rules/account-rules.ts';
import { DELETION_OPTIONS, DELETION_REASON_MAX } from '../rules/deletion-rules.ts';
import { DETAIN_MESSAGES } from '../rules/detain-rules.ts';
import { PROMO_CODE_KINDS, PROMO_CODE_STATUSES, type PromoCodeKind, type PromoCodeStatus } from '../rules/rewards-rules.ts';
import { MAX, described, id, instant, named, optionalText, required, text } from './fields.ts';

export const CustomerManagerSchema = z.object({ name: z.string(), email: z.string() });
export type CustomerManager = z.infer<typeof CustomerManagerSchema>;

/** The account record (spec section 3, "User"), answered by `GET account/me` and inside `common/index`. */
export const UserInfoSchema = named(
  'UserInfo',
  z.object({
    username: z.string().nullable(),
    email: z.string(),
    customerId: described(z.string(), 'The customer’s number, e.g. C100042.'),
    activationEmail: described(z.string().nullable(), 'The address still waiting for activation, or null once activated.'),
    member: described(z.boolean(), 'Enterprise (member) account.'),
    isEntrustOrderAccount: z.boolean(),
    detainPopup: described(z.boolean(), 'Whether the retention dialog may still be shown.'),
    customerManger: described(CustomerManagerSchema.nullable(), 'Spelled as the spec spells it. Null when no customer success manager is assigned.'),
    isChannel: z.boolean(),
    isRecharge: described(z.boolean(), 'Whether balance reload is allowed.'),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    phoneCode: z.string().nullable(),
    phone: z.string().nullable(),
    company: z.string().nullable(),
    title: z.string().nullable(),
    industry: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    referralCode: z.string(),
    balanceCents: described(z.int(), 'Prepaid balance in cents of balanceCurrency.'),
    balanceCurrency: z.string(),
    wePoints: z.int(),
    hasPassword: z.boolean(),
    createdAt: z.iso.datetime(),
  }),
);
export type UserInfo = z.infer<typeof UserInfoSchema>;

/** `PATCH account/me`: any subset of the profile fields (each one sent is checked by the profile rules). */
export const ProfilePatchSchema = named(
  'ProfilePatch',
  z.object({
    username: text(MAX.name).optional(),
    firstName: text(MAX.name).optional(),
    lastName: text(MAX.name).optional(),
    phoneCode: text(MAX.id).optional(),
    phone: text(MAX.id).optional(),
    company: optionalText(MAX.name),
    title: text(MAX.name).optional(),
    industry: text(MAX.name).optional(),
  }),
);
export type ProfilePatch = z.infer<typeof ProfilePatchSchema>;

const email = () => required(text(MAX.email));
const password = () => required(z.string().max(MAX.password));

/**
 * `POST account/login`. `captchaId` and `captchaCode` (an image's characters or a proof-of-work
 * counter, ADR 081) are asked for only once the account has had many sign-in attempts (ADR 153).
 */
export const LoginRequestSchema = named(
  'LoginRequest',
  z.object({
    email: email(),
    password: password(),
    captchaId: described(optionalText(MAX.id), 'Needed only when a sign-in was refused with an error under captchaCode: the captcha or challenge solved.'),
    captchaCode: optionalText(MAX.id),
  }),
);
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/** `POST account/login` and the quick-login callback (spec section 3). */
export const LoginResponseSchema = named(
  'LoginResponse',
  z.object({ accessToken: z.string(), expiresIn: described(z.int(), 'Seconds until the token expires.') }),
);
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const RegisterRequestSchema = named(
  'RegisterRequest',
  z.object({
    email: email(),
    password: password(),
    confirmPassword: password(),
    firstName: required(text(MAX.name)),
    lastName: required(text(MAX.name)),
    username: optionalText(MAX.name),
    phoneCode: optionalText(MAX.id),
    phone: optionalText(MAX.id),
    company: optionalText(MAX.name),
    referralCode: optionalText(MAX.id),
    agreeTerms: z.boolean().default(false),
    captchaId: required(id()),
    captchaCode: required(text(MAX.id)),
  }),
);
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;

export const RegisterResponseSchema = named(
  'RegisterResponse',
  z.object({ email: z.string(), activationRequired: described(z.literal(true), 'Always true: the account works after the emailed link is followed.') }),
);
export type RegisterResponse = z.infer<typeof RegisterResponseSchema>;

/** An emailed key: activation, account deletion. */
export const ActivateRequestSchema = named('KeyRequest', z.object({ key: required(text(MAX.id)) }));
export type ActivateRequest = z.infer<typeof ActivateRequestSchema>;

/** Spec section 3: the activation response has the access token (and, like login, its lifetime). */
export type ActivateResponse = LoginResponse;

export const EmailRequestSchema = named('EmailRequest', z.object({ email: email() }));
export type EmailRequest = z.infer<typeof EmailRequestSchema>;
export type ResetSendRequest = EmailRequest;

/** `PATCH account/password/reset`: with the emailed key, or signed in with the current password. */
export const PasswordResetRequestSchema = named(
  'PasswordResetRequest',
  z.object({
    key: text(MAX.id).optional(),
    oldPassword: z.string().max(MAX.password).optional(),
    password: password(),
    confirmPassword: password(),
  }),
);
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>;

export const ContactUsRequestSchema = named(
  'ContactUsRequest',
  z.object({
    name: required(text(MAX.name)),
    email: email(),
    phoneCode: optionalText(MAX.id),
    phone: optionalText(MAX.id),
    title: optionalText(MAX.name),
    industry: optionalText(MAX.name),
    subject: required(text(CONTACT_SUBJECT_MAX)),
    orderNumber: described(optionalText(ORDER_NUMBER_MAX), 'The order the message is about, when there is one (e.g. W25123456).'),
    message: required(text(CONTACT_MESSAGE_MAX)),
  }),
);
export type ContactUsRequest = z.infer<typeof ContactUsRequestSchema>;

export const OkResponseSchema = named(
  'Ok',
  z.object({ ok: z.literal(true), message: described(z.string(), 'A sentence to show, when there is one.').optional() }),
);
export type OkResponse = z.infer<typeof OkResponseSchema>;

export const UploadImageResponseSchema = z.object({ avatarUrl: z.string() });
export type UploadImageResponse = z.infer<typeof UploadImageResponseSchema>;

export { PROMO_CODE_KINDS, PROMO_CODE_STATUSES };
export type { PromoCodeKind, PromoCodeStatus };

/** Spec section 3, "Coupon". */
export const PromoCodeSchema = named(
  'PromoCode',
  z.object({
    id: z.string(),
    code: z.string(),
    kind: z.enum(PROMO_CODE_KINDS),
    description: z.string(),
    percentOff: z.int().nullable(),
    amountOffCents: z.int().nullable(),
    expiresAt: described(z.iso.datetime().nullable(), 'ISO date-time, or null for a code that never expires (referral coupons).'),
    status: z.enum(PROMO_CODE_STATUSES),
    usedAt: described(z.iso.datetime().nullable(), 'When an order took it (coupons are single-use).'),
    createdAt: z.iso.datetime(),
  }),
);
export type PromoCode = z.infer<typeof PromoCodeSchema>;

export const DistributionAccessResponseSchema = z.object({ valid: described(z.boolean(), 'Whether cm is a known referral code.') });
export type DistributionAccessResponse = z.infer<typeof DistributionAccessResponseSchema>;

/** `POST account/temporaryToken`: a token for an anonymous visitor's quote session (ADR 020). */
export const TemporaryTokenResponseSchema = z.object({ temporaryToken: z.string(), expiresIn: z.int() });
export type TemporaryTokenResponse = z.infer<typeof TemporaryTokenResponseSchema>;

/** `POST account/deletion`: the retention dialog's answer comes with the request (spec section 5). */
export const DeletionRequestSchema = named(
  'DeletionRequest',
  z.object({
    option: described(z.enum(DELETION_OPTIONS, { error: () => DETAIN_MESSAGES.optionRequired }), `One of: ${DELETION_OPTIONS.join('; ')}.`),
    reason: optionalText(DELETION_REASON_MAX),
    forfeitBalanceCents: described(
      z.int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
      'Required while the account holds a prepaid balance: that balance in cents, as `GET account/deletion` answers it, confirming it is given up with the account (ADR 150).',
    ),
  }),
);
export type DeletionRequest = z.infer<typeof DeletionRequestSchema>;

/** `GET account/deletion`: what deleting the account does to its prepaid balance (ADR 150). */
export const DeletionPreviewSchema = named(
  'DeletionPreview',
  z.object({
    balanceCents: described(z.int(), 'The prepaid balance now, in cents of `currency`; 0 when none.'),
    currency: z.string(),
    message: described(z.string().nullable(), 'What happens to the balance, in words; null when there is none.'),
  }),
);
export type DeletionPreview = z.infer<typeof DeletionPreviewSchema>;

export const DELETION_LINK_STATES = ['valid', 'used', 'expired', 'unknown'] as const;
export type DeletionLinkState = (typeof DELETION_LINK_STATES)[number];

/** `POST account/deletion/check`: what the emailed link can still do, without using it (mail scanners open links). */
export const DeletionCheckResponseSchema = named(
  'DeletionCheck',
  z.object({
    state: z.enum(DELETION_LINK_STATES),
    expiresAt: described(instant().nullable(), 'When a valid link stops working; null otherwise.'),
    message: described(z.string().nullable(), 'Why the link cannot be used, in words; null when it can.'),
  }),
);
export type DeletionCheckResponse = z.infer<typeof DeletionCheckResponseSchema>;

/** `PATCH admin/account`: customer service sets what the account record says about the customer. */
export const OperatorAccountPatchSchema = named(
  'OperatorAccountPatch',
  z.object({
    email: required(text(MAX.email)),
    member: described(z.boolean(), 'Enterprise (business) account.').optional(),
    isEntrustOrderAccount: z.boolean().optional(),
    isRecharge: z.boolean().optional(),
    customerManager: described(
      z.object({ name: required(text(MAX.name)), email: required(text(MAX.email)) }).nullable(),
      'The customer success manager; null removes them.',
    ).optional(),
  }),
);
export type OperatorAccountPatch = z.infer<typeof OperatorAccountPatchSchema>;

export const DeletionRequestResponseSchema = z.object({
  ok: z.literal(true),
  expiresIn: described(z.int(), 'Seconds the emailed confirmation link stays valid (spec: 24 h).'),
});
export type DeletionRequestResponse = z.infer<typeof DeletionRequestResponseSchema>;

export const QuickLoginChannelSchema = z.object({
  channel: z.string(),
  name: z.string(),
  linked: described(z.boolean(), 'Whether the signed-in user has linked this provider (false when anonymous).'),
});
export type QuickLoginChannel = z.infer<typeof QuickLoginChannelSchema>;

export const QuickLoginUrlResponseSchema = z.object({ url: z.string() });
export type QuickLoginUrlResponse = z.infer<typeof QuickLoginUrlResponseSchema>;

export const QuickCallbackRequestSchema = z.object({
  channel: required(id()),
  code: required(z.string().max(MAX.url)),
  state: required(id()),
  iss: described(z.string().max(MAX.url), 'The `iss` the provider added to the return address (RFC 9207), passed on as received.').optional(),
});
export type QuickCallbackRequest = z.infer<typeof QuickCallbackRequestSchema>;

/** A login, or, when a signed-in user linked a provider, `{ linked: true }`. */
export const QuickCallbackResponseSchema = z.discriminatedUnion('linked', [
  LoginResponseSchema.extend({ linked: z.literal(false) }),
  z.object({ linked: z.literal(true) }),
]);
export type QuickCallbackResponse = z.infer<typeof QuickCallbackResponseSchema>;

export const UnlinkQuickRequestSchema = z.object({ channel: required(id()) });
export type UnlinkQuickRequest = z.infer<typeof UnlinkQuickRequestSchema>;
