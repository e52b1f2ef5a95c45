// Runs a command with DATABASE_URL pointing at a throwaway PostgreSQL cluster.
// Usage: node scripts/with-postgres.mjs <command> [args...]
// Exit code 0 with a clear SKIPPED line when PostgreSQL is not installed.
import { spawnSync } from 'node:child_process';
import { startPostgres } from './postgres-cluster.mjs';

const [cmd, ...args] = process.argv.slice(2);
const pg = await startPostgres();
if (!pg) {
  console.log('SKIPPED: PostgreSQL suite (no PostgreSQL server binaries; install Debian postgresql or set PG_BIN)');
  process.exit(0);
}
console.log(`[postgres] throwaway cluster at ${pg.url}`);
let status = 1;
try {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, DATABASE_URL: pg.url }, shell: false });
  status = r.status ?? 1;
} finally {
  pg.stop();
}
process.exit(status);
