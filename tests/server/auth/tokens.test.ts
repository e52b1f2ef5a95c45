import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// The signed-in request path (ADR 105): the signature of a token is checked once and remembered,
// the session, its user or its temporary subject are read in one query on every request. These
// tests prove that remembering a token never outlives what makes it valid: each change counts from
// the very next request, after the token has already been used (so it is in the cache).
const db = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (token: string) => t.call('account/me', { token });

describe(`a remembered token stays exact (${db})`, () => {
  test('a revoked session fails on its next request', async () => {
    const u = await t.registerUser();
    expect((await me(u.token)).status).toBe(200);
    expect(await t.ctx.tokens.authenticate(u.token)).toEqual({ kind: 'user', userId: u.userId, sessionId: expect.any(String) });
    const auth = await t.ctx.tokens.authenticate(u.token);
    if (auth.kind !== 'user') throw new Error('expected a user');
    await t.ctx.tokens.revokeSession(auth.sessionId);
    expect(await t.ctx.tokens.authenticate(u.token)).toEqual({ kind: 'anonymous', rejected: 'revoked' });
    expect(await me(u.token)).toEqual({ status: 401, body: { message: 'Your session has expired; please log in again.' } });
  });

  test('a session that ends in the database (not through the token) ends at once', async () => {
    const u = await t.registerUser();
    expect((await me(u.token)).status).toBe(200);
    // Revoked by another process of a scaled-out server: only the shared database knows.
    await t.database.db.updateTable('auth_session').set({ revoked_at: new Date().toISOString() }).where('user_id', '=', u.userId).execute();
    expect((await me(u.token)).status).toBe(401);
  });

  test('a token past its expiry is refused although its signature was checked before', async () => {
    const u = await t.registerUser();
    expect((await me(u.token)).status).toBe(200);
    t.clock.advance(t.config.accessTokenTtl + 1);
    expect(await t.ctx.tokens.authenticate(u.token)).toEqual({ kind: 'anonymous', rejected: 'expired' });
    expect((await me(u.token)).status).toBe(401);
  });

  test('a deleted or deactivated account is refused on the next request', async () => {
    const deleted = await t.registerUser();
    const inactive = await t.registerUser();
    expect((await me(deleted.token)).status).toBe(200);
    expect((await me(inactive.token)).status).toBe(200);
    await t.database.db.updateTable('user_account').set({ deleted_at: new Date().toISOString() }).where('id', '=', deleted.userId).execute();
    await t.database.db.updateTable('user_account').set({ activated_at: null }).where('id', '=', inactive.userId).execute();
    expect(await t.ctx.tokens.authenticate(deleted.token)).toEqual({ kind: 'anonymous', rejected: 'revoked' });
    expect(await t.ctx.tokens.authenticate(inactive.token)).toEqual({ kind: 'anonymous', rejected: 'revoked' });
  });

  test('a temporary token ends when its visitor is adopted by an account', async () => {
    const issued = await t.ctx.tokens.issueTemporaryToken();
    expect(await t.ctx.tokens.authenticate(issued.token)).toEqual({ kind: 'temporary', subjectId: issued.subjectId, sessionId: issued.sessionId });
    const u = await t.registerUser();
    await t.database.db.updateTable('temporary_subject').set({ adopted_by_user_id: u.userId, adopted_at: new Date().toISOString() }).where('id', '=', issued.subjectId).execute();
    expect(await t.ctx.tokens.authenticate(issued.token)).toEqual({ kind: 'anonymous', rejected: 'revoked' });
  });

  test('a token whose signature was altered is refused even while the genuine one is remembered', async () => {
    const u = await t.registerUser();
    expect((await me(u.token)).status).toBe(200);
    const [header, payload, signature = ''] = u.token.split('.');
    const altered = `${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect(await t.ctx.tokens.authenticate(altered)).toEqual({ kind: 'anonymous', rejected: 'invalid' });
    expect((await me(u.token)).status).toBe(200);
  });

  test("a session row of another kind or subject than the token's claims is refused", async () => {
    const u = await t.registerUser();
    const auth = await t.ctx.tokens.authenticate(u.token);
    if (auth.kind !== 'user') throw new Error('expected a user');
    const other = await t.registerUser();
    await t.database.db.updateTable('auth_session').set({ user_id: other.userId }).where('id', '=', auth.sessionId).execute();
    expect(await t.ctx.tokens.authenticate(u.token)).toEqual({ kind: 'anonymous', rejected: 'invalid' });
    await t.database.db.updateTable('auth_session').set({ user_id: u.userId, kind: 'temporary' }).where('id', '=', auth.sessionId).execute();
    expect(await t.ctx.tokens.authenticate(u.token)).toEqual({ kind: 'anonymous', rejected: 'invalid' });
  });
});
