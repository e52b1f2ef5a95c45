import { expect, test } from 'vitest';
import { migrateToLatest } from '#server/db/migrate';
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
