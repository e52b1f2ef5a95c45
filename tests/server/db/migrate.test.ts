import { sql } from 'kysely';
import { expect, test } from 'vitest';
import { insertUser } from '#server/accounts/users';
import { parseInt8 } from '#server/db/database';
import { migrateToLatest } from '#server/db/migrate';
import * as m005 from '#server/db/migrations/005-security';
import { seedReferenceData } from '#server/db/seed/reference-data';
import { createTestApp } from '../helpers/test-app.ts';

test('migrations and the reference seed are idempotent', async () => {
  const t = await createTestApp();
  try {
    const again = await migrateToLatest(t.database.db as never);
    expect(again.results).toEqual([]);
    const before = await t.database.db.selectFrom('country').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    await seedReferenceData(t.database.db);
    const after = await t.database.db.selectFrom('country').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(Number(after.n)).toBeGreaterThan(240);
  } finally {
    await t.close();
  }
});

test('migration 005 removes the live keys that mails logged before it held (issue 12 item 10)', async () => {
  const t = await createTestApp();
  try {
    const at = new Date().toISOString();
    const row = { to_address: 'a@example.com', subject: 'Reset your Manufacture password', transport: 'outbox' as const, created_at: at, error: null };
    await t.database.db
      .insertInto('outbox_mail')
      .values([
        { ...row, id: 'old-with-key', body_text: 'Open http://x/manufacture/reset-password?key=LIVEKEY or enter LIVEKEY', links: '["http://x/manufacture/reset-password?key=LIVEKEY"]' },
        { ...row, id: 'old-without-key', subject: 'We received your message', body_text: 'Thank you.', links: '[]' },
      ])
      .execute();
    await m005.up(t.database.db as never);
    const rows = await t.database.db.selectFrom('outbox_mail').select(['id', 'body_text', 'links']).where('id', 'in', ['old-with-key', 'old-without-key']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'old-with-key', body_text: m005.REDACTED_MAIL_TEXT, links: '[]' },
      { id: 'old-without-key', body_text: 'Thank you.', links: '[]' },
    ]);
  } finally {
    await t.close();
  }
});

test('money columns are 64-bit (issue 12 item 12)', async () => {
  const t = await createTestApp();
  try {
    if (t.database.kind === 'postgres') {
      const { rows } = await sql<{ table_name: string; column_name: string; data_type: string }>`
        select table_name, column_name, data_type from information_schema.columns where table_schema = current_schema()`.execute(t.database.db);
      for (const [table, column] of m005.MONEY_COLUMNS) {
        expect(rows.find((r) => r.table_name === table && r.column_name === column)?.data_type, `${table}.${column}`).toBe('bigint');
      }
    } else {
      // SQLite's INTEGER holds 64 bits: a value above 2^31 comes back exactly.
      const at = new Date().toISOString();
      await insertUser(t.database.db, { email: 'rich@example.com', balance_cents: 2 ** 40 + 1, created_at: at, updated_at: at });
      const row = await t.database.db.selectFrom('user_account').select('balance_cents').where('email', '=', 'rich@example.com').executeTakeFirstOrThrow();
      expect(row.balance_cents).toBe(2 ** 40 + 1);
    }
    expect(parseInt8('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => parseInt8('9007199254740993')).toThrow(RangeError);
  } finally {
    await t.close();
  }
});
