import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { STORAGE_KEYS, storage } from '#lib/storage/storage';
import { AppRoutes } from '#routes/app';
import { fakeApi } from '../support/fake-api.ts';
import { PRELOAD_PAGES_TIMEOUT_MS, preloadPages } from '../support/preload-pages.ts';
import { renderWithApp } from '../support/render-app.tsx';

// A file of its own: the quote page's workspace is one per tab (a module's), bound to this test's session.
// The sign-in from the dialog: quote-project-link.test.tsx.

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 30_000 });
beforeAll(preloadPages, PRELOAD_PAGES_TIMEOUT_MS);
beforeEach(() => storage.set(STORAGE_KEYS.cookieAccepted, '1'));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});


test('closing the dialog leaves the visitor on the page, told why the project is not shown and how to sign in', async () => {
  const refused: [number, unknown] = [401, { message: 'Please log in first.' }];
  fakeApi({ 'GET project/p-1': () => refused, 'GET project/p-1/files': () => refused });
  renderWithApp(<AppRoutes />, { path: '/quote/p-1', signedIn: false });

  await screen.findByRole('dialog', { name: 'Sign in to continue' });
  await userEvent.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('This project is kept in a customer account: sign in to open it.');
  expect(within(alert).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', `/login?redirect=${encodeURIComponent('/quote/p-1')}`);
  // Still a quote page: a new quote can start here.
  expect(screen.getByRole('button', { name: 'Choose files' })).toBeInTheDocument();
});
