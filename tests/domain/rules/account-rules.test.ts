import { expect, test } from 'vitest';
import { profileSuite, registerSuite } from '#domain/rules/account-suites';

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

test('the profile’s title and industry are chosen from their lists', async () => {
  const { PROFILE_INDUSTRIES, PROFILE_TITLES } = await import('#domain/rules/account-rules');
  const base = { username: 'ada', firstName: 'A', lastName: 'B', phoneCode: '+44', phone: '1234567' };
  expect(profileSuite.runStatic({ ...base, title: PROFILE_TITLES[0], industry: PROFILE_INDUSTRIES[0] }).isValid()).toBe(true);
  const wrong = profileSuite.runStatic({ ...base, title: 'Wizard', industry: '' });
  expect(wrong.getErrors('title')).toEqual(['Please select a title.']);
  expect(wrong.getErrors('industry')).toEqual(['Please select an industry.']);
});

test('a password change needs the current password, six characters and the same twice', async () => {
  const { passwordChangeSuite } = await import('#domain/rules/account-suites');
  const result = passwordChangeSuite.runStatic({ oldPassword: '', password: '12345', confirmPassword: '123456' });
  expect(result.getErrors()).toEqual({
    oldPassword: ['Please enter your current password.'],
    password: ['Password must be at least 6 characters.'],
    confirmPassword: ['Passwords must match.'],
  });
  expect(passwordChangeSuite.runStatic({ oldPassword: 'old-one', password: 'secret-2', confirmPassword: 'secret-2' }).isValid()).toBe(true);
});

test('contact us: a subject, a message of at most 5,000 characters, an optional order number', async () => {
  const { CONTACT_MESSAGE_MAX } = await import('#domain/rules/account-rules');
  const { contactUsSuite } = await import('#domain/rules/account-suites');
  const message = { name: 'Lin', email: 'lin@example.com', subject: 'Titanium', message: 'Can you machine it?' };
  expect(contactUsSuite.runStatic(message).isValid()).toBe(true);
  expect(contactUsSuite.runStatic({ ...message, subject: ' ' }).getErrors('subject')).toEqual(['Please enter a subject.']);
  expect(contactUsSuite.runStatic({ ...message, message: 'x'.repeat(CONTACT_MESSAGE_MAX) }).isValid()).toBe(true);
  expect(contactUsSuite.runStatic({ ...message, message: 'x'.repeat(CONTACT_MESSAGE_MAX + 1) }).getErrors('message')).toEqual(['The message can be at most 5,000 characters.']);
  expect(contactUsSuite.runStatic({ ...message, orderNumber: 'W'.repeat(65) }).getErrors('orderNumber')).toEqual(['The order number can be at most 64 characters.']);
});

test('the avatar the browser accepts: an image of a known type, within the limit', async () => {
  const { avatarProblem } = await import('#domain/rules/account-rules');
  const MB = 1024 * 1024;
  expect(avatarProblem({ type: 'image/png', size: MB }, 2 * MB)).toBeNull();
  expect(avatarProblem({ type: 'image/svg+xml', size: 10 }, 2 * MB)).toBe('Please upload a PNG, JPEG, GIF or WebP image.');
  expect(avatarProblem({ type: 'image/jpeg', size: 3 * MB }, 2 * MB)).toBe('The image is larger than 2 MB.');
  expect(avatarProblem({ type: 'image/jpeg', size: 0 }, 2 * MB)).toBe('Please choose an image file.');
});

test('the deletion’s retention answer: an option, and a reason with Other', async () => {
  const { deletionSuite } = await import('#domain/rules/deletion-suites');
  expect(deletionSuite.runStatic({}).getErrors('option')).toEqual(['Please choose an option.']);
  expect(deletionSuite.runStatic({ option: 'Other', reason: ' ' }).getErrors('reason')).toEqual(['Please tell us the reason.']);
  expect(deletionSuite.runStatic({ option: 'I have another account' }).isValid()).toBe(true);
});
