import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DeletionCheckResponse, DeletionPreview } from '#domain/api/account';
import { DELETION_BALANCE_MESSAGES } from '#domain/rules/deletion-rules';
import { ledgerBalance, postLedgerEntry } from '#server/payments/ledger';
import { createTestApp, type Registered, type TestApp } from '../helpers/test-app.ts';

/**
 * Issue 32 item 10 (ADR 150): deleting an account that holds a prepaid balance tells the customer
 * the balance and that it is given up with the account, and takes their confirmation of that very
 * amount, before the deletion mail is sent. The balance leaves by a ledger entry when the link is
 * followed; a balance grown since the request stops the deletion until it is confirmed again.
 */
const db = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function credit(userId: string, cents: number) {
  await t.database.db.transaction().execute((trx) => postLedgerEntry(trx, { userId, amountCents: cents, kind: 'adjustment', description: 'Test credit', paymentId: null, at: t.clock().toISOString() }));
}
const balanceOf = async (userId: string) => Number((await t.database.db.selectFrom('user_account').select('balance_cents').where('id', '=', userId).executeTakeFirstOrThrow()).balance_cents);
const deletionMails = async (u: Registered) => (await t.outbox(u.email)).filter((m) => m.subject.startsWith('Confirm the deletion'));
const ask = (u: Registered, extra: Record<string, unknown> = {}) => t.call<{ message?: string; errors?: Record<string, string[]> }>('account/deletion', { token: u.token, body: { option: 'I have another account', ...extra } });
const keyOf = (link: string | undefined) => new URL(link ?? 'http://x/').searchParams.get('key');

describe(`deleting an account that holds a prepaid balance (${db})`, () => {
  test('the balance and its fate are said first; nothing is mailed until that amount is confirmed; then the mail says it and the deletion empties the balance through the ledger', async () => {
    const u = await t.registerUser();
    await credit(u.userId, 15_000);
    const preview = await t.call<DeletionPreview>('account/deletion', { token: u.token });
    expect(preview).toEqual({ status: 200, body: { balanceCents: 15_000, currency: 'USD', message: DELETION_BALANCE_MESSAGES.forfeit('$150.00') } });

    const unconfirmed = await ask(u);
    const confirmRequired = DELETION_BALANCE_MESSAGES.confirmRequired('$150.00');
    expect(unconfirmed).toEqual({ status: 422, body: { message: confirmRequired, errors: { forfeitBalanceCents: [confirmRequired] } } });
    expect((await ask(u, { forfeitBalanceCents: 10_000 })).body.errors).toEqual({ forfeitBalanceCents: [DELETION_BALANCE_MESSAGES.changed('$150.00')] });
    expect(await deletionMails(u)).toEqual([]);
    expect(await t.database.db.selectFrom('deletion_request').select('id').where('user_id', '=', u.userId).execute()).toEqual([]);

    expect((await ask(u, { forfeitBalanceCents: 15_000 })).status).toBe(202);
    const [mail] = await deletionMails(u);
    expect(mail?.text).toContain('Your balance of $150.00 is given up with the account, as you confirmed');
    const stored = await t.database.db.selectFrom('deletion_request').select('balance_cents').where('user_id', '=', u.userId).executeTakeFirstOrThrow();
    expect(Number(stored.balance_cents)).toBe(15_000);

    expect((await t.call('account/deletion/confirm', { body: { key: keyOf(mail?.links[0]) } })).status).toBe(200);
    expect(await balanceOf(u.userId)).toBe(0);
    expect(await ledgerBalance(t.database.db, u.userId)).toBe(0);
    const last = await t.database.db.selectFrom('balance_transaction').select(['amount_cents', 'kind', 'description']).where('user_id', '=', u.userId).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect({ ...last, amount_cents: Number(last.amount_cents) }).toEqual({ amount_cents: -15_000, kind: 'adjustment', description: 'Balance given up with the account’s deletion' });
  });

  test('a balance credited after the request stops the deletion with the new amount; the link keeps working once confirmed again', async () => {
    const u = await t.registerUser();
    await credit(u.userId, 5_000);
    expect((await ask(u, { forfeitBalanceCents: 5_000 })).status).toBe(202);
    const first = keyOf((await deletionMails(u))[0]?.links[0]);
    await credit(u.userId, 2_000); // a refund of a cancelled order, say
    const stopped = await t.call('account/deletion/confirm', { body: { key: first } });
    const changed = DELETION_BALANCE_MESSAGES.changedSinceRequest('$70.00');
    expect(stopped).toEqual({ status: 409, body: { message: changed, errors: { key: [changed] } } });
    expect((await t.call('account/me', { token: u.token })).status).toBe(200);
    expect(await balanceOf(u.userId)).toBe(7_000);
    expect((await t.call<DeletionCheckResponse>('account/deletion/check', { body: { key: first } })).body.state).toBe('valid');

    expect((await ask(u, { forfeitBalanceCents: 7_000 })).status).toBe(202);
    expect((await t.call('account/deletion/confirm', { body: { key: first } })).status).toBe(200);
    expect(await balanceOf(u.userId)).toBe(0);
  });

  test('without a balance nothing changes: no confirmation asked, no word of it in the mail', async () => {
    const u = await t.registerUser();
    expect((await t.call<DeletionPreview>('account/deletion', { token: u.token })).body).toEqual({ balanceCents: 0, currency: 'USD', message: null });
    expect((await ask(u)).status).toBe(202);
    expect((await deletionMails(u))[0]?.text).not.toContain('balance');
  });

  test('GET account/deletion answers the caller’s own balance only; without a token, 401', async () => {
    const rich = await t.registerUser();
    await credit(rich.userId, 12_300);
    const other = await t.registerUser();
    expect((await t.call<DeletionPreview>('account/deletion', { token: other.token })).body.balanceCents).toBe(0);
    expect((await t.call<DeletionPreview>('account/deletion', { token: rich.token })).body.balanceCents).toBe(12_300);
    expect((await t.call('account/deletion')).status).toBe(401);
  });
});
