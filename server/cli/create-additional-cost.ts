/**
 * Operator: an additional-cost order for a customer (ADR 056).
 *
 *   node --import tsx server/cli/create-additional-cost.ts <customer email> <amount USD> "<description>" [orderNumber]
 *
 * Prints the number and the public payment link (shown only now; spec route /additional-cost/payment).
 */
import path from 'node:path';
import { APP_BASE_PATH } from '#domain/api/bases';
import { readConfig } from '../config.ts';
import { systemClock } from '../clock.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { HttpError } from '../errors.ts';
import { createAdditionalCost } from '../orders/additional-costs.ts';
import { parseUsd } from '../payments/amounts.ts';

export async function createAdditionalCostCli(argv: string[], env: NodeJS.ProcessEnv, out: (line: string) => void): Promise<number> {
  const [email, amount, description, orderNumber] = argv;
  const cents = parseUsd(amount);
  if (!email || cents === undefined || !description) {
    out('Usage: node --import tsx server/cli/create-additional-cost.ts <customer email> <amount USD> "<description>" [orderNumber]');
    return 1;
  }
  const config = readConfig(env);
  const database = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'manufacture.db') });
  try {
    await migrateToLatest(database.db as never);
    const link = (token: string) => `${config.publicUrl}${APP_BASE_PATH}additional-cost/payment?token=${token}`;
    const created = await createAdditionalCost(database.db, systemClock, link, { customerEmail: email, amountCents: cents, description, orderNumber });
    out(`${created.number}: ${(created.amountCents / 100).toFixed(2)} USD for ${email}. Payment link (shown once): ${created.url}`);
    return 0;
  } catch (error) {
    out(error instanceof HttpError ? `Not created: ${error.message}` : `Not created: ${String(error)}`);
    return 1;
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await createAdditionalCostCli(process.argv.slice(2), process.env, (line) => console.log(line));
}
