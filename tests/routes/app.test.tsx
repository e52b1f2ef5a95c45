import { act, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createActor, fromPromise } from 'xstate';
import type { UserInfo } from '#domain/api/account';
import type { CommonIndexResponse } from '#domain/api/common';
import { STORAGE_KEYS, storage } from '#lib/storage/storage';
import { SessionProvider, type SessionActorRef, type SessionSource } from '#machines/session-context';
import { sessionMachine, type SessionInput } from '#machines/session-machine';
import { AppRoutes } from '#routes/app';
import { AriaRouter } from '#routes/aria-router';
import { fakeApi } from '../support/fake-api.ts';
import { PRELOAD_PAGES_TIMEOUT_MS, preloadPages } from '../support/preload-pages.ts';
import { WithQueryClient } from '../support/query-client.tsx';

const general = { processes: [], limits: {}, bankAccounts: [], currencies: [], quickLogin: [] } as unknown as Omit<CommonIndexResponse, 'userInfo'>;
const ada: UserInfo = {
  username: 'ada',
  email: 'ada@example.com',
  customerId: 'C10000001',
  activationEmail: null,
  member: false,
  isEntrustOrderAccount: false,
  detainPopup: false,
  customerManger: null,
  isChannel: false,
  isRecharge: false,
  firstName: 'Ada',
  lastName: 'Lovelace',
  phoneCode: '+44',
  phone: '2079460000',
  company: null,
  title: null,
  industry: null,
  avatarUrl: null,
  referralCode: 'ADA12345',
  balanceCents: 0,
  balanceCurrency: 'USD',
  wePoints: 0,
  hasPassword: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};

// A route's page is a lazy chunk revealed after its Suspense fallback (React throttles that reveal),
// often after a redirect: on a loaded machine that can pass the default 1 s of a find query. Wait for
// the state longer; a passing test still ends as soon as the page is there.
configure({ asyncUtilTimeout: 5_000 });
beforeAll(preloadPages, PRELOAD_PAGES_TIMEOUT_MS);

