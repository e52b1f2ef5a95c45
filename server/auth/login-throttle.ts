import { sql, type Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';

/**
 * Sign-in back-off that keeps guessing slow without locking the owner out (issue 12 item 5, ADR
 * 082; issue 32 item 5, ADR 153). Two counts, both keyed by the email as typed (normalised, account
 * or not, so the answers do not reveal whether an account exists):
 *
 * - **per account and client** (the caller's address): the first FREE_FAILURES attempts are free;
 *   after them every attempt from that client waits twice as long as the one before (1 s, 2 s,
 *   4 s … up to MAX_WAIT_SECONDS). Only that client waits: a guesser cannot make the owner wait.
 * - **per account**, from anywhere: beyond CHALLENGE_AFTER attempts, every client must solve a
 *   captcha (the image or the proof of work of ADR 081) with its attempt, instead of being refused.
 *   Guessing from many addresses then costs a solved challenge per guess; the owner solves one and
 *   is in.
 *
 * A success clears both (the pair's and the account's); a password reset by the emailed link clears
 * the account's. A browser that signed in to the account before carries a known-device cookie
 * (server/auth/known-devices.ts) and is held back by neither. A count with no attempt for a day is
 * forgotten. In memory on the embedded database; shared through PostgreSQL by `SharedLoginThrottle`
 * when several processes run (ADR 119).
 */
export const LOGIN_THROTTLE = {
  /** Attempts from one client on one account before that client backs off. */
  freeFailures: 5,
  maxWaitSeconds: 15 * 60,
  /** Attempts on one account, from anywhere, before every client must solve a challenge with its attempt. */
  challengeAfter: 5,
  /** A count with no attempt for this long is forgotten. */
  forgetAfterSeconds: 24 * 3600,
} as const;

/** What one attempt may do: wait (this client backs off), or go ahead, with a challenge or without. */
export interface SignInAttempt {
  /** Seconds this client must wait before its next attempt on the account (0: go ahead). */
  wait: number;
  /** Whether the account is over its threshold: the attempt must carry a solved challenge. */
  challenge: boolean;
}

interface Entry {
  attempts: number;
  nextAt: number;
  lastAt: number;
}

const FORGET_MS = LOGIN_THROTTLE.forgetAfterSeconds * 1000;

/** The key of one client's attempts on one account (an email cannot hold a line break). */
function pairKey(email: string, client: string): string {
  return `${email}\n${client}`;
}

function isForgotten(entry: Entry | undefined, now: number): boolean {
  return !entry || (entry.lastAt <= now - FORGET_MS && entry.nextAt <= now);
}

/**
 * One attempt at `now` on an entry (undefined: none yet, or forgotten): the seconds to wait (0: go
 * ahead) and the entry to keep. With `backOff` false the entry only counts (the account's count).
 */
function step(previous: Entry | undefined, now: number, backOff: boolean): { wait: number; entry: Entry } {
  const entry = previous && !isForgotten(previous, now) ? { ...previous } : { attempts: 0, nextAt: 0, lastAt: now };
  if (now < entry.nextAt) return { wait: Math.max(1, Math.ceil((entry.nextAt - now) / 1000)), entry };
  entry.attempts += 1;
  entry.lastAt = now;
  const over = entry.attempts - LOGIN_THROTTLE.freeFailures;
  if (backOff && over > 0) entry.nextAt = now + Math.min(2 ** (over - 1), LOGIN_THROTTLE.maxWaitSeconds) * 1000;
  return { wait: 0, entry };
}

/** What `logIn` and the password reset use. */
export interface SignInThrottle {
  /**
   * Claims one attempt of `client` on `email`, before the password is checked (counted at once,
   * so parallel attempts cannot slip through together).
   */
  attempt(email: string, client: string): Promise<SignInAttempt>;
  /** The password was right (both counts start again), or reset by the emailed link (no client: the account's). */
  clear(email: string, client?: string): Promise<void>;
}

export class LoginThrottle implements SignInThrottle {
  private readonly entries = new Map<string, Entry>();
  private calls = 0;

  constructor(
    private readonly clock: Clock,
    /** RATE_LIMIT_FACTOR: 0 turns the back-off off, as it does the rate limits (tests). */
    private readonly factor: number,
  ) {}

  attempt(email: string, client: string): Promise<SignInAttempt> {
    if (!(this.factor > 0)) return Promise.resolve({ wait: 0, challenge: false });
    const now = this.clock().getTime();
    if (++this.calls % 1000 === 0) this.sweep(now);
    const pair = pairKey(email, client);
    const mine = step(this.entries.get(pair), now, true);
    this.entries.set(pair, mine.entry);
    if (mine.wait > 0) return Promise.resolve({ wait: mine.wait, challenge: false });
    const account = step(this.entries.get(email), now, false);
    this.entries.set(email, account.entry);
    return Promise.resolve({ wait: 0, challenge: account.entry.attempts > LOGIN_THROTTLE.challengeAfter });
  }

  clear(email: string, client?: string): Promise<void> {
    this.entries.delete(email);
    if (client !== undefined) this.entries.delete(pairKey(email, client));
    return Promise.resolve();
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.entries) if (isForgotten(entry, now)) this.entries.delete(key);
  }
}

/**
 * The same counts shared by every process on one PostgreSQL (ADR 119): one `login_throttle` row
 * per key (migration 010; its `email` column holds the account's key or the pair's), read and
 * written under row locks so that parallel attempts on several processes are counted one after the
 * other.
 */
export class SharedLoginThrottle implements SignInThrottle {
  private calls = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly factor: number,
  ) {}

  async attempt(email: string, client: string): Promise<SignInAttempt> {
    if (!(this.factor > 0)) return { wait: 0, challenge: false };
    const now = this.clock().getTime();
    if (++this.calls % 1000 === 0) {
      await sql`delete from login_throttle where last_at <= ${now - FORGET_MS} and next_at <= ${now}`.execute(this.db);
    }
    return this.db.transaction().execute(async (trx) => {
      const pair = await this.step(trx, pairKey(email, client), now, true);
      if (pair.wait > 0) return { wait: pair.wait, challenge: false };
      const account = await this.step(trx, email, now, false);
      return { wait: 0, challenge: account.entry.attempts > LOGIN_THROTTLE.challengeAfter };
    });
  }

  private async step(trx: Kysely<Database>, key: string, now: number, backOff: boolean): Promise<{ wait: number; entry: Entry }> {
    await sql`insert into login_throttle (email, attempts, next_at, last_at) values (${key}, 0, 0, ${now}) on conflict (email) do nothing`.execute(trx);
    const { rows } = await sql<{ attempts: number; next_at: number; last_at: number }>`
      select attempts, next_at, last_at from login_throttle where email = ${key} for update`.execute(trx);
    const row = rows[0];
    const previous = row && Number(row.attempts) > 0 ? { attempts: Number(row.attempts), nextAt: Number(row.next_at), lastAt: Number(row.last_at) } : undefined;
    const result = step(previous, now, backOff);
    await sql`update login_throttle set attempts = ${result.entry.attempts}, next_at = ${result.entry.nextAt}, last_at = ${result.entry.lastAt} where email = ${key}`.execute(trx);
    return result;
  }

  async clear(email: string, client?: string): Promise<void> {
    const keys = client !== undefined ? [email, pairKey(email, client)] : [email];
    await sql`delete from login_throttle where email in (${sql.join(keys)})`.execute(this.db);
  }
}
