import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DeletionCheckResponse, LoginResponse, PromoCode, UserInfo } from '#domain/api/account';
import type { Page } from '#domain/api/paging';
import { ACCOUNT_MESSAGES, CONTACT_MESSAGE_MAX, PROFILE_INDUSTRIES, PROFILE_TITLES } from '#domain/rules/account-rules';
import { DETAIN_MESSAGES } from '#domain/rules/detain-rules';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const db = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe(`sign-up, activation, login, me, logout (${db})`, () => {
  test('the whole path: register → activation mail → activate → me → logout revokes the token', async () => {
    const email = 'Ada@Example.com';
    const reg = await t.call('account/register', {
      body: { email, password: 'secret-1x', confirmPassword: 'secret-1x', firstName: 'Ada', lastName: 'Lovelace', username: 'ada', agreeTerms: true, ...(await t.captcha()) },
    });
    expect(reg).toEqual({ status: 201, body: { email: 'ada@example.com', activationRequired: true } });

    const login = await t.call('account/login', { body: { email, password: 'secret-1x' } });
    expect(login).toEqual({ status: 403, body: { message: 'Please activate your account through the link we emailed to you.' } });

    const [mail] = await t.outbox('ada@example.com');
    expect(mail?.subject).toBe('Activate your Manufacture account');
    const link = new URL(mail?.links[0] ?? '');
    expect(`${link.origin}${link.pathname}`).toBe(`${t.config.publicUrl}/manufacture/login`);
    expect(t.log.some((l) => l.includes(link.toString()))).toBe(true);

    const activated = await t.call<LoginResponse>('account/activate', { body: { key: link.searchParams.get('activate') } });
    expect(activated.status).toBe(200);
    expect(activated.body.expiresIn).toBe(7 * 24 * 3600);
    const again = await t.call('account/activate', { body: { key: link.searchParams.get('activate') } });
    expect(again.status).toBe(422);

    const me = await t.call<UserInfo>('account/me', { token: activated.body.accessToken });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: 'ada@example.com', username: 'ada', firstName: 'Ada', activationEmail: null, member: false, isRecharge: true, detainPopup: true, customerManger: null });
    expect(me.body.customerId).toMatch(/^C\d{8}$/);

    const loggedIn = await t.call<LoginResponse>('account/login', { body: { email: 'ada@example.com', password: 'secret-1x' } });
    expect(loggedIn.status).toBe(200);
    expect(typeof loggedIn.body.accessToken).toBe('string');

    expect((await t.call('account/logout', { token: loggedIn.body.accessToken })).status).toBe(200);
    expect(await t.call('account/me', { token: loggedIn.body.accessToken })).toEqual({ status: 401, body: { message: 'Your session has expired; please log in again.' } });
    // The other session is untouched.
    expect((await t.call('account/me', { token: activated.body.accessToken })).status).toBe(200);
  });

  test('a wrong password and an unknown email get the same answer', async () => {
    const u = await t.registerUser();
    const wrong = await t.call('account/login', { body: { email: u.email, password: 'nope-nope' } });
    const unknown = await t.call('account/login', { body: { email: 'nobody@example.com', password: 'nope-nope' } });
    expect(wrong).toEqual({ status: 422, body: { message: 'The email or password is incorrect.' } });
    expect(unknown).toEqual(wrong);
  });

  test('login rules: email required and valid, password required', async () => {
    expect(await t.call('account/login', { body: {} })).toEqual({
      status: 422,
      body: { message: ACCOUNT_MESSAGES.emailRequired, errors: { email: [ACCOUNT_MESSAGES.emailRequired], password: [ACCOUNT_MESSAGES.passwordRequired] } },
    });
    const invalid = await t.call('account/login', { body: { email: 'not-an-email', password: 'x' } });
    expect(invalid.body).toEqual({ message: ACCOUNT_MESSAGES.emailInvalid, errors: { email: [ACCOUNT_MESSAGES.emailInvalid] } });
  });

  test('sign-up rules of spec section 5, each with its field', async () => {
    const res = await t.call<{ message: string; errors: Record<string, string[]> }>('account/register', {
      body: { email: 'x@y', password: '123', confirmPassword: '1234', username: 'a', phone: '123', referralCode: 'ab-1', agreeTerms: false },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      email: [ACCOUNT_MESSAGES.emailInvalid],
      password: [ACCOUNT_MESSAGES.passwordShort],
      confirmPassword: [ACCOUNT_MESSAGES.passwordsMustMatch],
      firstName: [ACCOUNT_MESSAGES.firstNameRequired],
      lastName: [ACCOUNT_MESSAGES.lastNameRequired],
      username: [ACCOUNT_MESSAGES.usernameLength],
      phoneCode: [ACCOUNT_MESSAGES.phoneCodeRequired],
      phone: [ACCOUNT_MESSAGES.phoneShort],
      referralCode: [ACCOUNT_MESSAGES.referralCode],
      agreeTerms: [ACCOUNT_MESSAGES.termsRequired],
      captchaCode: [ACCOUNT_MESSAGES.captchaRequired],
    });
    expect(res.body.message).toBe(ACCOUNT_MESSAGES.emailInvalid);
  });

  test('a wrong captcha is refused and used up', async () => {
    const captcha = await t.captcha();
    const body = { email: 'cap@example.com', password: 'secret-1x', confirmPassword: 'secret-1x', firstName: 'A', lastName: 'B', agreeTerms: true };
    const wrong = await t.call('account/register', { body: { ...body, captchaId: captcha.captchaId, captchaCode: 'zzzzz' } });
    expect(wrong).toEqual({ status: 422, body: { message: 'The CAPTCHA is wrong or has expired; please try again.', errors: { captchaCode: ['The CAPTCHA is wrong or has expired; please try again.'] } } });
    const reused = await t.call('account/register', { body: { ...body, ...captcha } });
    expect(reused.status).toBe(422);
  });

  test('an expired captcha is refused', async () => {
    const captcha = await t.captcha();
    t.clock.advance(301);
    const res = await t.call('account/register', {
      body: { email: 'late@example.com', password: 'secret-1x', confirmPassword: 'secret-1x', firstName: 'A', lastName: 'B', agreeTerms: true, ...captcha },
    });
    expect(res.status).toBe(422);
  });

  test('registering an unactivated email again: "The email is already registered; activate it via email."', async () => {
    const body = { email: 'twice@example.com', password: 'secret-1x', confirmPassword: 'secret-1x', firstName: 'A', lastName: 'B', agreeTerms: true };
    expect((await t.call('account/register', { body: { ...body, ...(await t.captcha()) } })).status).toBe(201);
    expect(await t.call('account/register', { body: { ...body, ...(await t.captcha()) } })).toEqual({
      status: 409,
      body: { message: 'The email is already registered; activate it via email.' },
    });
    // activeEmail sends it again and answers the same for an unknown address.
    const resend = await t.call('account/activeEmail', { body: { email: 'twice@example.com' } });
    const unknown = await t.call('account/activeEmail', { body: { email: 'unknown@example.com' } });
    expect(resend.status).toBe(200);
    expect(unknown).toEqual(resend);
    expect(await t.outbox('twice@example.com')).toHaveLength(2);
    expect(await t.outbox('unknown@example.com')).toHaveLength(0);
    expect((await t.call('account/activeEmail', { body: { email: '' } })).status).toBe(422);
  });

  test('registering an activated email again asks to log in', async () => {
    const u = await t.registerUser();
    const res = await t.call('account/register', {
      body: { email: u.email, password: 'secret-1x', confirmPassword: 'secret-1x', firstName: 'A', lastName: 'B', agreeTerms: true, ...(await t.captcha()) },
    });
    expect(res).toEqual({ status: 409, body: { message: 'This email is already registered; please log in.' } });
  });

  test('a referral code must exist; a real one links the referrer', async () => {
    const referrer = await t.registerUser();
    const me = await t.call<UserInfo>('account/me', { token: referrer.token });
    const unknown = await t.call('account/register', {
      body: { email: 'r1@example.com', password: 'secret-1x', confirmPassword: 'secret-1x', firstName: 'A', lastName: 'B', agreeTerms: true, referralCode: 'ZZZZZZ99', ...(await t.captcha()) },
    });
    expect(unknown.body).toEqual({ message: 'This referral code does not exist.', errors: { referralCode: ['This referral code does not exist.'] } });
    const friend = await t.registerUser({ referralCode: me.body.referralCode.toLowerCase() });
    const row = await t.database.db.selectFrom('user_account').select('referred_by_user_id').where('id', '=', friend.userId).executeTakeFirstOrThrow();
    expect(row.referred_by_user_id).toBe(referrer.userId);
  });
});

