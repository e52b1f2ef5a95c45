import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import type { Project } from '#domain/api/quote';
import { STORAGE_KEYS, storage } from '#lib/storage/storage';
import { AppRoutes } from '#routes/app';
import { fakeApi } from '../support/fake-api.ts';
import { PRELOAD_PAGES_TIMEOUT_MS, preloadPages } from '../support/preload-pages.ts';
import { renderWithApp } from '../support/render-app.tsx';
import { customer } from '../support/users.ts';

// A file of its own: the quote page's workspace is one per tab (a module's), bound to this test's session.
// Closing the dialog: quote-project-link-dismissed.test.tsx.

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 30_000 });
beforeAll(preloadPages, PRELOAD_PAGES_TIMEOUT_MS);
beforeEach(() => storage.set(STORAGE_KEYS.cookieAccepted, '1'));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const project: Project = {
  id: 'p-1',
  name: 'Bracket',
  process: '3d-printing',
  processId: 22,
  fileCount: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

test('a project link opened signed out asks the visitor to sign in (not "Failed to fetch quotation data."), then opens the project', async () => {
  let signedIn = false;
  const refused: [number, unknown] = [401, { message: 'Please log in first.' }];
  fakeApi({
    'GET project/p-1': () => (signedIn ? [200, project] : refused),
    'GET project/p-1/files': () => (signedIn ? [200, { list: [], total: 0 }] : refused),
    'POST account/login': () => {
      signedIn = true;
      return [200, { accessToken: 'tok', expiresIn: 3600 }];
    },
  });
  renderWithApp(<AppRoutes />, { path: '/quote/p-1', signedIn: false, user: customer() });

  const dialog = await screen.findByRole('dialog', { name: 'Sign in to continue' });
  expect(dialog).toHaveTextContent('This project is kept in a customer account. Sign in to open it');
  expect(screen.queryByText('Failed to fetch quotation data.')).not.toBeInTheDocument();

  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'ada@example.com');
  await userEvent.type(within(dialog).getByLabelText('Password'), 'secret-1{Enter}');
  // Signed in: the dialog goes and the project opens where the visitor is.
  expect(await screen.findByText('Bracket')).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});
