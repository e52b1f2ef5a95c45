import type pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
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
  /** Adding a friend's referral code (issue 32 item 6): a code is not guessed, nor an address probed, in bulk. */
  referral: { limit: 10, windowMs: 10 * 60_000 },
  /** The staff sign-in's two steps (issue 38): a password or a 6-digit code is not guessed in bulk. */
  staffSignIn: { limit: 10, windowMs: 10 * 60_000 },
} as const;

export type RateLimitName = keyof typeof RATE_LIMITS;

/** How many calls `name` allows per window under RATE_LIMIT_FACTOR (at least one). */
function allowedCalls(name: RateLimitName, factor: number): number {
  return Math.max(1, Math.ceil(RATE_LIMITS[name].limit * factor));
}

/** Counts calls per limit and client; `hit` answers the seconds to wait when over the limit, otherwise 0. */
export interface RateLimit {
  hit(name: RateLimitName, client: string): Promise<number>;
}

/**
 * In-memory sliding-window log: good for one process, the embedded default. Behind a load balancer
 * each process would count alone; with PostgreSQL the shared limiter below replaces it (ADR 119).
 */
export class RateLimiter implements RateLimit {
  private readonly hits = new Map<string, number[]>();
  private calls = 0;

  constructor(
    private readonly clock: Clock,
    private readonly factor: number,
  ) {}

  /** Records a hit; answers the seconds to wait when the limit is exceeded, otherwise 0. Counted synchronously. */
  hit(name: RateLimitName, client: string): Promise<number> {
    return Promise.resolve(this.hitNow(name, client));
  }

  private hitNow(name: RateLimitName, client: string): number {
    if (!(this.factor > 0)) return 0;
    const { windowMs } = RATE_LIMITS[name];
    const allowed = allowedCalls(name, this.factor);
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

/**
 * The same limits shared by every process on one PostgreSQL (issue 21 item 4, ADR 119):
 * rate-limiter-flexible's atomic upsert into the `rate_limit` table (migration 010), one fixed window
 * per limit and client. Should the database fail, each process falls back to counting in memory
 * (the library's insurance limiter) rather than refusing or letting everything through.
 */
export class SharedRateLimiter implements RateLimit {
  private readonly limiters = new Map<RateLimitName, RateLimiterPostgres>();

  constructor(
    pool: pg.Pool,
    private readonly factor: number,
  ) {
    for (const name of Object.keys(RATE_LIMITS) as RateLimitName[]) {
      const points = allowedCalls(name, factor);
      const duration = RATE_LIMITS[name].windowMs / 1000;
      this.limiters.set(
        name,
        new RateLimiterPostgres({
          storeClient: pool,
          storeType: 'pool',
          tableName: 'rate_limit',
          tableCreated: true,
          keyPrefix: name,
          points,
          duration,
          insuranceLimiter: new RateLimiterMemory({ keyPrefix: name, points, duration }),
        }),
      );
    }
  }

  async hit(name: RateLimitName, client: string): Promise<number> {
    if (!(this.factor > 0)) return 0;
    try {
      await this.limiters.get(name)?.consume(client);
      return 0;
    } catch (result) {
      if (result instanceof RateLimiterRes) return Math.max(1, Math.ceil(result.msBeforeNext / 1000));
      throw result;
    }
  }
}