describe(`profile (${db})`, () => {
  test('PATCH account/me changes the fields sent and checks only those', async () => {
    const u = await t.registerUser();
    const res = await t.call<UserInfo>('account/me', { method: 'PATCH', token: u.token, body: { username: 'Grace', company: 'Navy' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: 'Grace', company: 'Navy', firstName: 'Test' });
    const bad = await t.call('account/me', { method: 'PATCH', token: u.token, body: { username: 'x'.repeat(13), phone: '12' } });
    expect(bad).toEqual({
      status: 422,
      body: {
        message: ACCOUNT_MESSAGES.usernameLength,
        errors: { username: [ACCOUNT_MESSAGES.usernameLength], phoneCode: [ACCOUNT_MESSAGES.phoneCodeRequired], phone: [ACCOUNT_MESSAGES.phoneShort] },
      },
    });
    const phone = await t.call<UserInfo>('account/me', { method: 'PATCH', token: u.token, body: { phoneCode: '+44', phone: '2079460000' } });
    expect(phone.body).toMatchObject({ phoneCode: '+44', phone: '2079460000' });
    expect((await t.call('account/me', { method: 'PATCH', token: u.token, body: { lastName: '' } })).body).toEqual({
      message: ACCOUNT_MESSAGES.lastNameRequired,
      errors: { lastName: [ACCOUNT_MESSAGES.lastNameRequired] },
    });
    expect((await t.call('account/me', { method: 'PATCH', token: u.token, body: {} })).status).toBe(422);
  });

  test('title and industry are chosen from the lists', async () => {
    const u = await t.registerUser();
    const chosen = await t.call<UserInfo>('account/me', { method: 'PATCH', token: u.token, body: { title: PROFILE_TITLES[0], industry: PROFILE_INDUSTRIES[1] } });
    expect(chosen.body).toMatchObject({ title: PROFILE_TITLES[0], industry: PROFILE_INDUSTRIES[1] });
    expect(await t.call('account/me', { method: 'PATCH', token: u.token, body: { title: 'Wizard', industry: '' } })).toEqual({
      status: 422,
      body: { message: ACCOUNT_MESSAGES.titleRequired, errors: { title: [ACCOUNT_MESSAGES.titleRequired], industry: [ACCOUNT_MESSAGES.industryRequired] } },
    });
  });

  test('uploadImage sniffs the type, limits the size, and serves the avatar', async () => {
    const u = await t.registerUser();
    const upload = (data: Uint8Array, name = 'a.png', type = 'image/png') => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(data)], { type }), name);
      return t.api('account/uploadImage', { method: 'POST', body: form, headers: { authorization: `Bearer ${u.token}` } });
    };
    const ok = await upload(PNG, 'avatar.jpg', 'image/jpeg');
    expect(ok.status).toBe(200);
    const { avatarUrl } = (await ok.json()) as { avatarUrl: string };
    expect(avatarUrl).toMatch(/^\/api\/manufacture\/files\/avatars\/[0-9a-f-]{36}\.png$/);
    const served = await t.fetch(avatarUrl);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    expect((await t.call<UserInfo>('account/me', { token: u.token })).body.avatarUrl).toBe(avatarUrl);

    const text = await upload(new TextEncoder().encode('<svg onload=alert(1)>'), 'x.png');
    expect(text.status).toBe(422);
    expect(await text.json()).toEqual({ message: 'Please upload a PNG, JPEG, GIF or WebP image.', errors: { file: ['Please upload a PNG, JPEG, GIF or WebP image.'] } });

    const big = new Uint8Array(t.config.avatarMaxBytes + 10);
    big.set(PNG);
    const tooBig = await upload(big);
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { message: string }).message).toBe('The image is larger than 2 MB.');

    const none = await t.api('account/uploadImage', { method: 'POST', headers: { authorization: `Bearer ${u.token}` } });
    expect(none.status).toBe(422);
    // Replacing the avatar removes the old file.
    await upload(PNG);
    expect(t.storage.files.size).toBe(1);
  });
});

