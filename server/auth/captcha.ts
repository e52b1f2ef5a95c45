import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import svgCaptcha from 'svg-captcha';
import { distortCaptchaSvg } from './captcha-distort.ts';
import { addSeconds, iso, type Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';

export const CAPTCHA_TTL_SECONDS = 300;

/** svg-captcha's options: five characters, none that look alike, three noise lines. */
export const CAPTCHA_OPTIONS = { size: 5, noise: 3, ignoreChars: '0oO1iIlL', color: true, background: '#f4f6f8' } as const;

/**
 * Image captchas (svg-captcha, redrawn against path matching by captcha-distort.ts; ADR 080). The
 * answer is kept in the database, so any process can check it; each captcha is good for one
 * attempt, right or wrong, and expires after five minutes.
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
