import { expect, test } from 'vitest';
import { createAppWithContext } from '#server/app';
import { LOGIN_THROTTLE, SharedLoginThrottle } from '#server/auth/login-throttle';
import { RATE_LIMITS, SharedRateLimiter } from '#server/auth/rate-limit';
import { systemClock } from '#server/clock';
import { readConfig } from '#server/config';
import { openDatabase } from '#server/db/database';
import { migrateToLatest } from '#server/db/migrate';
import { seedReferenceData } from '#server/db/seed/reference-data';
import { createScratchDatabase } from '../helpers/scratch-database.ts';

/**
 * Issue 21 item 4 (ADR 119): two API processes on one PostgreSQL count against one limit. Two app
 * instances, each with its own connection pool as two processes would have, take turns answering
 * one client; the limit holds over both, the same number as on one process.
 */
test.runIf(Boolean(process.env.DATABASE_URL))('two app instances on one PostgreSQL share one limit and one sign-in back-off', async () => {
  const scratch = await createScratchDatabase();
  if (!scratch) return;
  const config = { ...readConfig({ NODE_ENV: 'test' }), databaseUrl: scratch.url, jwtSecret: 'a-shared-secret-of-32-characters-or-more', rateLimitFactor: 1, trustProxy: true };
  const databases = [openDatabase({ databaseUrl: scratch.url, sqliteFile: ':memory:' }), openDatabase({ databaseUrl: scratch.url, sqliteFile: ':memory:' })];
  try {
    await migrateToLatest(databases[0]!.db as never);
    await seedReferenceData(databases[0]!.db);
    const apps = databases.map(
      (d) => createAppWithContext({ db: d.db, config, log: () => {}, rateLimiter: new SharedRateLimiter(d.pool!, 1), loginThrottle: new SharedLoginThrottle(d.db, systemClock, 1) }).app,
    );
    const captcha = (i: number, ip: string) => apps[i % 2]!.request('/api/manufacture/tools/captchaImage', { headers: { 'x-forwarded-for': ip } });

    const { limit } = RATE_LIMITS.captcha;
    for (let i = 0; i < limit; i++) expect((await captcha(i, '10.9.0.1')).status).toBe(200);
    // The next call is refused whichever process answers it.
    for (const i of [0, 1]) {
      const refused = await captcha(i, '10.9.0.1');
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { message: string }).message).toMatch(/^Too many attempts; please try again in \d+ seconds?\.$/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Another client is counted on its own.
    expect((await captcha(1, '10.9.0.2')).status).toBe(200);

    // The sign-in back-off (ADRs 082, 153) holds over both too. One client's free failures on an
    // account are spent whichever process answers, then that client waits on either.
    const login = (i: number, ip: string) =>
      apps[i % 2]!.request('/api/manufacture/account/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ email: 'target@example.com', password: 'guess' + i }),
      });
    for (let i = 0; i < LOGIN_THROTTLE.freeFailures; i++) expect((await login(i, '10.9.1.1')).status).toBe(422);
    await login(LOGIN_THROTTLE.freeFailures, '10.9.1.1');
    for (const i of [10, 11]) {
      const held = await login(i, '10.9.1.1');
      expect(held.status).toBe(429);
      expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // The account's count is shared: past its threshold, another client on either process is asked for a challenge.
    for (const i of [20, 21]) {
      const asked = await login(i, `10.9.2.${i}`);
      expect(asked.status).toBe(422);
      expect(((await asked.json()) as { errors: Record<string, string[]> }).errors.captchaCode).toHaveLength(1);
    }
  } finally {
    for (const d of databases) await d.close();
    await scratch.drop();
  }
}, 60_000);
