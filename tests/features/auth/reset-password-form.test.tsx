import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { ResetPasswordForm } from '#features/auth/components/reset-password-form';
import { fakeApi } from '../../support/fake-api.ts';
import { renderWithApp } from '../../support/render-app.tsx';

// Typing into real forms is slow on a loaded machine: a longer budget, never a wait on time.
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const RESET_KEY = 'Zq3x9VbN1kP0sLr7TtYw2mHcE5aGdJfU8oKiBnXyQ4e'; // 43 characters, as the server makes them

test('asking for the link: the email, then where to look; nobody is asked to type a code', async () => {
  const calls = fakeApi({ 'POST account/password/resetSend': () => [200, { ok: true }] });
  renderWithApp(<ResetPasswordForm />, { path: '/reset-password' });
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com{Enter}');
  expect(await screen.findByText('Check your email')).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('If ada@example.com has an account, we have emailed it a link, valid for 2 hours. Open it to choose a new password.');
  expect(calls.find((c) => c.path === 'account/password/resetSend')?.body).toEqual({ email: 'ada@example.com' });
  expect(screen.queryByRole('textbox', { name: /code/i })).not.toBeInTheDocument();
  // Another address: back to the first step.
  await user.click(screen.getByRole('button', { name: 'Send it to another email' }));
  expect(screen.getByRole('textbox', { name: 'Email' })).toBeInTheDocument();
});

test('from the emailed link: only the new password twice; the key goes with it unseen', async () => {
  const calls = fakeApi({ 'PATCH account/password/reset': () => [200, { ok: true }] });
  renderWithApp(<ResetPasswordForm emailedKey={RESET_KEY} />, { path: `/reset-password?key=${RESET_KEY}` });
  const user = userEvent.setup();
  expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  expect(screen.queryByDisplayValue(RESET_KEY)).not.toBeInTheDocument();
  await user.type(screen.getByLabelText('New password'), 'secret-2');
  await user.type(screen.getByLabelText('Confirm new password'), 'secret-2{Enter}');
  expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
  expect(calls.find((c) => c.path === 'account/password/reset')?.body).toEqual({ key: RESET_KEY, password: 'secret-2', confirmPassword: 'secret-2' });
});

test('a used or expired link says so, with the way to a new one', async () => {
  const invalid = 'This reset link is invalid or has expired; please request a new one.';
  fakeApi({ 'PATCH account/password/reset': () => [422, { message: invalid, errors: { key: [invalid] } }] });
  renderWithApp(<ResetPasswordForm emailedKey={RESET_KEY} />, { path: `/reset-password?key=${RESET_KEY}` });
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('New password'), 'secret-2');
  await user.type(screen.getByLabelText('Confirm new password'), 'secret-2{Enter}');
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(invalid);
  expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/reset-password');
});
