/**
 * Operator: a bank transfer arrived (ADR 054).
 *
 *   node --import tsx server/cli/confirm-transfer.ts <orderNumber> <amount USD> [note]
 *   e.g. node --import tsx server/cli/confirm-transfer.ts W25123456 1234.50 "HSBC ref 998877"
 *
 * Uses the same database as the server (DATABASE_URL, or the embedded file under DATA_DIR). The
 * order (W…) or additional cost (AC…) must be awaiting a bank transfer and the amount must cover
 * what is due; any excess goes to the customer's balance. A balance reload (R…) is credited with
 * the amount received. The customer is mailed (SMTP_URL; printed without it). Exit code 0 when
 * confirmed, 1 otherwise.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { readConfig } from '../config.ts';
import { systemClock } from '../clock.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { HttpError } from '../errors.ts';
import { parseUsd } from '../payments/amounts.ts';
import { createPaymentProvider } from '../payments/create-provider.ts';
import { bankTransferSettings } from '../payments/bank-accounts.ts';
import { createPayments } from '../composition/payments.ts';
import { appLinks } from '../links.ts';
import { Mailer } from '../mail/mailer.ts';
import { confirmTransferAndTell } from '../orders/transfer-confirmation.ts';

export async function confirmTransferCli(argv: string[], env: NodeJS.ProcessEnv, out: (line: string) => void): Promise<number> {
  const [number, amount, ...note] = argv;
  const cents = parseUsd(amount);
  if (!number || cents === undefined) {
    out('Usage: node --import tsx server/cli/confirm-transfer.ts <orderNumber> <amount USD> [note]');
    return 1;
  }
  const config = readConfig(env);
  const database = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'manufacture.db') });
  try {
    await migrateToLatest(database.db as never);
    const payments = createPayments({ db: database.db, clock: systemClock, provider: createPaymentProvider(config, globalThis.fetch.bind(globalThis)), bank: bankTransferSettings(config) });
    // The customer is mailed as when staff confirm it in the console: at once over SMTP_URL, or
    // printed here without it; a failed attempt is retried by the server's delivery (same JWT_SECRET).
    const mailer = new Mailer(database.db, systemClock, { smtpUrl: config.smtpUrl, from: config.mailFrom, log: out, secret: config.jwtSecret ?? randomBytes(32).toString('base64url') });
    const result = await confirmTransferAndTell({ payments, mailer, links: appLinks(config.publicUrl) }, { number, cents, note: note.join(' ').trim() || null });
    out(`${result.number} is ${result.status}.${result.creditedCents > 0 ? ` ${(result.creditedCents / 100).toFixed(2)} USD above the amount due was credited to the customer's balance.` : ''}`);
    return 0;
  } catch (error) {
    out(error instanceof HttpError ? `Not confirmed: ${error.message}` : `Not confirmed: ${String(error)}`);
    return 1;
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await confirmTransferCli(process.argv.slice(2), process.env, (line) => console.log(line));
}