describe(`password reset (${db})`, () => {
  test('resetSend mails a link; reset sets the password once and revokes every session', async () => {
    const u = await t.registerUser();
    const sent = await t.call('account/password/resetSend', { body: { email: u.email } });
    const unknown = await t.call('account/password/resetSend', { body: { email: 'ghost@example.com' } });
    expect(sent.status).toBe(200);
    expect(unknown).toEqual(sent);
    const [mail] = await t.outbox(u.email);
    const link = new URL(mail?.links[0] ?? '');
    expect(link.pathname).toBe('/manufacture/reset-password');
    const key = link.searchParams.get('key');

    const mismatch = await t.call('account/password/reset', { method: 'PATCH', body: { key, password: 'newpass-1', confirmPassword: 'newpass2' } });
    expect(mismatch.body).toEqual({ message: ACCOUNT_MESSAGES.passwordsMustMatch, errors: { confirmPassword: [ACCOUNT_MESSAGES.passwordsMustMatch] } });

    const reset = await t.call('account/password/reset', { method: 'PATCH', body: { key, password: 'newpass-1', confirmPassword: 'newpass-1' } });
    expect(reset.status).toBe(200);
    expect((await t.call('account/me', { token: u.token })).status).toBe(401);
    expect((await t.call('account/password/reset', { method: 'PATCH', body: { key, password: 'newpass-1', confirmPassword: 'newpass-1' } })).status).toBe(422);
    expect((await t.call('account/login', { body: { email: u.email, password: u.password } })).status).toBe(422);
    expect((await t.call('account/login', { body: { email: u.email, password: 'newpass-1' } })).status).toBe(200);
  });

  test('a common password is refused on sign-up, reset and change, with a clear message; the captcha is kept (issue 32 item 8)', async () => {
    const common = { message: ACCOUNT_MESSAGES.passwordCommon, errors: { password: [ACCOUNT_MESSAGES.passwordCommon] } };
    const captcha = await t.captcha();
    const person = { email: 'common@example.com', firstName: 'A', lastName: 'B', agreeTerms: true };
    for (const password of ['password1', 'Qwerty123', 'iloveyou']) {
      expect((await t.call('account/register', { body: { ...person, password, confirmPassword: password, ...captcha } })).body).toEqual(common);
    }
    // The same captcha still works once a good password is chosen.
    expect((await t.call('account/register', { body: { ...person, password: 'plum-kettle-9', confirmPassword: 'plum-kettle-9', ...captcha } })).status).toBe(201);

    const u = await t.registerUser();
    await t.call('account/password/resetSend', { body: { email: u.email } });
    const key = new URL((await t.outbox(u.email))[0]?.links[0] ?? '').searchParams.get('key');
    expect((await t.call('account/password/reset', { method: 'PATCH', body: { key, password: 'football', confirmPassword: 'football' } })).body).toEqual(common);
    // The key was not used up by the refusal.
    expect((await t.call('account/password/reset', { method: 'PATCH', body: { key, password: 'plum-kettle-9', confirmPassword: 'plum-kettle-9' } })).status).toBe(200);
    const again = await t.call<LoginResponse>('account/login', { body: { email: u.email, password: 'plum-kettle-9' } });
    const change = await t.call('account/password/reset', { method: 'PATCH', token: again.body.accessToken, body: { oldPassword: 'plum-kettle-9', password: 'sunshine', confirmPassword: 'sunshine' } });
    expect(change.body).toEqual(common);
  });

  test('a reset link expires after 2 hours', async () => {
    const u = await t.registerUser();
    await t.call('account/password/resetSend', { body: { email: u.email } });
    const key = new URL((await t.outbox(u.email))[0]?.links[0] ?? '').searchParams.get('key');
    t.clock.advance(2 * 3600 + 1);
    expect((await t.call('account/password/reset', { method: 'PATCH', body: { key, password: 'newpass-1', confirmPassword: 'newpass-1' } })).status).toBe(422);
  });

  test('signed in, the current password changes it and keeps this session only', async () => {
    const u = await t.registerUser();
    const other = await t.call<LoginResponse>('account/login', { body: { email: u.email, password: u.password } });
    const wrong = await t.call('account/password/reset', { method: 'PATCH', token: u.token, body: { oldPassword: 'wrong', password: 'newpass-1', confirmPassword: 'newpass-1' } });
    expect(wrong.body).toEqual({ message: 'The current password is incorrect.', errors: { oldPassword: ['The current password is incorrect.'] } });
    const ok = await t.call('account/password/reset', { method: 'PATCH', token: u.token, body: { oldPassword: u.password, password: 'newpass-1', confirmPassword: 'newpass-1' } });
    expect(ok.status).toBe(200);
    expect((await t.call('account/me', { token: u.token })).status).toBe(200);
    expect((await t.call('account/me', { token: other.body.accessToken })).status).toBe(401);
    // Without a key or a session it is a 401.
    expect((await t.call('account/password/reset', { method: 'PATCH', body: { oldPassword: 'x', password: 'newpass-1', confirmPassword: 'newpass-1' } })).status).toBe(401);
  });
});

