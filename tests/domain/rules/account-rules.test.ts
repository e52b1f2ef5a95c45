import { expect, test } from 'vitest';
import { profileSuite, registerSuite } from '#domain/rules/account-rules';

const signUp = {
  email: 'ada@example.com',
  password: 'secret-1',
  confirmPassword: 'secret-1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  agreeTerms: true,
  captchaId: 'c1',
  captchaCode: 'abcde',
};

test('optional sign-up fields left blank are not checked (a form sends empty strings)', () => {
  const result = registerSuite.runStatic({ ...signUp, username: '', phone: '', phoneCode: '', referralCode: '' });
  expect(result.getErrors()).toEqual({});
});

test('an optional user name that is given must be 2 to 12 characters', () => {
  expect(registerSuite.runStatic({ ...signUp, username: 'a' }).getErrors('username')).toEqual(['User name must be 2 to 12 characters.']);
  expect(registerSuite.runStatic({ ...signUp, username: 'ada' }).isValid()).toBe(true);
});

test('the profile requires a user name', () => {
  expect(profileSuite.runStatic({ username: '', firstName: 'A', lastName: 'B', phoneCode: '+44', phone: '1234567' }).getErrors('username')).toEqual([
    'User name must be 2 to 12 characters.',
  ]);
});
