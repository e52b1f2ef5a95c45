import type {
  ActivateResponse,
  LoginRequest,
  LoginResponse,
  OkResponse,
  PasswordResetRequest,
  RegisterRequest,
  RegisterResponse,
} from '#domain/api/account';
import type { CaptchaResponse } from '#domain/api/tools';
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

export const confirmAccountDeletion = (key: string) =>
  mainApi<OkResponse>('account/deletion/confirm', { method: 'POST', body: { key }, quiet: true });

export const fetchCaptcha = () => mainApi<CaptchaResponse>('tools/captchaImage', { quiet: true });

