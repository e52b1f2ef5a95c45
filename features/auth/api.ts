import type {
  ActivateResponse,
  DeletionCheckResponse,
  QuickCallbackResponse,
  LoginRequest,
  LoginResponse,
  OkResponse,
  PasswordResetRequest,
  RegisterRequest,
  RegisterResponse,
} from '#domain/api/account';
import type { CaptchaChallengeResponse, CaptchaResponse } from '#domain/api/tools';
import { mainApi } from '#lib/api/client';

// Form calls are quiet: the form shows the failure next to its fields, not in a toast.

export const login = (body: LoginRequest) => mainApi<LoginResponse>('account/login', { method: 'POST', body, quiet: true });

export const register = (body: RegisterRequest) => mainApi<RegisterResponse>('account/register', { method: 'POST', body, quiet: true });

export const activate = (key: string) => mainApi<ActivateResponse>('account/activate', { method: 'POST', body: { key }, quiet: true });

export const resendActivation = (email: string) =>
  mainApi<OkResponse>('account/activeEmail', { method: 'POST', body: { email }, quiet: true });

export const sendPasswordReset = (email: string) =>
  mainApi<OkResponse>('account/password/resetSend', { method: 'POST', body: { email }, quiet: true });

export const resetPassword = (body: PasswordResetRequest) =>
  mainApi<OkResponse>('account/password/reset', { method: 'PATCH', body, quiet: true });

/** What the emailed deletion link can still do; looking never deletes (mail scanners open links). */
export const checkAccountDeletion = (key: string) =>
  mainApi<DeletionCheckResponse>('account/deletion/check', { method: 'POST', body: { key }, quiet: true });

export const confirmAccountDeletion = (key: string) =>
  mainApi<OkResponse>('account/deletion/confirm', { method: 'POST', body: { key }, quiet: true });

/** Finishes a quick login with what the provider sent back (`iss`: RFC 9207, when it sent one). */
export const finishQuickLogin = (channel: string, code: string, state: string, iss?: string | null) =>
  mainApi<QuickCallbackResponse>('account/quick/callback', { method: 'POST', body: { channel, code, state, ...(iss ? { iss } : {}) }, quiet: true });

export const fetchCaptcha = () => mainApi<CaptchaResponse>('tools/captchaImage', { quiet: true });

/** A proof-of-work challenge in place of the image (ADR 081). */
export const fetchCaptchaChallenge = () => mainApi<CaptchaChallengeResponse>('tools/captchaChallenge', { quiet: true });

