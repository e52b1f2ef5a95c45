import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Numbers customers quote: a prefix (`W` order, `AC` additional cost, `AS` after-sale), the
 * two-digit year and six random digits, e.g. `W25123456`. Random rather than sequential, so a
 * number tells nothing about volume; checked for a clash (and unique in the table besides).
 */
export async function newNumber(db: Kysely<Database>, table: 'customer_order' | 'additional_cost' | 'after_sale_order', prefix: string, at: Date): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const number = `${prefix}${String(at.getUTCFullYear() % 100).padStart(2, '0')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
    const taken = await db.selectFrom(table).select('id').where('number', '=', number).executeTakeFirst();
    if (!taken) return number;
  }
  throw new Error(`Could not find a free ${prefix} number`);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
