import { sql, type Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';

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
 * the answer does not reveal whether an account exists. In memory on the embedded database; shared
 * through PostgreSQL by `SharedLoginThrottle` when several processes run (ADR 119).
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

/**
 * One attempt at `now` on an entry (undefined: none yet, or forgotten): the seconds to wait (0: go
 * ahead) and the entry to keep. The one rule both throttles follow.
 */
function step(previous: Entry | undefined, now: number): { wait: number; entry: Entry } {
  const forgotten = previous && previous.lastAt <= now - LOGIN_THROTTLE.forgetAfterSeconds * 1000 && previous.nextAt <= now;
  const entry = previous && !forgotten ? { ...previous } : { attempts: 0, nextAt: 0, lastAt: now };
  if (now < entry.nextAt) return { wait: Math.max(1, Math.ceil((entry.nextAt - now) / 1000)), entry };
  entry.attempts += 1;
  entry.lastAt = now;
  const over = entry.attempts - LOGIN_THROTTLE.freeFailures;
  if (over > 0) entry.nextAt = now + Math.min(2 ** (over - 1), LOGIN_THROTTLE.maxWaitSeconds) * 1000;
  return { wait: 0, entry };
}

/** What `logIn` and the password reset use; `attempt` answers the seconds to wait (0: go ahead). */
export interface SignInThrottle {
  attempt(email: string): Promise<number>;
  clear(email: string): Promise<void>;
}

export class LoginThrottle implements SignInThrottle {
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
  attempt(email: string): Promise<number> {
    if (!(this.factor > 0)) return Promise.resolve(0);
    const now = this.clock().getTime();
    if (++this.calls % 1000 === 0) this.sweep(now);
    const { wait, entry } = step(this.entries.get(email), now);
    this.entries.set(email, entry);
    return Promise.resolve(wait);
  }

  /** The password was right (or reset by the emailed link): the count starts again. */
  clear(email: string): Promise<void> {
    this.entries.delete(email);
    return Promise.resolve();
  }

  private sweep(now: number): void {
    for (const [email, entry] of this.entries) {
      if (entry.lastAt <= now - LOGIN_THROTTLE.forgetAfterSeconds * 1000 && entry.nextAt <= now) this.entries.delete(email);
    }
  }
}

/**
 * The same back-off shared by every process on one PostgreSQL (ADR 119): one `login_throttle` row
 * per email (migration 010), read and written under a row lock so that parallel attempts on several
 * processes are counted one after the other.
 */
export class SharedLoginThrottle implements SignInThrottle {
  private calls = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly factor: number,
  ) {}

  async attempt(email: string): Promise<number> {
    if (!(this.factor > 0)) return 0;
    const now = this.clock().getTime();
    if (++this.calls % 1000 === 0) {
      const before = now - LOGIN_THROTTLE.forgetAfterSeconds * 1000;
      await sql`delete from login_throttle where last_at <= ${before} and next_at <= ${now}`.execute(this.db);
    }
    return this.db.transaction().execute(async (trx) => {
      await sql`insert into login_throttle (email, attempts, next_at, last_at) values (${email}, 0, 0, ${now}) on conflict (email) do nothing`.execute(trx);
      const { rows } = await sql<{ attempts: number; next_at: number; last_at: number }>`
        select attempts, next_at, last_at from login_throttle where email = ${email} for update`.execute(trx);
      const row = rows[0];
      const previous = row && Number(row.attempts) > 0 ? { attempts: Number(row.attempts), nextAt: Number(row.next_at), lastAt: Number(row.last_at) } : undefined;
      const { wait, entry } = step(previous, now);
      await sql`update login_throttle set attempts = ${entry.attempts}, next_at = ${entry.nextAt}, last_at = ${entry.lastAt} where email = ${email}`.execute(trx);
      return wait;
    });
  }

  async clear(email: string): Promise<void> {
    await sql`delete from login_throttle where email = ${email}`.execute(this.db);
  }
}