describe(`tokens (${db})`, () => {
  test('an expired full token gets 401 with the expiry message; common/index then has no user', async () => {
    const u = await t.registerUser();
    t.clock.advance(t.config.accessTokenTtl + 1);
    expect(await t.call('account/me', { token: u.token })).toEqual({ status: 401, body: { message: 'Your session has expired; please log in again.' } });
    expect((await t.call<{ userInfo: unknown }>('common/index', { token: u.token })).body.userInfo).toBeNull();
  });

  test('a forged or foreign-signed token is refused', async () => {
    const u = await t.registerUser();
    const [h, p] = u.token.split('.');
    expect((await t.call('account/me', { token: `${h}.${p}.AAAA` })).status).toBe(401);
    expect((await t.call('account/me', { token: 'garbage' })).status).toBe(401);
    expect((await t.call('account/me')).body).toEqual({ message: 'Please log in to continue.' });
  });

  test('a temporary token is distinct: it cannot reach user calls', async () => {
    const temp = await t.call<{ temporaryToken: string; expiresIn: number }>('account/temporaryToken', { method: 'POST' });
    expect(temp.status).toBe(201);
    expect(temp.body.expiresIn).toBe(30 * 24 * 3600);
    expect(await t.call('account/me', { token: temp.body.temporaryToken })).toEqual({ status: 401, body: { message: 'Please log in to continue.' } });
    expect((await t.call<{ userInfo: unknown }>('common/index', { token: temp.body.temporaryToken })).body.userInfo).toBeNull();
    // but it may answer the retention dialog and log out.
    expect((await t.call('tools/detain', { token: temp.body.temporaryToken, body: { option: 'The price is too high' } })).status).toBe(201);
    expect((await t.call('account/logout', { token: temp.body.temporaryToken })).status).toBe(200);
    expect((await t.call('tools/detain', { token: temp.body.temporaryToken, body: { option: 'The price is too high' } })).status).toBe(401);
  });

  test('logging in with a temporary token adopts the visitor’s records and ends the temporary session', async () => {
    const u = await t.registerUser();
    const temp = (await t.call<{ temporaryToken: string }>('account/temporaryToken', { method: 'POST' })).body.temporaryToken;
    await t.call('tools/detain', { token: temp, body: { option: 'Other', reason: 'Just looking' } });
    await t.call('tools/semRecord', { token: temp, body: { browse_url: 'https://x/manufacture/quote?utm_source=ad', utm_source: 'ad' } });
    const subject = await t.database.db.selectFrom('detain_answer').select('temp_subject_id').where('reason', '=', 'Just looking').executeTakeFirstOrThrow();

    const login = await t.call<LoginResponse>('account/login', { token: temp, body: { email: u.email, password: u.password } });
    expect(login.status).toBe(200);
    const adopted = await t.database.db.selectFrom('temporary_subject').selectAll().where('id', '=', subject.temp_subject_id ?? '').executeTakeFirstOrThrow();
    expect(adopted.adopted_by_user_id).toBe(u.userId);
    const answer = await t.database.db.selectFrom('detain_answer').selectAll().where('reason', '=', 'Just looking').executeTakeFirstOrThrow();
    expect(answer).toMatchObject({ user_id: u.userId, temp_subject_id: null });
    const sem = await t.database.db.selectFrom('sem_record').selectAll().where('user_id', '=', u.userId).execute();
    expect(sem).toHaveLength(1);
    expect((await t.call('tools/detain', { token: temp, body: { option: 'Other', reason: 'x' } })).status).toBe(401);
  });

  test('signing up with a temporary token adopts at activation; other modules can register adopters', async () => {
    const moved: string[] = [];
    t.ctx.adoption.register({ name: `probe-${Math.random()}`, adopt: async (_trx, subjectId, userId) => (moved.push(`${subjectId}->${userId}`), 1) });
    const temp = (await t.call<{ temporaryToken: string }>('account/temporaryToken', { method: 'POST' })).body.temporaryToken;
    await t.call('account/distribution/access?cm=NOSUCHCODE', { token: temp });
    const email = 'adopt@example.com';
    await t.call('account/register', {
      token: temp,
      body: { email, password: 'secret-1x', confirmPassword: 'secret-1x', firstName: 'A', lastName: 'B', agreeTerms: true, ...(await t.captcha()) },
    });
    expect(moved).toEqual([]);
    const key = new URL((await t.outbox(email))[0]?.links[0] ?? '').searchParams.get('activate');
    await t.call('account/activate', { body: { key } });
    const user = await t.database.db.selectFrom('user_account').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    expect(moved).toHaveLength(1);
    expect(moved[0]).toMatch(new RegExp(`->${user.id}$`));
    const visit = await t.database.db.selectFrom('distribution_visit').selectAll().where('cm', '=', 'NOSUCHCODE').executeTakeFirstOrThrow();
    expect(visit.user_id).toBe(user.id);
  });
});

