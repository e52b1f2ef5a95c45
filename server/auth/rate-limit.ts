import type { Clock } from '../clock.ts';

/**
 * Per client address and route, in a sliding window (ADR 023). The last five bound what an
 * anonymous caller can make the server store (issue 12 item 8, ADR 080): campaign records, retention
 * answers, referral visits, quick-login attempts, and quote projects and uploads (100 MiB each).
 */
export const RATE_LIMITS = {
  login: { limit: 10, windowMs: 60_000 },
  register: { limit: 5, windowMs: 10 * 60_000 },
  reset: { limit: 5, windowMs: 10 * 60_000 },
  captcha: { limit: 30, windowMs: 60_000 },
  temporary: { limit: 30, windowMs: 60_000 },
  contact: { limit: 5, windowMs: 10 * 60_000 },
  campaign: { limit: 10, windowMs: 10 * 60_000 },
  detain: { limit: 5, windowMs: 10 * 60_000 },
  visit: { limit: 20, windowMs: 10 * 60_000 },
  quickStart: { limit: 20, windowMs: 60_000 },
  project: { limit: 30, windowMs: 10 * 60_000 },
  upload: { limit: 200, windowMs: 60 * 60_000 },
  /** Referral invitations by email (also bounded per account and day in the database, ADR 090). */
  invite: { limit: 10, windowMs: 10 * 60_000 },
} as const;

export type RateLimitName = keyof typeof RATE_LIMITS;

/**
 * In-memory sliding-window log: good for one process. Behind a load balancer each process counts
 * alone, so the effective limit is multiplied by the process count (ADR 023 says what replaces it).
 */
export class RateLimiter {
  private readonly hits = new Map<string, number[]>();
  private calls = 0;

  constructor(
    private readonly clock: Clock,
    private readonly factor: number,
  ) {}

  /** Records a hit; answers the seconds to wait when the limit is exceeded, otherwise 0. */
  hit(name: RateLimitName, client: string): number {
    if (!(this.factor > 0)) return 0;
    const { limit, windowMs } = RATE_LIMITS[name];
    const allowed = Math.max(1, Math.ceil(limit * this.factor));
    const now = this.clock().getTime();
    const key = `${name}|${client}`;
    const recent = (this.hits.get(key) ?? []).filter((t) => t > now - windowMs);
    if (++this.calls % 1000 === 0) this.sweep(now);
    if (recent.length >= allowed) {
      this.hits.set(key, recent);
      const oldest = recent[0] ?? now;
      return Math.max(1, Math.ceil((oldest + windowMs - now) / 1000));
    }
    recent.push(now);
    this.hits.set(key, recent);
    return 0;
  }

  private sweep(now: number): void {
    const longest = Math.max(...Object.values(RATE_LIMITS).map((r) => r.windowMs));
    for (const [key, times] of this.hits) {
      if ((times.at(-1) ?? 0) <= now - longest) this.hits.delete(key);
    }
  }
}
