import type { Clock } from '../clock.ts';

/**
 * Per-account sign-in back-off (issue 12 item 5, ADR 082). The per-address limit (ADR 023) does
 * not stop one account being guessed from many addresses; this counts failed password sign-ins per
 * email address, whoever sends them. The first FREE_FAILURES are free; after them every attempt
 * waits twice as long as the one before (1 s, 2 s, 4 s … up to MAX_WAIT_SECONDS). A success clears
 * the count.
 *
 * It must not lock the owner out: a browser that signed in to the account before carries a
 * known-device cookie (server/auth/known-devices.ts) and is not held back, and a password reset by
 * the emailed link clears the count. Keyed by the email as typed (normalised), account or not, so
 * the answer does not reveal whether an account exists. In memory, per process, like the rate
 * limiter (ADR 023 says what replaces both on several machines).
 */
export const LOGIN_THROTTLE = {
  freeFailures: 5,
  maxWaitSeconds: 15 * 60,
  /** A count with no attempt for this long is forgotten. */
  forgetAfterSeconds: 24 * 3600,
} as const;

interface Entry {
  attempts: number;
  nextAt: number;
  lastAt: number;
}

export class LoginThrottle {
  private readonly entries = new Map<string, Entry>();
  private calls = 0;

  constructor(
    private readonly clock: Clock,
    /** RATE_LIMIT_FACTOR: 0 turns the back-off off, as it does the rate limits (tests). */
    private readonly factor: number,
  ) {}

  /**
   * Claims one attempt for `email`: answers the seconds to wait (0: go ahead). Counted before the
   * password is checked, synchronously, so parallel attempts cannot slip through together.
   */
  attempt(email: string): number {
    if (!(this.factor > 0)) return 0;
    const now = this.clock().getTime();
    if (++this.calls % 1000 === 0) this.sweep(now);
    const entry = this.entries.get(email) ?? { attempts: 0, nextAt: 0, lastAt: now };
    if (now < entry.nextAt) return Math.max(1, Math.ceil((entry.nextAt - now) / 1000));
    entry.attempts += 1;
    entry.lastAt = now;
    const over = entry.attempts - LOGIN_THROTTLE.freeFailures;
    if (over > 0) entry.nextAt = now + Math.min(2 ** (over - 1), LOGIN_THROTTLE.maxWaitSeconds) * 1000;
    this.entries.set(email, entry);
    return 0;
  }

  /** The password was right (or reset by the emailed link): the count starts again. */
  clear(email: string): void {
    this.entries.delete(email);
  }

  private sweep(now: number): void {
    for (const [email, entry] of this.entries) {
      if (entry.lastAt <= now - LOGIN_THROTTLE.forgetAfterSeconds * 1000 && entry.nextAt <= now) this.entries.delete(email);
    }
  }
}
