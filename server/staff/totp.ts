import { generateSecret, generateURI, verify } from 'otplib';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS, TOTP_TOLERANCE_STEPS } from '#domain/rules/staff-rules';

/** A new base32 TOTP secret (otplib's default: 20 random bytes). */
export function newTotpSecret(): string {
  return generateSecret();
}

/** The `otpauth://` address an authenticator app reads (as a QR code or typed). */
export function totpUri(secret: string, email: string): string {
  return generateURI({ issuer: 'Manufacture staff', label: email, secret, digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS });
}

/**
 * The time step of `code` when it is the secret's code at `now` (one step of drift either way) and
 * later than `afterStep` (a code is never taken twice, RFC 6238 section 5.2); null otherwise.
 */
export async function acceptedStep(secret: string, code: string, now: Date, afterStep: number | null): Promise<number | null> {
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)) return null;
  try {
    const result = await verify({
      secret,
      token: code,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: TOTP_TOLERANCE_STEPS * TOTP_PERIOD_SECONDS,
      digits: TOTP_DIGITS,
      period: TOTP_PERIOD_SECONDS,
      ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}
