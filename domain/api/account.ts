/** Contracts of the account calls of spec section 7 (request and response bodies). */

export interface CustomerManager {
  name: string;
  email: string;
}

/** The account record (spec section 3, "User"), answered by `GET account/me` and inside `common/index`. */
export interface UserInfo {
  username: string | null;
  email: string;
  /** The customer's number, e.g. `C100042`. */
  customerId: string;
  /** The address still waiting for activation, or null once activated. */
  activationEmail: string | null;
  /** Enterprise (member) account. */
  member: boolean;
  isEntrustOrderAccount: boolean;
  /** Whether the retention dialog may still be shown. */
  detainPopup: boolean;
  /** Spelled as the spec spells it. Null when no customer success manager is assigned. */
  customerManger: CustomerManager | null;
  isChannel: boolean;
  /** Whether balance reload is allowed. */
  isRecharge: boolean;
  firstName: string | null;
  lastName: string | null;
  phoneCode: string | null;
  phone: string | null;
  company: string | null;
  title: string | null;
  industry: string | null;
  avatarUrl: string | null;
  referralCode: string;
  /** Prepaid balance in cents of `balanceCurrency`. */
  balanceCents: number;
  balanceCurrency: string;
  wePoints: number;
  hasPassword: boolean;
  createdAt: string;
}

/** `PATCH account/me`: any subset of the profile fields. */
export interface ProfilePatch {
  username?: string;
  firstName?: string;
  lastName?: string;
  phoneCode?: string;
  phone?: string;
  company?: string | null;
  title?: string;
  industry?: string;
}

export interface LoginRequest {
  email: string;
  password: string;
}

/** `POST account/login` and the quick-login callback (spec section 3). */
export interface LoginResponse {
  accessToken: string;
  /** Seconds until the token expires. */
  expiresIn: number;
}

export interface RegisterRequest {
  email: string;
  password: string;
  confirmPassword: string;
  firstName: string;
  lastName: string;
  username?: string;
  phoneCode?: string;
  phone?: string;
  company?: string;
  referralCode?: string;
  agreeTerms: boolean;
  captchaId: string;
  captchaCode: string;
}

export interface RegisterResponse {
  email: string;
  /** Always true: the account works after the emailed link is followed. */
  activationRequired: true;
}

export interface ActivateRequest {
  key: string;
}

/** Spec section 3: the activation response has the access token (and, like login, its lifetime). */
export type ActivateResponse = LoginResponse;

export interface EmailRequest {
  email: string;
}

export interface ResetSendRequest {
  email: string;
}

/** `PATCH account/password/reset`: with the emailed key, or signed in with the current password. */
export interface PasswordResetRequest {
  key?: string;
  oldPassword?: string;
  password: string;
  confirmPassword: string;
}

export interface ContactUsRequest {
  name: string;
  email: string;
  phoneCode?: string;
  phone?: string;
  title?: string;
  industry?: string;
  message: string;
}

export interface OkResponse {
  ok: true;
  /** A sentence to show, when there is one. */
  message?: string;
}

export interface UploadImageResponse {
  avatarUrl: string;
}

export type PromoCodeStatus = 'active' | 'inactive';

/** Spec section 3, "Coupon". */
export interface PromoCode {
  id: string;
  code: string;
  description: string;
  percentOff: number | null;
  amountOffCents: number | null;
  /** ISO date-time, or null for a code that never expires (referral coupons). */
  expiresAt: string | null;
  status: PromoCodeStatus;
}

export interface DistributionAccessResponse {
  /** Whether `cm` is a known referral code. */
  valid: boolean;
}

/** `POST account/temporaryToken`: a token for an anonymous visitor's quote session (ADR 020). */
export interface TemporaryTokenResponse {
  temporaryToken: string;
  expiresIn: number;
}

export interface DeletionRequestResponse {
  ok: true;
  /** Seconds the emailed confirmation link stays valid (spec: 24 h). */
  expiresIn: number;
}

export interface QuickLoginChannel {
  channel: string;
  name: string;
  /** Whether the signed-in user has linked this provider (false when anonymous). */
  linked: boolean;
}

export interface QuickLoginUrlResponse {
  url: string;
}

export interface QuickCallbackRequest {
  channel: string;
  code: string;
  state: string;
}

/** A login, or, when a signed-in user linked a provider, `{ linked: true }`. */
export type QuickCallbackResponse = (LoginResponse & { linked: false }) | { linked: true };

export interface UnlinkQuickRequest {
  channel: string;
}
