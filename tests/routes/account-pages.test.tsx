import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import type { UserInfo } from '#domain/api/account';
import type { CommonIndexResponse } from '#domain/api/common';
import { STORAGE_KEYS, storage } from '#lib/storage/storage';
import { AppRoutes } from '#routes/app';
import { ROUTES } from '#routes/route-table';
import { toasts } from '#ui/toast';
import { fakeApi, type FakeRoutes } from '../support/fake-api.ts';
import { PRELOAD_PAGES_TIMEOUT_MS, preloadPages } from '../support/preload-pages.ts';
import { renderWithApp } from '../support/render-app.tsx';
import { customer } from '../support/users.ts';

// Typing into real forms is slow on a loaded machine: a longer budget, never a wait on time.
vi.setConfig({ testTimeout: 30_000 });

// A route's page is a lazy chunk revealed after its Suspense fallback (React throttles that reveal),
// often after a redirect: on a loaded machine that can pass the default 1 s of a find query. Wait for
// the state longer; a passing test still ends as soon as the page is there.
configure({ asyncUtilTimeout: 5_000 });
beforeAll(preloadPages, PRELOAD_PAGES_TIMEOUT_MS);
beforeEach(() => storage.set(STORAGE_KEYS.cookieAccepted, '1'));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  toasts.clear();
});

const page = <T,>(list: T[]) => [200, { list, total: list.length, page: 1, pageSize: 3 }] as [number, unknown];

const openAt = (path: string, user: UserInfo | null = customer(), routes: FakeRoutes = {}, quickLogin: CommonIndexResponse['quickLogin'] = []) => {
  const calls = fakeApi(routes);
  return { ...renderWithApp(<AppRoutes />, { path, user, quickLogin }), calls };
};

describe('the home dashboard', () => {
  test('a business account sees its success manager, an entrust-order account what it may do, and the latest of everything', async () => {
    const user = customer({ member: true, isEntrustOrderAccount: true, customerManger: { name: 'Sam Success', email: 'sam@manufacture.local' } });
    openAt('/user/home', user, {
      'GET order/list': () =>
        page([{ id: 'o1', number: 'W25000001', poNumber: null, currency: 'USD', status: 'shipped', statusLabel: 'Shipped', paymentMethod: 'card', consigneeName: 'Ada', productCount: 2, createdAt: '2026-03-02T10:00:00.000Z', amountCents: 4_200 }]),
      'GET project/list': () => page([{ id: 'p1', name: 'Gearbox', process: 'cnc', processId: 23, fileCount: 3, createdAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-03T10:00:00.000Z' }]),
      'GET account/promoCodeList': () => page([{ id: 'c1', code: 'MONTHLY5', description: 'USD 5 off', percentOff: null, amountOffCents: 500, expiresAt: '2026-04-01T00:00:00.000Z', status: 'active' }]),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'My Account' })).toBeInTheDocument();
    expect(screen.getByText('Hello, Ada')).toBeInTheDocument();
    const manager = screen.getByRole('region', { name: 'Your customer success manager' });
    expect(within(manager).getByText('Sam Success')).toBeInTheDocument();
    expect(within(manager).getByRole('link', { name: 'sam@manufacture.local' })).toHaveAttribute('href', 'mailto:sam@manufacture.local');
    expect(screen.getByRole('region', { name: 'Ordering for your customers' })).toHaveTextContent('customer’s email');
    expect(within(screen.getByRole('region', { name: 'Balance' })).getByText('$123.45')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'WePoints' })).getByText('1,250')).toBeInTheDocument();
    const orders = screen.getByRole('region', { name: 'Recent orders' });
    expect(await within(orders).findByRole('link', { name: 'W25000001' })).toHaveAttribute('href', '/user/order/detail/o1');
    expect(within(orders).getByText('Shipped')).toBeInTheDocument();
    const projects = screen.getByRole('region', { name: 'Recent quotes' });
    expect(await within(projects).findByRole('link', { name: 'Gearbox' })).toHaveAttribute('href', '/quote/p1');
    expect(within(projects).getByText('CNC machining · 3 files')).toBeInTheDocument();
    expect(await screen.findByText('MONTHLY5')).toBeInTheDocument();
    expect(screen.getByText('1 active coupon')).toBeInTheDocument();
  }, 90_000);

  test('a new customer: no manager, and empty lists that lead to a first quote', async () => {
    openAt('/user/home', customer(), { 'GET order/list': () => page([]), 'GET project/list': () => page([]), 'GET account/promoCodeList': () => page([]) });
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No quotes yet' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Get your first instant quote' })[0]).toHaveAttribute('href', '/quote');
    expect(screen.queryByRole('region', { name: 'Your customer success manager' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Ordering for your customers' })).not.toBeInTheDocument();
  });

  test('a list that fails says so and the others still show', async () => {
    openAt('/user/home', customer(), { 'GET order/list': () => [500, { message: 'boom' }], 'GET project/list': () => page([]), 'GET account/promoCodeList': () => page([]) });
    expect(await within(await screen.findByRole('region', { name: 'Recent orders' })).findByRole('alert')).toHaveTextContent('could not be loaded');
    expect(await screen.findByRole('heading', { name: 'No quotes yet' })).toBeInTheDocument();
  });
});

