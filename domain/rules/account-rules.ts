import { REFERRAL_CODE_MIN } from './referral-limits.ts';

/**
 * Account rules of spec section 5: the limits and the messages. The vest suites that apply them, run
 * by the server on every call and by the client's forms, are in account-suites.ts (ADR 140). Every
 * message is a sentence the client shows as-is.
 */

export const USERNAME_MIN = 2;
export const USERNAME_MAX = 12;
export const PASSWORD_MIN = 6;
export const PHONE_MIN = 6;
// The referral figures live apart from the suites, so that the app's entry can read them without
// loading the validation library (ADR 128).
export { REFERRAL_CODE_MIN, REFERRAL_DISCOUNT_PERCENT } from './referral-limits.ts';
/** How long each emailed link stays valid, in hours (deletion: spec section 9, 24 h). */
export const EMAIL_LINK_VALID_HOURS = { activate: 7 * 24, reset: 2, delete: 24 } as const;
/** Customer service answers a contact message within this many hours (spec section 9). */
export const CONTACT_REPLY_HOURS = 24;
/** The longest message the contact form takes (the API stores no more). */
export const CONTACT_MESSAGE_MAX = 5000;
/** The longest contact subject, and the longest order number given with it. */
export const CONTACT_SUBJECT_MAX = 200;
export const ORDER_NUMBER_MAX = 64;

/** The avatar's image types (the server also reads the type from the content), and its default size limit. */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const AVATAR_DEFAULT_MAX_BYTES = 2 * 1024 * 1024;

export const AVATAR_MESSAGES = {
  imageRequired: 'Please choose an image file.',
  imageType: 'Please upload a PNG, JPEG, GIF or WebP image.',
  tooLarge: (limitMb: string) => `The image is larger than ${limitMb} MB.`,
  interrupted: 'The upload was interrupted or is not valid multipart/form-data; please try again.',
} as const;

/** A size limit in megabytes as a sentence shows it: 2, or 1.5. */
export function megabytes(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(bytes % (1024 * 1024) === 0 ? 0 : 1);
}

/** The browser's check of a chosen picture (type as declared, size); the server checks again by content. */
export function avatarProblem(file: { type: string; size: number }, maxBytes: number): string | null {
  if (file.size === 0) return AVATAR_MESSAGES.imageRequired;
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return AVATAR_MESSAGES.imageType;
  if (file.size > maxBytes) return AVATAR_MESSAGES.tooLarge(megabytes(maxBytes));
  return null;
}

/**
 * The profile's job titles and industries (spec section 5: "Title and industry must be selected"):
 * chosen from these lists, stored as written here.
 */
export const PROFILE_TITLES = [
  'Engineer',
  'Designer',
  'Product manager',
  'Purchasing / procurement',
  'Researcher / scientist',
  'Student / educator',
  'Founder / executive',
  'Hobbyist / maker',
  'Other',
] as const;

export const PROFILE_INDUSTRIES = [
  'Aerospace',
  'Automotive',
  'Consumer products',
  'Education',
  'Electronics',
  'Industrial machinery',
  'Medical and dental',
  'Robotics',
  'Prototyping services',
  'Other',
] as const;

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const REFERRAL_PATTERN = /^[A-Za-z0-9]+$/;

export const ACCOUNT_MESSAGES = {
  emailRequired: 'Email is required.',
  emailInvalid: 'Please enter a valid email address.',
  passwordRequired: 'Password is required.',
  passwordShort: `Password must be at least ${PASSWORD_MIN} characters.`,
  /** A new password found on a list of the most used ones (issue 32 item 8; checked by the server). */
  passwordCommon: 'This password is one of the most used ones and is easy to guess; please choose another.',
  passwordsMustMatch: 'Passwords must match.',
  usernameLength: `User name must be ${USERNAME_MIN} to ${USERNAME_MAX} characters.`,
  phoneRequired: 'Phone number is required.',
  phoneShort: `Phone number must be at least ${PHONE_MIN} characters.`,
  phoneCodeRequired: 'Please select a phone code.',
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  referralCode: `Referral code must be at least ${REFERRAL_CODE_MIN} characters, letters and digits only.`,
  termsRequired: 'Please agree to the terms.',
  captchaRequired: 'Please solve the CAPTCHA.',
  verificationCodeRequired: 'Verification code is required.',
  titleRequired: 'Please select a title.',
  industryRequired: 'Please select an industry.',
  messageRequired: 'Please enter a message.',
  nameRequired: 'Name is required.',
  keyRequired: 'The link is incomplete; please open the link from the email again.',
  oldPasswordRequired: 'Please enter your current password.',
  subjectRequired: 'Please enter a subject.',
  subjectTooLong: `The subject can be at most ${CONTACT_SUBJECT_MAX} characters.`,
  messageTooLong: `The message can be at most ${CONTACT_MESSAGE_MAX.toLocaleString('en-US')} characters.`,
  orderNumberTooLong: `The order number can be at most ${ORDER_NUMBER_MAX} characters.`,
} as const;


const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

export function isReferralCode(value: unknown): boolean {
  const code = text(value);
  return code.length >= REFERRAL_CODE_MIN && REFERRAL_PATTERN.test(code);
}