describe(`promo codes, referral visits, contact (${db})`, () => {
  test('promoCodeList pages the user’s coupons with their status', async () => {
    const u = await t.registerUser();
    const now = t.clock();
    const rows = Array.from({ length: 12 }, (_, i) => ({
      id: `pc-${u.userId}-${i}`,
      user_id: u.userId,
      code: `CODE${i}-${u.userId.slice(0, 6)}`,
      description: `Coupon ${i}`,
      percent_off: 10,
      amount_off_cents: null,
      expires_at: i % 3 === 1 ? new Date(now.getTime() - 86_400_000).toISOString() : null,
      used_at: i % 3 === 2 ? now.toISOString() : null,
      created_at: new Date(now.getTime() - i * 60_000).toISOString(),
    }));
    await t.database.db.insertInto('promo_code').values(rows).execute();
    const first = await t.call<Page<PromoCode>>('account/promoCodeList?page=1&pageSize=5', { token: u.token });
    expect(first.body.total).toBe(12);
    expect(first.body.list.map((p) => p.description)).toEqual(['Coupon 0', 'Coupon 1', 'Coupon 2', 'Coupon 3', 'Coupon 4']);
    expect(first.body.list.map((p) => p.status)).toEqual(['active', 'inactive', 'inactive', 'active', 'inactive']);
    const last = await t.call<Page<PromoCode>>('account/promoCodeList?page=3&pageSize=5', { token: u.token });
    expect(last.body).toMatchObject({ page: 3, pageSize: 5, total: 12 });
    expect(last.body.list).toHaveLength(2);
    const active = await t.call<Page<PromoCode>>('account/promoCodeList?status=active', { token: u.token });
    expect(active.body.total).toBe(4);
    expect((await t.call('account/promoCodeList?pageSize=1000', { token: u.token })).status).toBe(422);
    expect((await t.call('account/promoCodeList?page=0', { token: u.token })).status).toBe(422);
  });

  test('distribution/access records a referral visit and tells whether the code is known', async () => {
    const referrer = await t.registerUser();
    const code = (await t.call<UserInfo>('account/me', { token: referrer.token })).body.referralCode;
    expect(await t.call(`account/distribution/access?cm=${code}`)).toEqual({ status: 200, body: { valid: true } });
    expect(await t.call('account/distribution/access?cm=UNKNOWN1')).toEqual({ status: 200, body: { valid: false } });
    expect((await t.call('account/distribution/access')).status).toBe(422);
    const visits = await t.database.db.selectFrom('distribution_visit').selectAll().where('referrer_user_id', '=', referrer.userId).execute();
    expect(visits).toHaveLength(1);
  });

  test('contactUs stores the message with its subject and order, tells support and thanks the sender', async () => {
    const u = await t.registerUser();
    const res = await t.call('account/contactUs', {
      token: u.token,
      body: { name: 'Lin', email: 'lin@example.com', subject: 'Titanium\nBcc: evil@example.com', orderNumber: ' W25000001 ', message: 'Can you machine titanium?' },
    });
    expect(res).toEqual({ status: 201, body: { ok: true, message: 'Thank you; we reply within 24 hours.' } });
    const [toSupport] = await t.outbox(t.config.supportEmail);
    expect(toSupport?.text).toContain('Can you machine titanium?');
    expect(toSupport?.text).toContain('Order: W25000001');
    // What a person typed never becomes a second header line.
    expect(toSupport?.subject).toBe('Contact request from Lin: Titanium Bcc: evil@example.com');
    expect((await t.outbox('lin@example.com'))[0]?.text).toContain('within 24 hours');
    const row = await t.database.db.selectFrom('contact_message').selectAll().where('email', '=', 'lin@example.com').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: u.userId, subject: 'Titanium\nBcc: evil@example.com', order_number: 'W25000001' });
    const bad = await t.call<{ errors: Record<string, string[]> }>('account/contactUs', { body: { email: 'x' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['email', 'message', 'name', 'subject']);
  });

  test('contactUs bounds the message: the rule says how long it may be, nothing is stored', async () => {
    const tooLong = await t.call('account/contactUs', { body: { name: 'Lin', email: 'long@example.com', subject: 'Essay', message: 'x'.repeat(CONTACT_MESSAGE_MAX + 1) } });
    expect(tooLong).toEqual({ status: 422, body: { message: ACCOUNT_MESSAGES.messageTooLong, errors: { message: [ACCOUNT_MESSAGES.messageTooLong] } } });
    expect(await t.database.db.selectFrom('contact_message').selectAll().where('email', '=', 'long@example.com').execute()).toEqual([]);
  });
});

