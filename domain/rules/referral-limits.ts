/**
 * The referral figures of spec section 5, without the account suites (account-rules.ts re-exports
 * them): the app's entry reads them on every route, and must not load the validation library for two
 * numbers (ADR 128).
 */

/** The shortest referral code a link may carry. */
export const REFERRAL_CODE_MIN = 6;
/** What a referral is worth: the friend's discount on a first order, and the referrer's coupon, in percent. */
export const REFERRAL_DISCOUNT_PERCENT = 10;
