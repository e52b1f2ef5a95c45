import { enforce, omitWhen, skipWhen, test } from 'vest';
import { defineSuite } from './define-suite.ts';
import { USERNAME_MIN, USERNAME_MAX, PASSWORD_MIN, PHONE_MIN, CONTACT_MESSAGE_MAX, CONTACT_SUBJECT_MAX, ORDER_NUMBER_MAX, PROFILE_TITLES, PROFILE_INDUSTRIES, EMAIL_PATTERN, ACCOUNT_MESSAGES, isReferralCode } from './account-rules.ts';

/**
 * The vest suites of account-rules.ts (ADR 140): the same rules run by the server on every call and by
 * the client's forms, in a module of their own so that a page loads vest only when its form is on screen
 * (lib/forms/lazy-suite.ts). Server use: `suite.runStatic(data)`.
 */
type Input = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const present = (value: unknown): boolean => text(value) !== '';

function emailTests(data: Input, field = 'email'): void {
  test(field, ACCOUNT_MESSAGES.emailRequired, () => {
    enforce(present(data[field])).isTruthy();
  });
  skipWhen(!present(data[field]), () => {
    test(field, ACCOUNT_MESSAGES.emailInvalid, () => {
      enforce(text(data[field])).matches(EMAIL_PATTERN);
    });
  });
}

function passwordTests(data: Input, withConfirmation: boolean): void {
  test('password', ACCOUNT_MESSAGES.passwordRequired, () => {
    enforce(typeof data.password === 'string' && data.password !== '').isTruthy();
  });
  skipWhen(typeof data.password !== 'string' || data.password === '', () => {
    test('password', ACCOUNT_MESSAGES.passwordShort, () => {
      enforce(String(data.password).length >= PASSWORD_MIN).isTruthy();
    });
  });
  if (withConfirmation) {
    test('confirmPassword', ACCOUNT_MESSAGES.passwordsMustMatch, () => {
      enforce(data.confirmPassword === data.password).isTruthy();
    });
  }
}

function usernameTests(data: Input, required: boolean): void {
  omitWhen(!required && !present(data.username), () => {
    test('username', ACCOUNT_MESSAGES.usernameLength, () => {
      const length = [...text(data.username)].length;
      enforce(length >= USERNAME_MIN && length <= USERNAME_MAX).isTruthy();
    });
  });
}

function phoneTests(data: Input, required: boolean): void {
  const given = present(data.phone) || present(data.phoneCode);
  omitWhen(!required && !given, () => {
    test('phoneCode', ACCOUNT_MESSAGES.phoneCodeRequired, () => {
      enforce(text(data.phoneCode)).matches(/^\+?\d{1,6}$/);
    });
    test('phone', ACCOUNT_MESSAGES.phoneRequired, () => {
      enforce(present(data.phone)).isTruthy();
    });
    skipWhen(!present(data.phone), () => {
      test('phone', ACCOUNT_MESSAGES.phoneShort, () => {
        enforce(text(data.phone).length >= PHONE_MIN).isTruthy();
      });
    });
  });
}

function nameTests(data: Input): void {
  test('firstName', ACCOUNT_MESSAGES.firstNameRequired, () => {
    enforce(present(data.firstName)).isTruthy();
  });
  test('lastName', ACCOUNT_MESSAGES.lastNameRequired, () => {
    enforce(present(data.lastName)).isTruthy();
  });
}

/** `POST account/login`. */
export const loginSuite = defineSuite((data: Input) => {
  emailTests(data);
  test('password', ACCOUNT_MESSAGES.passwordRequired, () => {
    enforce(typeof data.password === 'string' && data.password !== '').isTruthy();
  });
});

/** `POST account/register`: the sign-up form. User name, phone and referral code are optional but checked when given. */
export const registerSuite = defineSuite((data: Input) => {
  emailTests(data);
  passwordTests(data, true);
  nameTests(data);
  usernameTests(data, false);
  phoneTests(data, false);
  omitWhen(!present(data.referralCode), () => {
    test('referralCode', ACCOUNT_MESSAGES.referralCode, () => {
      enforce(isReferralCode(data.referralCode)).isTruthy();
    });
  });
  test('agreeTerms', ACCOUNT_MESSAGES.termsRequired, () => {
    enforce(data.agreeTerms === true).isTruthy();
  });
  test('captchaCode', ACCOUNT_MESSAGES.captchaRequired, () => {
    enforce(present(data.captchaId) && present(data.captchaCode)).isTruthy();
  });
});

/** `POST account/activeEmail` and `POST account/password/resetSend`. */
export const emailOnlySuite = defineSuite((data: Input) => {
  emailTests(data);
});

/** `PATCH account/me`: the profile form. Every field is checked; the server reports only the fields sent. */
export const profileSuite = defineSuite((data: Input) => {
  usernameTests(data, true);
  nameTests(data);
  phoneTests(data, true);
  omitWhen(data.title === undefined, () => {
    test('title', ACCOUNT_MESSAGES.titleRequired, () => {
      enforce((PROFILE_TITLES as readonly string[]).includes(text(data.title))).isTruthy();
    });
  });
  omitWhen(data.industry === undefined, () => {
    test('industry', ACCOUNT_MESSAGES.industryRequired, () => {
      enforce((PROFILE_INDUSTRIES as readonly string[]).includes(text(data.industry))).isTruthy();
    });
  });
});

/** `PATCH account/password/reset`: with the emailed key, or signed in with the current password. */
export const passwordResetSuite = defineSuite((data: Input) => {
  passwordTests(data, true);
  omitWhen(present(data.oldPassword), () => {
    test('key', ACCOUNT_MESSAGES.keyRequired, () => {
      enforce(present(data.key)).isTruthy();
    });
  });
});

/** `POST account/activate` and the deletion confirmation. */
export const keySuite = defineSuite((data: Input) => {
  test('key', ACCOUNT_MESSAGES.keyRequired, () => {
    enforce(present(data.key)).isTruthy();
  });
});

/** A password change while signed in (the Change Password page): the current one, and the new one twice. */
export const passwordChangeSuite = defineSuite((data: Input) => {
  test('oldPassword', ACCOUNT_MESSAGES.oldPasswordRequired, () => {
    enforce(typeof data.oldPassword === 'string' && data.oldPassword !== '').isTruthy();
  });
  passwordTests(data, true);
});

/** `POST account/contactUs`: who writes, about what (an order number helps), and the message, bounded. */
export const contactUsSuite = defineSuite((data: Input) => {
  test('name', ACCOUNT_MESSAGES.nameRequired, () => {
    enforce(present(data.name)).isTruthy();
  });
  emailTests(data);
  phoneTests(data, false);
  test('subject', ACCOUNT_MESSAGES.subjectRequired, () => {
    enforce(present(data.subject)).isTruthy();
  });
  test('subject', ACCOUNT_MESSAGES.subjectTooLong, () => {
    enforce(text(data.subject).length <= CONTACT_SUBJECT_MAX).isTruthy();
  });
  omitWhen(!present(data.orderNumber), () => {
    test('orderNumber', ACCOUNT_MESSAGES.orderNumberTooLong, () => {
      enforce(text(data.orderNumber).length <= ORDER_NUMBER_MAX).isTruthy();
    });
  });
  test('message', ACCOUNT_MESSAGES.messageRequired, () => {
    enforce(present(data.message)).isTruthy();
  });
  test('message', ACCOUNT_MESSAGES.messageTooLong, () => {
    enforce(text(data.message).length <= CONTACT_MESSAGE_MAX).isTruthy();
  });
});