describe(`account deletion (${db})`, () => {
  test('a confirmation mail valid 24 hours; confirming anonymises the account and revokes every session', async () => {
    const u = await t.registerUser();
    const second = await t.call<LoginResponse>('account/login', { body: { email: u.email, password: u.password } });
    await t.call('account/address', {
      token: u.token,
      body: { firstName: 'A', lastName: 'B', phoneCode: '+44', mobile: '2079460000', countryCode: 'GB', city: 'London', postcode: 'EC1A 1BB', addressLine1: '1 Street' },
    });
    const asked = await t.call('account/deletion', { token: u.token, body: { option: 'I have another account' } });
    expect(asked).toEqual({ status: 202, body: { ok: true, expiresIn: 86_400 } });
    const link = new URL((await t.outbox(u.email))[0]?.links[0] ?? '');
    expect(link.pathname).toBe('/manufacture/account-delete');
    const key = link.searchParams.get('key');
    // Looking at the link (as a mail scanner does) deletes nothing.
    const check = await t.call<DeletionCheckResponse>('account/deletion/check', { body: { key } });
    expect(check.body).toMatchObject({ state: 'valid', message: null });
    expect(Date.parse(check.body.expiresAt ?? '')).toBeGreaterThan(Date.now() + 23 * 3600_000);
    expect((await t.call('account/me', { token: u.token })).status).toBe(200);
    const done = await t.call('account/deletion/confirm', { body: { key } });
    expect(done.status).toBe(200);
    expect((await t.call('account/me', { token: u.token })).status).toBe(401);
    expect((await t.call('account/me', { token: second.body.accessToken })).status).toBe(401);
    expect((await t.call('account/login', { body: { email: u.email, password: u.password } })).status).toBe(422);
    const row = await t.database.db.selectFrom('user_account').selectAll().where('id', '=', u.userId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: `deleted-${u.userId}@deleted.invalid`, first_name: null, password_hash: null });
    expect(row.deleted_at).not.toBeNull();
    expect(await t.database.db.selectFrom('shipping_address').selectAll().where('user_id', '=', u.userId).execute()).toEqual([]);
    // The address can sign up again.
    expect((await t.registerUser({ email: u.email })).token).toBeTruthy();
    // A used link says so.
    const used = 'This deletion link has already been used.';
    expect(await t.call('account/deletion/confirm', { body: { key } })).toEqual({ status: 422, body: { message: used, errors: { key: [used] } } });
    expect((await t.call('account/deletion/check', { body: { key } })).body).toEqual({ state: 'used', expiresAt: null, message: used });
    const reasons = await t.database.db.selectFrom('deletion_request').selectAll().where('user_id', '=', u.userId).execute();
    expect(reasons).toMatchObject([{ option: 'I have another account', reason: null }]);
  });

  test('the retention dialog comes first: an option is required, and a reason with Other', async () => {
    const u = await t.registerUser();
    expect(await t.call('account/deletion', { token: u.token, body: {} })).toEqual({
      status: 422,
      body: { message: DETAIN_MESSAGES.optionRequired, errors: { option: [DETAIN_MESSAGES.optionRequired] } },
    });
    expect(await t.call('account/deletion', { token: u.token, body: { option: 'Other', reason: ' ' } })).toEqual({
      status: 422,
      body: { message: DETAIN_MESSAGES.reasonRequired, errors: { reason: [DETAIN_MESSAGES.reasonRequired] } },
    });
    expect(await t.outbox(u.email)).toHaveLength(1); // the activation mail only
    const other = await t.call('account/deletion', { token: u.token, body: { option: 'Other', reason: 'Moving to in-house printing' } });
    expect(other.status).toBe(202);
    const rows = await t.database.db.selectFrom('deletion_request').selectAll().where('user_id', '=', u.userId).execute();
    expect(rows).toMatchObject([{ option: 'Other', reason: 'Moving to in-house printing' }]);
    // Without a full token nobody can ask.
    expect((await t.call('account/deletion', { body: { option: 'Other', reason: 'x' } })).status).toBe(401);
  });

  test('the deletion link expires after 24 hours, and says so', async () => {
    const u = await t.registerUser();
    await t.call('account/deletion', { token: u.token, body: { option: 'The prices are too high' } });
    const key = new URL((await t.outbox(u.email))[0]?.links[0] ?? '').searchParams.get('key');
    t.clock.advance(24 * 3600 + 1);
    const expired = 'This deletion link has expired; please ask again from your profile.';
    expect((await t.call('account/deletion/check', { body: { key } })).body).toEqual({ state: 'expired', expiresAt: null, message: expired });
    expect(await t.call('account/deletion/confirm', { body: { key } })).toEqual({ status: 422, body: { message: expired, errors: { key: [expired] } } });
    expect((await t.call('account/me', { token: u.token })).status).toBe(200); // nothing was deleted
    const unknown = await t.call('account/deletion/check', { body: { key: 'not-a-key' } });
    expect(unknown.body).toMatchObject({ state: 'unknown', message: 'This deletion link is invalid or has expired; please request a new one.' });
    expect((await t.call('account/deletion/check', { body: {} })).status).toBe(422);
  });
});
