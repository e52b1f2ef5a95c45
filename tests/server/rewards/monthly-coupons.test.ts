import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PromoCode } from '#domain/api/account';
import type { Page } from '#domain/api/paging';
import type { MonthlyCouponRun, PointsOverview } from '#domain/api/rewards';
import { MONTHLY_COUPON_PERCENT } from '#domain/rules/rewards-rules';
import { MONTHLY_COUPON_JOB, issueMonthlyCoupons } from '#server/rewards/monthly-coupons';
import { runScheduledRewards } from '#server/rewards/scheduled';
import { createTestClock, type Registered } from '../helpers/test-app.ts';
import { createOrderTestApp, db, type OrderTestApp } from '../orders/order-test-app.ts';

/** A fake clock: the accounts are made in mid-November 2026; the job then runs through December and January. */
const clock = createTestClock(new Date('2026-11-15T10:00:00.000Z'));
let t: OrderTestApp;
let standard: Registered;
let member: Registered;

beforeAll(async () => {
  t = await createOrderTestApp({}, { clock });
  standard = await t.registerUser();
  member = await t.registerUser();
  expect((await t.admin('admin/account/flags', { email: member.email, member: true })).body).toEqual({ email: member.email, isRecharge: true, member: true });
});
afterAll(() => t.close());

/** A token issued now (the clock jumps past the 7-day token lifetime). */
const tokenOf = async (who: Registered) => (await t.call<{ accessToken: string }>('account/login', { body: { email: who.email, password: who.password } })).body.accessToken;
const monthly = async (who: Registered) => (await t.call<Page<PromoCode>>('account/promoCodeList?kind=monthly', { token: await tokenOf(who) })).body.list;
const countMonthly = async (month: string) =>
  Number(
    (
      await t.database.db
        .selectFrom('promo_code')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('issue_key', 'like', `monthly:%:${month}`)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe(`the monthly coupon: issued on the 1st, once per account and month (${db})`, () => {
  test('accounts made this month wait for the 1st of the next; on the 1st each gets one, members the larger; a second run issues nothing', async () => {
    expect(await issueMonthlyCoupons(t.ctx, clock())).toEqual({ month: '2026-11', issued: 0, alreadyDone: false });
    expect(await monthly(standard)).toEqual([]);

    clock.set(new Date('2026-12-01T00:05:00.000Z'));
    const run = await issueMonthlyCoupons(t.ctx, clock());
    expect(run).toEqual({ month: '2026-12', issued: 2, alreadyDone: false });
    const [mine] = await monthly(standard);
    expect(mine).toMatchObject({ kind: 'monthly', percentOff: MONTHLY_COUPON_PERCENT.standard, status: 'active', expiresAt: '2027-01-01T00:00:00.000Z' });
    expect((await monthly(member))[0]).toMatchObject({ percentOff: MONTHLY_COUPON_PERCENT.member });
    expect(await issueMonthlyCoupons(t.ctx, clock())).toEqual({ month: '2026-12', issued: 0, alreadyDone: true });
    // The membership page shows this month's coupon and the date of the next.
    const points = (await t.call<PointsOverview>('prime/point', { token: await tokenOf(standard) })).body;
    expect(points).toMatchObject({ month: '2026-12', refreshesOn: '2027-01-01', member: false, couponPercent: MONTHLY_COUPON_PERCENT.standard, monthlyCoupon: { code: mine!.code } });
    expect((await t.call<PointsOverview>('prime/point', { token: await tokenOf(member) })).body).toMatchObject({ member: true, couponPercent: MONTHLY_COUPON_PERCENT.member });
    // At the end of the month it expires.
    clock.set(new Date('2027-01-01T00:00:00.000Z'));
    expect((await monthly(standard))[0]).toMatchObject({ status: 'inactive' });
  });

  test('a restart mid-run (the run recorded, unfinished) issues only what is missing; concurrent runs in several processes never double a coupon', async () => {
    clock.set(new Date('2027-01-01T00:30:00.000Z'));
    const late = await t.registerUser(); // activated in January: not due for January
    // A process died after issuing one coupon: its run is recorded, not finished.
    await t.database.db.insertInto('scheduled_job_run').values({ job: MONTHLY_COUPON_JOB, period: '2027-01', started_at: clock().toISOString(), finished_at: null, issued: 0 }).execute();
    await t.database.db
      .insertInto('promo_code')
      .values({ id: crypto.randomUUID(), user_id: standard.userId, code: 'MONHALFDONE', kind: 'monthly', description: 'issued before the crash', percent_off: 5, amount_off_cents: null, expires_at: '2027-02-01T00:00:00.000Z', used_at: null, created_at: clock().toISOString(), issue_key: `monthly:${standard.userId}:2027-01` })
      .execute();
    // Five processes start at once after the restart.
    const runs: MonthlyCouponRun[] = await Promise.all([1, 2, 3, 4, 5].map(() => issueMonthlyCoupons(t.ctx, clock())));
    expect(runs.reduce((sum, r) => sum + r.issued, 0)).toBe(1);
    expect(await countMonthly('2027-01')).toBe(2);
    expect(await monthly(late)).toEqual([]);
    const row = await t.database.db.selectFrom('scheduled_job_run').selectAll().where('job', '=', MONTHLY_COUPON_JOB).where('period', '=', '2027-01').executeTakeFirstOrThrow();
    expect(row.finished_at).not.toBeNull();
    // The scheduled work (start and hourly in main.ts) changes nothing more.
    await runScheduledRewards(t.ctx, clock());
    clock.advance(3600);
    await runScheduledRewards(t.ctx, clock());
    expect(await countMonthly('2027-01')).toBe(2);
  });

  test('deleted, never-activated and channel accounts get none; the operator can run the job (and rehearse a month) through the admin call', async () => {
    clock.set(new Date('2027-01-20T12:00:00.000Z'));
    const channel = await t.registerUser();
    await t.database.db.updateTable('user_account').set({ is_channel: 1 }).where('id', '=', channel.userId).execute();
    const gone = await t.registerUser();
    await t.database.db.updateTable('user_account').set({ deleted_at: clock().toISOString() }).where('id', '=', gone.userId).execute();
    const res = await t.admin<MonthlyCouponRun>('admin/jobs/monthly-coupons', { at: '2027-02-01T00:00:00.000Z' });
    expect(res).toEqual({ status: 200, body: { month: '2027-02', issued: 3, alreadyDone: false } });
    const owners = await t.database.db.selectFrom('promo_code').select('user_id').where('issue_key', 'like', 'monthly:%:2027-02').execute();
    expect(owners.map((o) => o.user_id).sort()).toEqual([standard.userId, member.userId, (await t.database.db.selectFrom('user_account').select('id').where('created_at', '>=', '2027-01-01').where('is_channel', '=', 0).where('deleted_at', 'is', null).executeTakeFirstOrThrow()).id].sort());
    expect((await t.admin('admin/jobs/monthly-coupons', {})).body).toMatchObject({ month: '2027-01', alreadyDone: true });
    expect((await t.call('admin/jobs/monthly-coupons', { body: {} })).status).toBe(401);
  });
});
