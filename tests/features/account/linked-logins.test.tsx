import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { Profile } from '#features/account/components/profile';
import { fakeApi } from '../../support/fake-api.ts';
import { renderWithApp } from '../../support/render-app.tsx';
import { customer } from '../../support/users.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const providers = [
  { channel: 'google', name: 'Google' },
  { channel: 'acme', name: 'Acme ID' },
];

test('no provider configured: the profile has no sign-in methods section at all', async () => {
  const calls = fakeApi({});
  renderWithApp(<Profile user={customer()} returnTo="/user/account/profile" />, { user: customer() });
  expect(await screen.findByRole('region', { name: 'Delete your account' })).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Sign-in methods' })).not.toBeInTheDocument();
  expect(calls.map((c) => c.path)).not.toContain('account/quick/list');
});

test('providers configured: each with its state; unlink says so, link goes to the provider to come back here', async () => {
  let linked = true;
  const calls = fakeApi({
    'GET account/quick/list': () => [
      200,
      [
        { channel: 'google', name: 'Google', linked },
        { channel: 'acme', name: 'Acme ID', linked: false },
      ],
    ],
    'PATCH account/quick/unlinkQuick': () => ((linked = false), [200, { ok: true }]),
    'GET account/quick/loginUrl': () => [200, { url: '#provider' }],
  });
  renderWithApp(<Profile user={customer()} returnTo="/user/account/profile" />, { user: customer(), quickLogin: providers });
  const methods = await screen.findByRole('region', { name: 'Sign-in methods' });
  expect(await within(methods).findByRole('button', { name: 'Unlink Google' })).toBeInTheDocument();
  expect(within(methods).getByRole('button', { name: 'Link Acme ID' })).toBeInTheDocument();
  // Google's mark beside its name, hidden from assistive technology.
  expect(methods.querySelector('path[fill="#4285F4"]')?.closest('svg')).toHaveAttribute('aria-hidden', 'true');

  await userEvent.click(within(methods).getByRole('button', { name: 'Unlink Google' }));
  expect(await within(methods).findByRole('status')).toHaveTextContent('Google is no longer linked to your account.');
  expect(await within(methods).findByRole('button', { name: 'Link Google' })).toBeInTheDocument();
  expect(calls.find((c) => c.path === 'account/quick/unlinkQuick')?.body).toEqual({ channel: 'google' });

  await userEvent.click(within(methods).getByRole('button', { name: 'Link Acme ID' }));
  await waitFor(() => expect(calls.some((c) => c.path === 'account/quick/loginUrl')).toBe(true));
  const start = calls.find((c) => c.path === 'account/quick/loginUrl');
  expect(start?.query.get('channel')).toBe('acme');
  expect(start?.query.get('callback')).toBe(`${window.location.origin}/manufacture/quick-login/acme`);
  await waitFor(() => expect(sessionStorage.getItem('manufacture.quickLoginReturn')).toBe('/user/account/profile'));
});
