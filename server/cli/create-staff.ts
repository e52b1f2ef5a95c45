/**
 * Creates a staff account (issue 38, ADR 190): the first admin, and any staff member after it.
 *
 *   STAFF_PASSWORD='…at least 12 characters…' npm run staff:create -- <email> <role> <name…>
 *   e.g. STAFF_PASSWORD='correct horse battery' npm run staff:create -- ada@example.com admin Ada Lovelace
 *
 * `role` is admin, operator or success_manager. The password is read from STAFF_PASSWORD (never an
 * argument: arguments land in the shell's history and the process list). Prints, once, the TOTP
 * secret and its otpauth:// address for the authenticator app, and the recovery codes: they are
 * not stored in a readable form and cannot be shown again. Uses the same database as the server
 * (DATABASE_URL, or the embedded file under DATA_DIR). Exit code 0 when created, 1 otherwise.
 */
import path from 'node:path';
import { readConfig } from '../config.ts';
import { systemClock } from '../clock.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { HttpError } from '../errors.ts';
import { StaffAccounts } from '../staff/staff-accounts.ts';
import { STAFF_ROLES, type StaffRole } from '#domain/rules/staff-rules';

export const CREATE_STAFF_USAGE = `Usage: STAFF_PASSWORD='…' npm run staff:create -- <email> <${STAFF_ROLES.join('|')}> <name…>`;

export async function createStaffCli(argv: string[], env: NodeJS.ProcessEnv, out: (line: string) => void): Promise<number> {
  const [email, role, ...nameWords] = argv;
  const name = nameWords.join(' ').trim();
  const password = env.STAFF_PASSWORD ?? '';
  if (!email || !role || !name || !password) {
    out(CREATE_STAFF_USAGE);
    return 1;
  }
  const config = readConfig(env);
  const database = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'manufacture.db') });
  try {
    await migrateToLatest(database.db as never);
    // The secret only signs tokens; creating an account signs none.
    const staff = new StaffAccounts(database.db, systemClock, config.jwtSecret ?? 'unused-by-create');
    const created = await staff.create({ email, name, role: role as StaffRole, password });
    out(`Created ${role} ${email.trim().toLowerCase()}.`);
    out(`Second factor: add this to an authenticator app (or type the secret ${created.totpSecret}):`);
    out(`  ${created.totpUri}`);
    out('Recovery codes (each works once instead of a code; keep them offline, they are not shown again):');
    for (const code of created.recoveryCodes) out(`  ${code}`);
    out('Sign in at /manufacture/ops/');
    return 0;
  } catch (error) {
    out(error instanceof HttpError ? `Not created: ${Object.values(error.errors ?? {})[0]?.[0] ?? error.message}` : `Not created: ${String(error)}`);
    return 1;
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await createStaffCli(process.argv.slice(2), process.env, (line) => console.log(line));
}
