// The monthly coupon job (ADR 091) over many accounts on the embedded database: how long the 1st
// takes, how long a second run in the same month takes (skipped by the run record), and how long a
// run after a crash takes when every coupon already exists (the per-account key check only).
//   node --import tsx scripts/bench-monthly-coupons.ts [accounts=20000]
import os from 'node:os';
import { openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { MONTHLY_COUPON_JOB, issueMonthlyCoupons } from '../server/rewards/monthly-coupons.ts';

const accounts = Number(process.argv[2] ?? 20_000);
const database = openDatabase({ databaseUrl: undefined, sqliteFile: ':memory:' });
await migrateToLatest(database.db as never);
const db = database.db;
const activated = '2026-10-15T10:00:00.000Z';
for (let start = 0; start < accounts; start += 500) {
  const rows = Array.from({ length: Math.min(500, accounts - start) }, (_, i) => {
    const n = start + i;
    return {
      id: `user-${String(n).padStart(7, '0')}`,
      email: `bench${n}@example.com`,
      password_hash: null, username: null, first_name: null, last_name: null, phone_code: null, phone: null, company: null, title: null, industry: null, avatar_key: null,
      customer_number: `C${10_000_000 + n}`,
      referral_code: `BENCH${String(n).padStart(7, '0')}`,
      referred_by_user_id: null,
      activated_at: activated,
      member: n % 10 === 0 ? 1 : 0,
      is_entrust_order_account: 0, detain_popup: 1, is_channel: 0, is_recharge: 1,
      customer_manager_name: null, customer_manager_email: null,
      balance_cents: 0, balance_currency: 'USD', we_points: 0, pending_temp_subject_id: null,
      created_at: activated, updated_at: activated, deleted_at: null,
    };
  });
  await db.insertInto('user_account').values(rows).execute();
}
const time = async (label: string, run: () => Promise<unknown>) => {
  const t0 = performance.now();
  const result = await run();
  const ms = performance.now() - t0;
  console.log(`| ${label} | ${Math.round(ms)} ms | ${JSON.stringify(result)} |`);
};
const first = new Date('2026-11-01T00:05:00.000Z');
console.log(`${accounts} accounts, embedded SQLite (in memory), Node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}\n`);
console.log('| run | time | answer |\n| --- | --- | --- |');
await time('the 1st: every account gets its coupon', () => issueMonthlyCoupons({ db }, first));
await time('again the same month (run record finished)', () => issueMonthlyCoupons({ db }, new Date('2026-11-01T01:05:00.000Z')));
await db.updateTable('scheduled_job_run').set({ finished_at: null }).where('job', '=', MONTHLY_COUPON_JOB).execute();
await time('after a crash (run unfinished, every coupon there)', () => issueMonthlyCoupons({ db }, new Date('2026-11-01T02:05:00.000Z')));
await database.close();
