import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CommonIndexResponse } from '#domain/api/common';
import { LoginForm } from '#features/auth/components/login-form';
import { SessionProvider } from '#machines/session-context';
import { sessionMachine } from '#machines/session-machine';
import { fakeApi } from '../../support/fake-api.ts';
import { renderWithApp } from '../../support/render-app.tsx';
import { WithQueryClient } from '../../support/query-client.tsx';

// Typing into real forms is slow on a loaded machine: a longer budget, never a wait on time.
vi.setConfig({ testTimeout: 30_000 });

function renderForm() {
  const session = createActor(
    sessionMachine.provide({ actors: { loadGeneral: fromPromise(async () => ({ userInfo: null }) as unknown as CommonIndexResponse) } }),
    { input: {} },
  ).start();
  render(
    <SessionProvider actor={session}>
      <LoginForm />
    </SessionProvider>,
    { wrapper: WithQueryClient },
  );
}

test('the shared rules speak as the user types, after a first submit', async () => {
  vi.stubGlobal('fetch', () => new Promise(() => {}));
  renderForm();
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  // The form's rules arrive with their chunk a moment after it draws (ADR 140): the first submit waits for them.
  const email = screen.getByRole('textbox', { name: 'Email' });
  await waitFor(() => expect(email).toHaveAccessibleDescription('Email is required.'));
  expect(email).toHaveFocus();
  await user.keyboard('not-an-email');
  expect(email).toHaveAccessibleDescription('Please enter a valid email address.');
  await user.clear(email);
  await user.keyboard('ada@example.com');
  expect(email).not.toHaveAttribute('aria-invalid');
  vi.unstubAllGlobals();
});

test('an account with many sign-in attempts: the alert says why, the check appears, and its answer goes with the next attempt (ADR 153)', async () => {
  const challenge = 'This account has had many sign-in attempts. To keep it safe, please complete the check below, then sign in again.';
  let images = 0;
  const calls = fakeApi({
    'GET tools/captchaImage': () => [200, { captchaId: `c-${++images}`, image: 'data:image/svg+xml;base64,PHN2Zy8+', expiresIn: 300 }],
    'POST account/login': (call) => {
      const body = call.body as { captchaId?: string; captchaCode?: string };
      if (!body.captchaId) return [422, { message: challenge, errors: { captchaCode: [challenge] } }];
      if (body.captchaCode !== 'ab3cd') return [422, { message: 'The CAPTCHA is wrong or has expired; please try again.', errors: { captchaCode: ['The CAPTCHA is wrong or has expired; please try again.'] } }];
      return [200, { accessToken: 'tok', expiresIn: 3600 }];
    },
  });
  const signedIn = vi.fn();
  renderWithApp(<LoginForm onSignedIn={signedIn} />, { signedIn: false });
  const user = userEvent.setup();
  expect(screen.queryByRole('textbox', { name: 'Characters in the image' })).not.toBeInTheDocument();
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret-1');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(challenge);
  const answer = await screen.findByRole('textbox', { name: 'Characters in the image' });
  await waitFor(() => expect(images).toBe(1));

  // A wrong answer: said under the field, and a new image replaces the one used up.
  await user.type(answer, 'zzzzz');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  await waitFor(() => expect(screen.getByRole('textbox', { name: 'Characters in the image' })).toHaveAccessibleDescription(/The CAPTCHA is wrong/));
  await waitFor(() => expect(images).toBe(2));
  await user.type(screen.getByRole('textbox', { name: 'Characters in the image' }), 'ab3cd');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  await waitFor(() => expect(signedIn).toHaveBeenCalled());
  const logins = calls.filter((c) => c.path === 'account/login').map((c) => c.body);
  expect(logins).toEqual([
    { email: 'ada@example.com', password: 'secret-1' },
    { email: 'ada@example.com', password: 'secret-1', captchaId: 'c-1', captchaCode: 'zzzzz' },
    { email: 'ada@example.com', password: 'secret-1', captchaId: 'c-2', captchaCode: 'ab3cd' },
  ]);
  vi.unstubAllGlobals();
});
