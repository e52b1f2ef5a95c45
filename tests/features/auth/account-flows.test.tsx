import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { AccountDeletionPanel } from '#features/auth/components/log-out-panel';
import { QuickLoginCallback } from '#features/auth/components/quick-login-callback';
import { SignUpForm } from '#features/auth/components/sign-up-form';
import { fakeApi } from '../../support/fake-api.ts';
import { renderWithApp } from '../../support/render-app.tsx';
import { customer } from '../../support/users.ts';

// Typing into real forms is slow on a loaded machine: a longer budget, never a wait on time.
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const captcha = () => [200, { captchaId: `c-${Math.random()}`, image: 'data:image/svg+xml;base64,PHN2Zy8+', expiresIn: 600 }] as [number, unknown];

test('sign-up: a refused captcha shows the server’s words, not "Please solve the CAPTCHA."', async () => {
  const wrong = 'The CAPTCHA is wrong or has expired; please try again.';
  const calls = fakeApi({
    'GET tools/captchaImage': captcha,
    'GET tools/countryList': () => [200, []],
    'POST account/register': () => [422, { message: wrong, errors: { captchaCode: [wrong] } }],
  });
  renderWithApp(<SignUpForm />);
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret-1');
  await user.type(screen.getByLabelText('Confirm password'), 'secret-1');
  await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Ada');
  await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Lovelace');
  await waitFor(() => expect(calls.some((c) => c.path === 'tools/captchaImage')).toBe(true));
  await user.type(screen.getByRole('textbox', { name: 'Characters in the image' }), 'wrong');
  await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
  await user.click(screen.getByRole('button', { name: 'Create account' }));
  const field = screen.getByRole('textbox', { name: 'Characters in the image' });
  // A new image came (a captcha is good for one attempt), the answer is empty, and the server's words stay.
  await waitFor(() => expect(calls.filter((c) => c.path === 'tools/captchaImage')).toHaveLength(2));
  await waitFor(() => expect(field).toHaveValue(''));
  expect(field).toHaveAccessibleDescription(expect.stringContaining(wrong));
  expect(field).not.toHaveAccessibleDescription(expect.stringContaining('Please solve the CAPTCHA.'));
  await user.type(field, 'x');
  expect(field).not.toHaveAccessibleDescription(expect.stringContaining(wrong));
}, 90_000);

test('quick login: the callback signs in and returns to the page first asked for', async () => {
  sessionStorage.setItem('manufacture.quickLoginReturn', '/checkout');
  const calls = fakeApi({ 'POST account/quick/callback': () => [200, { accessToken: 'tok-2', expiresIn: 3600, linked: false }] });
  const onMessage = vi.fn();
  const { session, current } = renderWithApp(<QuickLoginCallback channel="acme" code="c0de" state="st4te" iss="https://id.acme.example" error={null} errorDescription={null} onMessage={onMessage} />, {
    path: '/quick-login/acme',
    user: customer(),
    signedIn: false,
  });
  await waitFor(() => expect(current()).toBe('/checkout'));
  // The provider's `iss` (RFC 9207) goes to the server as received.
  expect(calls[0]?.body).toEqual({ channel: 'acme', code: 'c0de', state: 'st4te', iss: 'https://id.acme.example' });
  expect(session.getSnapshot().context.token).toBe('tok-2');
  expect(onMessage).toHaveBeenCalledWith('Sign In successfully.');
});

test('quick login: the provider’s refusal and the server’s are said in words, with a way back', async () => {
  fakeApi({});
  const { unmount } = renderWithApp(<QuickLoginCallback channel="acme" code={null} state="s" error="access_denied" errorDescription={null} />);
  expect(screen.getByRole('alert')).toHaveTextContent('The sign-in was cancelled, or the provider refused it.');
  expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  unmount();
  vi.unstubAllGlobals();
  fakeApi({ 'POST account/quick/callback': () => [422, { message: 'This sign-in attempt has expired; please try again.' }] });
  renderWithApp(<QuickLoginCallback channel="acme" code="c" state="s" error={null} errorDescription={null} />);
  expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in attempt has expired; please try again.');
});

test('the deletion link: opening it deletes nothing; the button does, and signs out', async () => {
  const calls = fakeApi({
    'POST account/deletion/check': () => [200, { state: 'valid', expiresAt: '2026-05-02T10:00:00.000Z', message: null }],
    'POST account/deletion/confirm': () => [200, { ok: true, message: 'Your account has been deleted.' }],
  });
  const { session } = renderWithApp(<AccountDeletionPanel deletionKey="k3y" />, { user: customer() });
  const button = await screen.findByRole('button', { name: 'Delete my account' });
  expect(screen.getByText(/This link works for 24 hours after you asked: until/)).toBeInTheDocument();
  expect(calls.map((c) => c.path)).not.toContain('account/deletion/confirm');
  await userEvent.click(button);
  expect(await screen.findByText('Your account has been deleted and you are signed out everywhere.')).toBeInTheDocument();
  expect(calls.filter((c) => c.path === 'account/deletion/confirm')).toHaveLength(1);
  await waitFor(() => expect(session.getSnapshot().context.token).toBeNull());
});

test('the deletion link: a used or expired link says so', async () => {
  fakeApi({ 'POST account/deletion/check': () => [200, { state: 'used', expiresAt: null, message: 'This deletion link has already been used.' }] });
  renderWithApp(<AccountDeletionPanel deletionKey="k3y" />);
  expect(await screen.findByRole('alert')).toHaveTextContent('This deletion link has already been used.');
  expect(screen.queryByRole('button', { name: 'Delete my account' })).not.toBeInTheDocument();
});
