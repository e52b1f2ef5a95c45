import { describe, expect, test } from 'vitest';
import { ACCOUNT_MESSAGES } from '#domain/rules/account-rules';
import { RELOAD_MESSAGES } from '#domain/rules/balance-rules';
import { reloadSuite } from '#domain/rules/balance-suites';
import { MAX_INVITE_EMAILS, REWARDS_MESSAGES, inviteEmails, monthKey, monthStart, nextMonthStart, referralDiscountCents } from '#domain/rules/rewards-rules';
import { applyReferralSuite, inviteSuite } from '#domain/rules/rewards-suites';

const errors = (result: { getErrors(): Record<string, string[]> }) => result.getErrors();

describe('the rewards rules', () => {
  test('invitation addresses: a list or one text, split on commas, semicolons, spaces and lines, lower-cased, each once', () => {
    expect(inviteEmails('Ada@Example.com, grace@example.com;\nada@example.com  ivo@example.com')).toEqual(['ada@example.com', 'grace@example.com', 'ivo@example.com']);
    expect(inviteEmails(['a@example.com', 'b@example.com, c@example.com'])).toEqual(['a@example.com', 'b@example.com', 'c@example.com']);
    expect(inviteEmails(undefined)).toEqual([]);
  });

  test('invitations: at least one valid address, at most ten', () => {
    expect(errors(inviteSuite.runStatic({ emails: '' })).emails).toEqual([REWARDS_MESSAGES.inviteEmailsRequired]);
    expect(errors(inviteSuite.runStatic({ emails: 'ada@example.com, nope' })).emails).toEqual([ACCOUNT_MESSAGES.emailInvalid]);
    const eleven = Array.from({ length: MAX_INVITE_EMAILS + 1 }, (_, i) => `f${i}@example.com`).join(',');
    expect(errors(inviteSuite.runStatic({ emails: eleven })).emails).toEqual([REWARDS_MESSAGES.inviteTooMany]);
    expect(inviteSuite.runStatic({ emails: 'ada@example.com' }).hasErrors()).toBe(false);
  });

  test('a friend’s code: the spec’s referral code rule', () => {
    expect(errors(applyReferralSuite.runStatic({ code: 'abc' })).code).toEqual([ACCOUNT_MESSAGES.referralCode]);
    expect(errors(applyReferralSuite.runStatic({ code: 'ABC-123' })).code).toEqual([ACCOUNT_MESSAGES.referralCode]);
    expect(applyReferralSuite.runStatic({ code: 'YT7WXDBY' }).hasErrors()).toBe(false);
  });

  test('the friend’s discount is 10 % of the subtotal, rounded half up like coupons', () => {
    expect(referralDiscountCents(12_345)).toBe(1_235);
    expect(referralDiscountCents(3_000)).toBe(300);
    expect(referralDiscountCents(0)).toBe(0);
  });

  test('months are UTC: the key, the start and the next 1st, across a year end', () => {
    const lateDecember = new Date('2026-12-31T23:59:59.999Z');
    expect(monthKey(lateDecember)).toBe('2026-12');
    expect(monthStart(lateDecember).toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(nextMonthStart(lateDecember).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(monthKey(new Date('2027-01-01T00:00:00.000Z'))).toBe('2027-01');
  });

  test('a reload by bank transfer may go beyond the card maximum; by card it may not', () => {
    expect(errors(reloadSuite.runStatic({ amount: 250_000 })).amount).toEqual([RELOAD_MESSAGES.maximum]);
    expect(reloadSuite.runStatic({ amount: 250_000, method: 'bank_transfer' }).hasErrors()).toBe(false);
    expect(errors(reloadSuite.runStatic({ amount: 99.5, method: 'bank_transfer' })).amount).toEqual([RELOAD_MESSAGES.whole]);
  });
});
