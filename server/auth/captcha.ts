import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { createChallenge, randomInt } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import svgCaptcha from 'svg-captcha';
import type { CaptchaChallenge } from '#domain/api/tools';
import { distortCaptchaSvg } from './captcha-distort.ts';
import { addSeconds, iso, type Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';

export const CAPTCHA_TTL_SECONDS = 300;

/** svg-captcha's options: five characters, none that look alike, three noise lines. */
export const CAPTCHA_OPTIONS = { size: 5, noise: 3, ignoreChars: '0oO1iIlL', color: true, background: '#f4f6f8' } as const;

/**
 * The proof-of-work path for anyone who cannot read the image (issue 12 item 11, ADR 081): an
 * ALTCHA challenge (altcha-lib) in its deterministic mode. The server picks a counter in
 * [min, max] and publishes the first half of the key PBKDF2-SHA-256 derives from it; the browser
 * tries counters from 0 up until its key starts with that prefix (about `min + max) / 2`
 * derivations of `cost` rounds each: a second or two on a laptop) and sends the counter back as
 * the captcha's answer.
 */
export const PROOF_OF_WORK = { algorithm: 'PBKDF2/SHA-256', cost: 1_000, counterMin: 2_000, counterMax: 8_000 } as const;

/**
 * Image captchas (svg-captcha, redrawn against path matching by captcha-distort.ts; ADR 081). The
 * answer is kept in the database, so any process can check it; each captcha is good for one
 * attempt, right or wrong, and expires after five minutes. A proof-of-work challenge is one
 * more kind of captcha in the same table.
 */
export class CaptchaService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async create(): Promise<{ captchaId: string; svg: string; expiresIn: number }> {
    const { data: plain, text } = svgCaptcha.create(CAPTCHA_OPTIONS);
    const data = distortCaptchaSvg(plain);
    const now = this.clock();
    const captchaId = randomUUID();
    await this.db
      .insertInto('captcha')
      .values({ id: captchaId, answer: text.toLowerCase(), created_at: iso(now), expires_at: iso(addSeconds(now, CAPTCHA_TTL_SECONDS)), used_at: null })
      .execute();
    // Forget captchas that expired more than a day ago.
    await this.db.deleteFrom('captcha').where('expires_at', '<', iso(addSeconds(now, -86_400))).execute();
    return { captchaId, svg: data, expiresIn: CAPTCHA_TTL_SECONDS };
  }

  /**
   * A proof-of-work challenge in place of an image. Its answer (the counter) is kept like an
   * image's characters, so it is checked by `solve` the same way: one attempt, five minutes.
   */
  async createChallenge(): Promise<{ captchaId: string; challenge: CaptchaChallenge; expiresIn: number }> {
    const now = this.clock();
    const expiresAt = addSeconds(now, CAPTCHA_TTL_SECONDS);
    const counter = randomInt(PROOF_OF_WORK.counterMin, PROOF_OF_WORK.counterMax);
    const { parameters } = await createChallenge({ algorithm: PROOF_OF_WORK.algorithm, cost: PROOF_OF_WORK.cost, counter, deriveKey, expiresAt });
    const captchaId = randomUUID();
    await this.db
      .insertInto('captcha')
      .values({ id: captchaId, answer: String(counter), created_at: iso(now), expires_at: iso(expiresAt), used_at: null })
      .execute();
    const { algorithm, cost, keyLength, keyPrefix, nonce, salt } = parameters;
    return { captchaId, challenge: { algorithm, cost, keyLength, keyPrefix, nonce, salt }, expiresIn: CAPTCHA_TTL_SECONDS };
  }

  /** Uses the captcha up and answers whether the answer was right (case-insensitive). */
  async solve(captchaId: string, answer: string): Promise<boolean> {
    const now = iso(this.clock());
    const row = await this.db
      .selectFrom('captcha')
      .select(['answer'])
      .where('id', '=', captchaId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (!row) return false;
    const used = await this.db.updateTable('captcha').set({ used_at: now }).where('id', '=', captchaId).where('used_at', 'is', null).executeTakeFirst();
    return Number(used.numUpdatedRows) === 1 && row.answer === answer.trim().toLowerCase();
  }
}
