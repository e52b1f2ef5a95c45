import { enforce, skipWhen, test } from 'vest';
import { ACCOUNT_MESSAGES, EMAIL_PATTERN, isReferralCode } from './account-rules.ts';
import { defineSuite } from './define-suite.ts';
import { MAX_INVITE_EMAILS, REWARDS_MESSAGES, inviteEmails } from './rewards-rules.ts';

/**
 * The vest suites of rewards-rules.ts (ADR 140): the same rules run by the server on every call and by
 * the client's forms, in a module of their own so that a page loads vest only when its form is on screen
 * (lib/forms/lazy-suite.ts). Server use: `suite.runStatic(data)`.
 */
type Input = Record<string, unknown>;

/** `POST account/referral/invite`: `{ emails }` (a list or a text), each a valid address, at most MAX_INVITE_EMAILS. */
export const inviteSuite = defineSuite((data: Input) => {
  const emails = inviteEmails(data.emails);
  test('emails', REWARDS_MESSAGES.inviteEmailsRequired, () => {
    enforce(emails.length).greaterThan(0);
  });
  skipWhen(emails.length === 0, () => {
    test('emails', REWARDS_MESSAGES.inviteTooMany, () => {
      enforce(emails.length).lessThanOrEquals(MAX_INVITE_EMAILS);
    });
    test('emails', ACCOUNT_MESSAGES.emailInvalid, () => {
      enforce(emails.every((e) => EMAIL_PATTERN.test(e))).isTruthy();
    });
  });
});

/** `POST account/referral/apply`: a friend's referral code (spec section 5: at least 6 letters and digits). */
export const applyReferralSuite = defineSuite((data: Input) => {
  test('code', ACCOUNT_MESSAGES.referralCode, () => {
    enforce(isReferralCode(data.code)).isTruthy();
  });
});