describe('the account navigation', () => {
  test('marks the current page, and the entry a page belongs under', async () => {
    openAt('/user/account/address');
    const nav = await screen.findByRole('navigation', { name: 'Account' });
    expect(within(nav).getByRole('link', { name: 'Shipping Addresses' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Profile' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact-us');
  });

  test('an order’s details mark Order History', async () => {
    openAt('/user/order/detail/abc');
    const nav = await screen.findByRole('navigation', { name: 'Account' });
    expect(within(nav).getByRole('link', { name: 'Order History' })).toHaveAttribute('aria-current', 'true');
  });

  test('folds behind a button naming the current page, opened and closed by keyboard', async () => {
    openAt('/user/account/password');
    const toggle = await screen.findByRole('button', { name: 'Account menu: Change Password' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const list = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(list).toHaveClass('hidden');
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(list).not.toHaveClass('hidden');
  });

  test('every account page has its title', async () => {
    for (const route of ROUTES.filter((r) => r.path.startsWith('/user/') && !r.path.includes(':') && !r.requires)) {
      const { unmount } = openAt(route.path);
      // Each page is a lazily loaded chunk revealed after its Suspense fallback: wait for the state,
      // with room for a loaded machine.
      await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
      await waitFor(() => expect(document.title).toMatch(/ \| Manufacture$/));
      expect(document.title).not.toBe('Manufacture');
      unmount();
      vi.unstubAllGlobals();
    }
  }, 60_000);
});

describe('log in, and contact us', () => {
  test('a successful log in says "Sign In successfully." as a toast', async () => {
    openAt('/login', null, {
      'POST account/login': () => [200, { accessToken: 'new-token', expiresIn: 3600 }],
      'GET common/index': () => [200, { userInfo: customer(), processes: [], limits: {}, bankAccounts: [], currencies: [], quickLogin: [] }],
    });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-1{Enter}');
    const region = await screen.findByRole('region', { name: 'Notifications' });
    expect(await within(region).findByText('Sign In successfully.')).toBeInTheDocument();
  }, 90_000);

  test('the footer leads to Contact us, filled in for a signed-in customer', async () => {
    const { current } = openAt('/user/home', customer());
    await userEvent.click(await screen.findByRole('link', { name: 'Contact us' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact Us' })).toBeInTheDocument();
    expect(current()).toBe('/contact-us');
    expect(screen.getByRole('textbox', { name: 'Your email' })).toHaveValue('ada@example.com');
    expect(screen.getByRole('textbox', { name: 'Your name' })).toHaveValue('Ada Lovelace');
  });

  test('the log in and sign up pages show one button per quick-login provider, named, with its mark beside the words', async () => {
    for (const path of ['/login', '/signup']) {
      // The providers come with the session's general data (common/index), drawn with the form.
      const { unmount, calls } = openAt(path, null, {}, [
        { channel: 'github', name: 'GitHub' },
        { channel: 'acme', name: 'Acme ID' },
      ]);
      const section = await screen.findByRole('region', { name: 'Or continue with' });
      for (const name of ['Continue with GitHub', 'Continue with Acme ID']) {
        const button = within(section).getByRole('button', { name });
        // The mark is a picture beside the name, hidden from the accessibility tree.
        expect(button.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
      }
      expect(calls.map((c) => c.path)).not.toContain('account/quick/list');
      unmount();
      vi.unstubAllGlobals();
    }
  });

  test('with no quick-login provider configured, log in and sign up have no quick-login section at all (issue 40 item 4)', async () => {
    for (const [path, heading] of [['/login', 'Log In'], ['/signup', 'Sign Up']] as const) {
      const { unmount, session } = openAt(path, null, {}, []);
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      // The session's general data has come, with no provider: nothing is drawn for it (no heading over no buttons).
      await waitFor(() => expect(session.getSnapshot().context.general).not.toBeNull());
      expect(screen.queryByRole('region', { name: 'Or continue with' })).not.toBeInTheDocument();
      expect(screen.queryByText('Or continue with')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /^Continue with/ })).not.toBeInTheDocument();
      unmount();
      vi.unstubAllGlobals();
    }
  });
});
