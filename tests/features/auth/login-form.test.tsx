import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CommonIndexResponse } from '#domain/api/common';
import { LoginForm } from '#features/auth/components/login-form';
import { SessionProvider } from '#machines/session-context';
import { sessionMachine } from '#machines/session-machine';

function renderForm() {
  const session = createActor(
    sessionMachine.provide({ actors: { loadGeneral: fromPromise(async () => ({ userInfo: null }) as unknown as CommonIndexResponse) } }),
    { input: {} },
  ).start();
  render(
    <SessionProvider actor={session}>
      <LoginForm />
    </SessionProvider>,
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
