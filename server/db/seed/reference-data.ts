import { countries, type TCountryCode } from 'countries-list';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

/**
 * Countries and calling codes from the maintained `countries-list` dataset, written into the
 * database so every reader (API, address rules) asks one place. Idempotent: runs at every start,
 * so a dataset upgrade reaches an existing database.
 */
export async function seedReferenceData(db: Kysely<Database>): Promise<number> {
  const rows = (Object.keys(countries) as TCountryCode[]).map((code) => {
    const c = countries[code];
    return { code, name: c.name, phone_codes: c.phone.join(','), continent: c.continent };
  });
  await db.transaction().execute(async (trx) => {
    for (const row of rows) {
      await trx
        .insertInto('country')
        .values(row)
        .onConflict((oc) =>
          oc.column('code').doUpdateSet({ name: row.name, phone_codes: row.phone_codes, continent: row.continent }),
        )
        .execute();
    }
  });
  return rows.length;
}