beforeEach(() => {
  // Pages ask the server for data (phone codes, captcha): here the answers never come.
  vi.stubGlobal('fetch', () => new Promise(() => {}));
  storage.set(STORAGE_KEYS.cookieAccepted, '1');
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** A started session whose common/index answers `user` when there is a token. */
function sessionFor(input: SessionInput, user: UserInfo | null = ada, quickLogin: CommonIndexResponse['quickLogin'] = []) {
  return createActor(
    sessionMachine.provide({
      actors: {
        loadGeneral: fromPromise(async () => ({ ...general, quickLogin, userInfo: input.token ? user : null })),
        revokeToken: fromPromise(async () => {}),
      },
    }),
    { input },
  ).start();
}

/** The app's routes at `path`, with the session or its promise. */
function appAt(path: string, session: SessionSource) {
  const [pathname, search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname, searchPath: search, record: true });
  const app = (
    <SessionProvider actor={session}>
      <WithQueryClient>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <AriaRouter>
            <AppRoutes />
          </AriaRouter>
        </Router>
      </WithQueryClient>
    </SessionProvider>
  );
  return { app, location, current: () => location.history.at(-1) };
}

function renderAt(
  path: string,
  { input = {}, user = ada, quickLogin = [] }: { input?: SessionInput; user?: UserInfo | null; quickLogin?: CommonIndexResponse['quickLogin'] } = {},
) {
  const session = sessionFor(input, user, quickLogin);
  const { app, location, current } = appAt(path, session);
  render(app);
  return { location, session, current };
}

const signedIn: SessionInput = { token: 'tok', tokenTtlMs: 3_600_000 };

/**
 * As the app starts (ADR 139): the session's chunk still loading; `release` gives the actor. Rendered
 * in an awaited act: React retries a component suspended on a promise (`use`) only then (a sync act
 * render leaves it suspended; the browser has no such act).
 */
async function renderWhileSessionLoads(path: string, input: SessionInput = {}) {
  let release!: () => void;
  let fail!: () => void;
  const session = new Promise<SessionActorRef>((resolve, reject) => {
    release = () => resolve(sessionFor(input));
    fail = () => reject(new TypeError('Failed to fetch dynamically imported module'));
  });
  const { app, current } = appAt(path, session);
  await act(async () => {
    render(app);
  });
  return { release, fail, current };
}

describe('while the session loads (ADR 139)', () => {
  test('the quote page and the header are there, signed out; the session then takes over', async () => {
    const { release } = await renderWhileSessionLoads('/quote');
    expect(await screen.findByRole('button', { name: 'Choose files' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    await act(async () => release());
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
  });

  test('a stored token shows the account link at once, and the name once the session knows it', async () => {
    storage.set(STORAGE_KEYS.token, 'tok', 3600);
    const { release } = await renderWhileSessionLoads('/quote', signedIn);
    expect(await screen.findByRole('button', { name: 'Choose files' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My account' })).toBeInTheDocument();
    await act(async () => release());
    expect(await screen.findByRole('link', { name: 'My account (ada)' })).toBeInTheDocument();
  });

  test('when the session cannot be loaded, the page says so and offers a reload', async () => {
    const { fail } = await renderWhileSessionLoads('/user/home');
    // React reports the caught error on the console; the test reads the page instead.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    await act(async () => fail());
    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown error, please reload the page.');
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
    // The frame stays: the visitor can still go elsewhere.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    quiet.mockRestore();
  });

  test('a page behind log-in waits for the session, then goes to log in', async () => {
    const { release, current } = await renderWhileSessionLoads('/user/home');
    expect(screen.getByText('Loading the page…')).toHaveAttribute('role', 'status');
    expect(current()).toBe('/user/home');
    await act(async () => release());
    await waitFor(() => expect(current()).toBe(`/login?redirect=${encodeURIComponent('/user/home')}`));
  });
});

describe('lazily loaded pages', () => {
  test('a page not yet shown opens in its frame with a polite loading status, then the page', async () => {
    // No other test here opens /terms-of-use: its page component suspends on this first render.
    renderAt('/terms-of-use');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByText('Loading the page…')).toHaveAttribute('role', 'status');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of use and privacy' })).toBeInTheDocument();
    expect(screen.queryByText('Loading the page…')).not.toBeInTheDocument();
  });
});

describe('redirects', () => {
  test('/ goes to the quote page with the technology set to 3D printing', async () => {
    const { current } = renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Instant quote' })).toBeInTheDocument();
    expect(current()).toBe('/quote?technology=3d-printing');
  });

  test('/home goes to the quote page', async () => {
    const { current } = renderAt('/home');
    await screen.findByRole('heading', { level: 1, name: 'Instant quote' });
    expect(current()).toBe('/quote');
  });

  test('an unknown path goes to /404, titled and noindex', async () => {
    const { current } = renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(current()).toBe('/404');
    await waitFor(() => expect(document.title).toBe('Page Not Found | Manufacture'));
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
  });

  test('/user goes to /user/home', async () => {
    const { current } = renderAt('/user', { input: signedIn });
    expect(await screen.findByRole('heading', { level: 1, name: 'My Account' })).toBeInTheDocument();
    expect(current()).toBe('/user/home');
  });
});

describe('guards', () => {
  test('a login-only route without a token goes to /login with the wanted path', async () => {
    const { current } = renderAt('/user/account/profile?tab=2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log In' })).toBeInTheDocument();
    expect(current()).toBe(`/login?redirect=${encodeURIComponent('/user/account/profile?tab=2')}`);
  });

  test('a temporary token is not enough for a login-only route', async () => {
    const { current } = renderAt('/checkout', { input: { tempToken: 'tmp' } });
    await screen.findByRole('heading', { level: 1, name: 'Log In' });
    expect(current()).toBe(`/login?redirect=${encodeURIComponent('/checkout')}`);
  });

  test('a public child of a login-only parent stays public', async () => {
    const { current } = renderAt('/additional-cost/payment');
    expect(await screen.findByRole('heading', { level: 1, name: 'Additional cost payment' })).toBeInTheDocument();
    expect(current()).toBe('/additional-cost/payment');
  });

  test('a signed-in visitor opening /login goes to the wanted path', async () => {
    const { current } = renderAt(`/login?redirect=${encodeURIComponent('/user/order/history')}`, { input: signedIn });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order History' })).toBeInTheDocument();
    expect(current()).toBe('/user/order/history');
  });

  test('a signed-in visitor opening /login goes back to the previous path', async () => {
    const { location, current } = renderAt('/user/account/coupons', { input: signedIn });
    await screen.findByRole('heading', { level: 1, name: 'Coupons' });
    act(() => location.navigate('/login'));
    await waitFor(() => expect(current()).toBe('/user/account/coupons'));
  });

  test('a redirect to another site is refused: it goes to / instead', async () => {
    const { current } = renderAt(`/login?redirect=${encodeURIComponent('//evil.example/x')}`, { input: signedIn });
    await waitFor(() => expect(current()).toBe('/quote?technology=3d-printing'));
  });

  test('a visitor holding only a temporary token stays on /login', async () => {
    const { current } = renderAt('/login', { input: { tempToken: 'tmp' } });
    expect(await screen.findByRole('form', { name: 'Log in' })).toBeInTheDocument();
    expect(current()).toBe('/login');
  });

  test('balance reload without recharge allowed goes back to the balance page, which says why', async () => {
    const { current } = renderAt('/user/account/balance/reload', { input: signedIn, user: { ...ada, isRecharge: false } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Balance' })).toBeInTheDocument();
    expect(current()).toBe('/user/account/balance?reload=unavailable');
    expect(screen.getByText('Reloading is not enabled for this account, so we brought you back to your balance.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Reload your balance' })).not.toBeInTheDocument();
  });

  test('balance reload opens when the account allows recharge', async () => {
    const { current } = renderAt('/user/account/balance/reload', { input: signedIn, user: { ...ada, isRecharge: true } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reload Balance' })).toBeInTheDocument();
    expect(current()).toBe('/user/account/balance/reload');
  });

  test('a 401 on a login-only page sends the visitor to /login with the page to come back to', async () => {
    const { session, current } = renderAt('/user/order/history', { input: signedIn });
    await screen.findByRole('heading', { level: 1, name: 'Order History' });
    act(() => session.send({ type: 'api.unauthorized' }));
    await screen.findByRole('heading', { level: 1, name: 'Log In' });
    expect(current()).toBe(`/login?redirect=${encodeURIComponent('/user/order/history')}`);
  });

  test('a 401 on a quote page opens the sign-in dialog and the visitor stays', async () => {
    const { session, current } = renderAt('/quote', { input: signedIn });
    await screen.findByRole('heading', { level: 1, name: 'Instant quote' });
    // Nothing touched yet: the workspace waits for the first sign (ADR 260); the dialog opens all the same.
    await act(async () => session.send({ type: 'api.unauthorized' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign in to continue' });
    expect(dialog).toBeInTheDocument();
    expect(current()).toBe('/quote');
  });

  test('the quote page’s sign-in dialog offers the configured quick logins, which come back to the quote page', async () => {
    const calls = fakeApi({ 'GET account/quick/loginUrl': () => [200, { url: '#github' }] });
    const { session } = renderAt('/quote?project=p-1', { input: signedIn, quickLogin: [{ channel: 'github', name: 'GitHub' }] });
    await screen.findByRole('heading', { level: 1, name: 'Instant quote' });
    act(() => session.send({ type: 'api.unauthorized' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign in to continue' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Continue with GitHub' }));
    await waitFor(() => expect(sessionStorage.getItem('manufacture.quickLoginReturn')).toBe('/quote?project=p-1'));
    expect(calls.find((c) => c.path === 'account/quick/loginUrl')?.query.get('channel')).toBe('github');
    sessionStorage.clear();
  });
});

describe('page meta', () => {
  test('each route sets its title; the quote page has a canonical link and a description', async () => {
    renderAt('/quote');
    await waitFor(() => expect(document.title).toBe('Instant Quote | Manufacture'));
    expect(document.head.querySelector('link[rel="canonical"]')).not.toBeNull();
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/instant price/);
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
  });

  test('reset password is noindex', async () => {
    renderAt('/reset-password');
    await waitFor(() => expect(document.title).toBe('Reset Password | Manufacture'));
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
  });

  test('/account-delete and /clearToken are titled Log Out', async () => {
    renderAt('/clearToken');
    await waitFor(() => expect(document.title).toBe('Log Out | Manufacture'));
  });
});

describe('the cookie banner', () => {
  test('shows until accepted, and the acceptance is stored as 1', async () => {
    localStorage.clear();
    renderAt('/quote');
    const banner = await screen.findByRole('region', { name: 'Cookie consent' });
    expect(screen.getByRole('link', { name: 'Read our privacy policy' })).toHaveAttribute('href', '/terms-of-use?tab=privacy-policy');
    await userEvent.click(screen.getByRole('button', { name: 'Accept cookies' }));
    expect(banner).not.toBeInTheDocument();
    expect(storage.get(STORAGE_KEYS.cookieAccepted)).toBe('1');
  });

  test('sits in the page before the header, never over the content, and hands focus to the main content when accepted', async () => {
    localStorage.clear();
    renderAt('/quote');
    const banner = await screen.findByRole('region', { name: 'Cookie consent' });
    expect(banner.className).not.toMatch(/\b(fixed|sticky|absolute)\b/);
    const header = screen.getByRole('banner');
    expect(banner.compareDocumentPosition(header) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    screen.getByRole('button', { name: 'Accept cookies' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(banner).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveFocus();
  });
});

describe('focus on a change of page (ADR 121)', () => {
  test('stays where the browser put it on the first load, then goes to the new page’s main heading', async () => {
    renderAt('/terms-of-use');
    const terms = await screen.findByRole('heading', { level: 1, name: /terms/i });
    expect(terms).not.toHaveFocus();
    await userEvent.click(screen.getByRole('link', { name: 'Contact us' }));
    const contact = await screen.findByRole('heading', { level: 1, name: /contact/i });
    await waitFor(() => expect(contact).toHaveFocus());
    expect(contact).toHaveAttribute('tabindex', '-1');
  });

  test('a redirect on the first load keeps the browser’s focus', async () => {
    renderAt('/');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Instant quote' });
    expect(heading).not.toHaveFocus();
  });
});

describe('the quote page taking its project’s address', () => {
  test('/quote → /quote/{id} keeps the page mounted: what the visitor is using is not drawn again, and the focus stays', async () => {
    const { location } = renderAt('/quote?technology=3d-printing');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Instant quote' });
    const choose = await screen.findByRole('button', { name: 'Choose files' });
    act(() => choose.focus());
    act(() => location.navigate('/quote/0b7d5a52-7f55-4c57-9d8e-2b1f3f8f6d11', { replace: true }));
    expect(screen.getByRole('heading', { level: 1, name: 'Instant quote' })).toBe(heading);
    expect(choose).toBeInTheDocument();
    expect(choose).toHaveFocus();
  });
});
