import { expect, test } from 'vitest';
import { loginSuite } from '#domain/rules/account-suites';

test('runStatic answers each request on its own, whatever ran before', () => {
  for (let i = 0; i < 50; i++) {
    expect(loginSuite.runStatic({ email: '', password: '' }).getErrors('email')).toEqual(['Email is required.']);
    expect(loginSuite.runStatic({ email: 'ada@example.com', password: 'x' }).isValid()).toBe(true);
  }
});

test('the shared suite keeps its state for a form (run merges runs by field)', () => {
  loginSuite.reset();
  loginSuite.run({ email: 'not-an-email', password: 'x' });
  expect(loginSuite.get().getErrors('email')).toEqual(['Please enter a valid email address.']);
  loginSuite.run({ email: 'ada@example.com', password: 'x' });
  expect(loginSuite.get().isValid()).toBe(true);
});
