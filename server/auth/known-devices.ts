import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a browser stays known after a sign-in to the account. */
export const KNOWN_DEVICE_DAYS = 180;

/** A cookie to set on the answer: its name, value and attributes. */
export interface DeviceCookie {
  name: string;
  value: string;
  maxAgeSeconds: number;
}

/**
 * Known-device cookies (ADR 082; OWASP's "device cookies" against online guessing): after a
 * successful sign-in or a password reset by the emailed link, the browser gets an HttpOnly cookie
 * that proves, by an HMAC with the server's secret, that it signed in to this account before. The
 * per-account back-off (login-throttle.ts) does not hold such a browser back, so an attacker
 * guessing from elsewhere cannot lock the owner out. One cookie per account (its name derives from
 * the account), so a shared computer remembers each account it was used for.
 */
export class KnownDevices {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('known-device-cookie').digest();
  }

  private mac(data: string): string {
    return createHmac('sha256', this.key).update(data).digest('base64url');
  }

  /** The cookie's name for an account: no id in the clear. */
  cookieName(userId: string): string {
    return `mf_known_${this.mac(`name|${userId}`).slice(0, 12)}`;
  }

  /** The cookie that makes this browser known for the account, from `now`. */
  issue(userId: string, now: Date): DeviceCookie {
    const maxAgeSeconds = KNOWN_DEVICE_DAYS * 24 * 3600;
    const expires = Math.floor(now.getTime() / 1000) + maxAgeSeconds;
    return { name: this.cookieName(userId), value: `${expires}.${this.mac(`value|${userId}|${expires}`)}`, maxAgeSeconds };
  }

  /** Whether the request's cookies hold a valid, unexpired known-device cookie for the account. */
  isKnown(cookies: Record<string, string>, userId: string, now: Date): boolean {
    const value = cookies[this.cookieName(userId)];
    const match = value ? /^(\d{1,12})\.([\w-]{43})$/.exec(value) : null;
    if (!match) return false;
    const expires = Number(match[1]);
    if (expires * 1000 <= now.getTime()) return false;
    const expected = Buffer.from(this.mac(`value|${userId}|${expires}`));
    const given = Buffer.from(match[2] ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
