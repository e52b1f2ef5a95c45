import { act, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { EXW_NOTE } from '#domain/pricing/quote-part';
import { ACCOUNT_PAGES, PRERENDERED_PAGES, type PrerenderedPage } from '#domain/rules/prerendered-pages';
import { ROUTER_BASE } from '#routes/app';
import { renderPrerenderedPages, type RenderedPage } from '#routes/prerender';
import { ROUTES } from '#routes/route-table';
import type { SessionSource } from '#machines/session-context';

// The quote page's first screen as the build writes it (ADR 141), rendered by the app's own
// components, and the app's first render taking it over.

beforeEach(() => {
  vi.stubGlobal('fetch', () => new Promise(() => {}));
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  document.body.innerHTML = '';
});

/** The pages, rendered once before any test resets the module graph (a render after a reset draws the loading state). */
let rendered: Promise<RenderedPage[]> | null = null;
const pagesOnce = () => (rendered ??= renderPrerenderedPages());

function screenOf(page: RenderedPage): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = page.html;
  document.body.replaceChildren(root);
  return root;
}

/** The page's HTML in `#root` as the server sends it, at its URL: marked with its page and inert until the app takes over. */
function mountPrerendered(page: RenderedPage, url: string): HTMLElement {
  window.history.replaceState(null, '', `${ROUTER_BASE}/${url}`);
  const container = document.createElement('div');
  container.id = 'root';
  container.setAttribute('data-prerendered', page.page);
  container.setAttribute('inert', '');
  container.innerHTML = page.html;
  document.body.append(container);
  return container;
}

/**
 * The app taking over a prerendered page (`container`, mounted at its URL) as a browser starts it: a
 * module graph whose lazy pages were never rendered, the page's chunk fetched first, and the first
 * commit made synchronously. `atFirstCommit` looks at that commit before anything else runs;
 * `session` makes the session from the fresh module graph (one still loading without it).
 */
async function takeOver(
  container: HTMLElement,
  page: PrerenderedPage['page'],
  { session, atFirstCommit }: { session?: () => Promise<SessionSource>; atFirstCommit?: () => void } = {},
): Promise<Root> {
  vi.resetModules();
  const app = await import('#routes/app');
  const source = session ? await session() : new Promise<never>(() => {});
  await app.preloadPage(page);
  const root = createRoot(container);
  act(() => {
    flushSync(() =>
      root.render(
        <StrictMode>
          <app.App session={source} />
        </StrictMode>,
      ),
    );
    atFirstCommit?.();
  });
  return root;
}

describe('the prerendered quote page', () => {
  test('one page per process, with and without the cookie banner: the first screen a visitor sees, the same for everyone', async () => {
    const pages = await pagesOnce();
    expect(pages.map((p) => p.file)).toEqual(PRERENDERED_PAGES.map((p) => p.file));
    const process = { '3d-printing': '3D printing', cnc: 'CNC machining', 'vacuum-casting': 'Vacuum casting' };
    for (const [i, page] of pages.entries()) {
      const { url, consented, page: id } = PRERENDERED_PAGES[i]!;
      if (id !== 'quote') continue;
      const screen = within(screenOf(page));
      expect(page.title).toBe('Instant Quote | Manufacture');
      expect(page.description).toMatch(/^Upload STL or STEP files/);
      expect(screen.getByRole('heading', { level: 1, name: 'Instant quote' })).toBeTruthy();
      const chosen = Object.entries(process).find(([slug]) => url.endsWith(`technology=${slug}`))![1];
      expect(screen.getByRole('radio', { name: chosen }), page.file).toHaveProperty('checked', true);
      expect(screen.getByRole('button', { name: 'Choose files' })).toBeTruthy();
      expect(!!screen.queryByRole('region', { name: 'Cookie consent' }), page.file).toBe(!consented);
      expect(screen.queryByText(/Loading page/)).toBeNull();
      // Who is looking is not known yet: the account links hold their place, hidden.
      expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
      expect(screen.queryByRole('link', { name: 'My account' })).toBeNull();
    }
    // The stored consent the render set for the consented pages is gone again.
    expect(localStorage.length).toBe(0);
  });

  test('a page whose first screen has the drop zone, and only such a page, keeps a file dropped before the app runs (takesFiles)', async () => {
    for (const page of await pagesOnce()) {
      const screen = within(screenOf(page));
      expect(page.takesFiles, page.file).toBe(!!screen.queryByRole('button', { name: 'Choose files' }));
    }
  });

  test('the log-in page, with and without the cookie banner (ADR 235): its form, for a visitor not known yet', async () => {
    const logins = (await pagesOnce()).filter((p) => p.page === 'login');
    expect(logins.map((p) => p.file)).toEqual(['login.html', 'login-consented.html']);
    for (const page of logins) {
      const screen = within(screenOf(page));
      expect(page.title).toBe('Log In | Manufacture');
      expect(screen.getByRole('heading', { level: 1, name: 'Log In' })).toBeTruthy();
      expect(screen.getByRole('textbox', { name: 'Email' })).toBeTruthy();
      expect(screen.getByLabelText('Password')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
      expect(!!screen.queryByRole('region', { name: 'Cookie consent' }), page.file).toBe(page.file === 'login.html');
      expect(screen.queryByText(/Loading page/)).toBeNull();
      // The header's account links hold their place, hidden, as on the quote page.
      expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    }
  });

  test('the sign-up page, with and without the cookie banner: its form, the referral code left to the app', async () => {
    const signups = (await pagesOnce()).filter((p) => p.page === 'signup');
    expect(signups.map((p) => p.file)).toEqual(['signup.html', 'signup-consented.html']);
    for (const page of signups) {
      const screen = within(screenOf(page));
      expect(page.title).toBe('Sign Up | Manufacture');
      expect(screen.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeTruthy();
      expect(screen.getByRole('textbox', { name: 'Email' })).toBeTruthy();
      expect(screen.getByRole('textbox', { name: 'Referral code (optional)' })).toHaveValue('');
      expect(screen.getByRole('button', { name: 'Create account' })).toBeTruthy();
      expect(!!screen.queryByRole('region', { name: 'Cookie consent' }), page.file).toBe(page.file === 'signup.html');
      expect(screen.queryByText(/Loading page/)).toBeNull();
    }
  });

  test('the reset-password page, with and without the cookie banner (ADR 247): asking for the link, and a link\'s new password without its key', async () => {
    const resets = (await pagesOnce()).filter((p) => p.page === 'reset-password');
    expect(resets.map((p) => p.file)).toEqual(['reset-password.html', 'reset-password-consented.html', 'reset-password-key.html', 'reset-password-key-consented.html']);
    for (const page of resets) {
      const screen = within(screenOf(page));
      expect(page.title).toBe('Reset Password | Manufacture');
      expect(screen.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeTruthy();
      if (page.file.startsWith('reset-password-key')) {
        expect(screen.getByRole('form', { name: 'Choose a new password' })).toBeTruthy();
        expect(screen.getByLabelText('New password')).toBeTruthy();
        expect(screen.getByLabelText('Confirm new password')).toBeTruthy();
        expect(screen.getByRole('button', { name: 'Change password' })).toBeTruthy();
        // The key travels in the link, never in the markup every link shares.
        expect(page.html).not.toContain('emailed');
      } else {
        expect(screen.getByRole('form', { name: 'Send a reset link' })).toBeTruthy();
        expect(screen.getByRole('textbox', { name: 'Email' })).toBeTruthy();
        expect(screen.getByRole('button', { name: 'Send the link' })).toBeTruthy();
      }
      expect(!!screen.queryByRole('region', { name: 'Cookie consent' }), page.file).toBe(!page.file.endsWith('-consented.html'));
      expect(screen.queryByText(/Loading page/)).toBeNull();
    }
  });

  test('the checkout, with and without the cookie banner (ADR 243): its frame and its terms, for a signed-in visitor whose account is loading', async () => {
    const checkouts = (await pagesOnce()).filter((p) => p.page === 'checkout');
    expect(checkouts.map((p) => p.file)).toEqual(['checkout.html', 'checkout-consented.html']);
    for (const page of checkouts) {
      const screen = within(screenOf(page));
      expect(page.title).toBe('Order Confirmation | Manufacture');
      expect(screen.getByRole('heading', { level: 1, name: 'Order confirmation' })).toBeTruthy();
      // The page's words for the terms are the server's note, word for word.
      expect(screen.getByText(EXW_NOTE)).toBeTruthy();
      expect(screen.getByRole('status')).toHaveTextContent('Loading your account…');
      // Nothing of anyone's cart or addresses: those are fetched by the page.
      expect(screen.queryByRole('table')).toBeNull();
      expect(screen.queryByRole('form')).toBeNull();
      expect(!!screen.queryByRole('region', { name: 'Cookie consent' }), page.file).toBe(page.file === 'checkout.html');
      expect(screen.queryByText(/Loading page/)).toBeNull();
      expect(screen.queryByRole('link', { name: 'Log out' })).toBeNull();
    }
  });

  test("a saved project's page, with and without the cookie banner (ADR 264): its opening screen, the same for every project", async () => {
    const projects = (await pagesOnce()).filter((p) => p.page === 'quote-project');
    expect(projects.map((p) => p.file)).toEqual(['quote-project.html', 'quote-project-consented.html']);
    for (const page of projects) {
      const screen = within(screenOf(page));
      expect(page.title).toBe('Quote | Manufacture');
      expect(screen.getByRole('heading', { level: 1, name: 'Instant quote' })).toBeTruthy();
      expect(screen.getByRole('status')).toHaveTextContent('Opening your project…');
      expect(screen.getByText(/^Applies to every part of this project/)).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Choose files' })).toBeTruthy();
      // Nobody's project: no name, no parts, and not the address it was rendered at.
      expect(screen.queryByRole('table')).toBeNull();
      // It was rendered at /quote/opening: that id is nowhere in it (the screen's "Opening" is a word, capitalised).
      expect(page.html).not.toMatch(/\bopening\b/);
      expect(!!screen.queryByRole('region', { name: 'Cookie consent' }), page.file).toBe(page.file === 'quote-project.html');
      expect(screen.queryByText(/Loading page/)).toBeNull();
      expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    }
  });

  test('every account page at an address without a parameter, whose guard asks only for a signed-in visitor, is prerendered at its own address (ADR 267)', () => {
    const expected = ROUTES.filter((r) => r.access === 'login' && r.path.startsWith('/user/') && !r.path.includes(':') && !r.requires).map((r) => ({ page: r.page, url: r.path.slice(1) }));
    expect([...ACCOUNT_PAGES]).toEqual(expected);
  });

  test("the account pages, with and without the cookie banner (ADR 267): each one's frame for a signed-in visitor whose account is loading, nobody's data", async () => {
    const accounts = (await pagesOnce()).filter((p) => ACCOUNT_PAGES.some((a) => a.page === p.page));
    expect(accounts).toHaveLength(ACCOUNT_PAGES.length * 2);
    for (const page of accounts) {
      const route = ROUTES.find((r) => r.page === page.page)!;
      const screen = within(screenOf(page));
      expect(page.title, page.file).toMatch(/ \| Manufacture$/);
      expect(screen.getByRole('heading', { level: 1 }), page.file).toBeTruthy();
      expect(screen.getByRole('navigation', { name: 'Account' }), page.file).toBeTruthy();
      // The page's loading status (a status line, or a table's loading row), and nothing said of an
      // account it does not know: no amount of money, no permission refused (the balance card said
      // "$0.00" and "Reloading is not enabled" while the account loaded).
      const main = screen.getByRole('main').textContent ?? '';
      expect(main, page.file).toMatch(/Loading/);
      expect(main, page.file).not.toMatch(/\$\s?\d|not enabled/);
      expect(screen.queryByRole('link', { name: 'Log out' }), page.file).toBeNull();
      expect(!!screen.queryByRole('region', { name: 'Cookie consent' }), page.file).toBe(!page.file.endsWith('-consented.html'));
      expect(screen.queryByText(/Loading page|Checking your account/), page.file).toBeNull();
      // Named after the address it answers at.
      expect(page.file).toBe(`${route.path.slice(1).replaceAll('/', '-')}${page.file.endsWith('-consented.html') ? '-consented' : ''}.html`);
    }
    // What a page draws before its data is in its frame: the referral programme's rules, the upload history's retention.
    const referral = within(screenOf(accounts.find((p) => p.file === 'user-account-referral-consented.html')!));
    expect(referral.getByRole('heading', { level: 2, name: 'How it works' })).toBeTruthy();
    expect(referral.getByText(/^Share your code or link. A friend who signs up with it gets 10% off/)).toBeTruthy();
    expect(referral.getByRole('status')).toHaveTextContent('Loading your referral code…');
    const uploads = within(screenOf(accounts.find((p) => p.file === 'user-order-upload-history.html')!));
    expect(uploads.getByText(/^We keep the files you upload for 3 months/)).toBeTruthy();
  });

  test('the app takes over an account page: its first render, once the page and the session are there, draws the same frame', async () => {
    // The file with the cookie banner: this visitor has not answered it (nothing stored).
    const referral = (await pagesOnce()).find((p) => p.file === 'user-account-referral.html')!;
    const container = mountPrerendered(referral, 'user/account/referral');
    // The page's content: the header's account links hold their place, hidden, until the session says who is there.
    const main = () => container.querySelector('main')?.textContent;
    const before = main();
    expect(before).toMatch(/How it works/);
    const root = await takeOver(container, 'referral', {
      // A visitor with a token, as the browser starts the session: its account is asked for and still loading.
      session: async () => {
        const { createActor } = await import('xstate');
        const { sessionMachine } = await import('#machines/session-machine');
        return createActor(sessionMachine, { input: { token: 'a-token', tokenTtlMs: 60_000, tempToken: null } }).start();
      },
      atFirstCommit: () => {
        expect(main()).toBe(before);
      },
    });
    expect(within(container).getByRole('heading', { level: 1, name: 'Referral' })).toBeTruthy();
    act(() => root.unmount());
  });

  test("the app takes over a project's page: its first render draws the same opening screen", async () => {
    const project = (await pagesOnce()).find((p) => p.file === 'quote-project-consented.html')!;
    const container = mountPrerendered(project, 'quote/6a1f4c2e-0b7d-4e59-9c1a-5d2e8f3b7a10');
    const before = within(container).getByRole('status').textContent;
    const root = await takeOver(container, 'quote-project', {
      atFirstCommit: () => {
        expect(container.textContent).not.toMatch(/Loading page/);
        expect(within(container).getByRole('status').textContent).toBe(before);
      },
    });
    // The page then fetches its workspace (ADR 137): let it arrive before the test ends.
    await act(async () => {
      await import('#features/quote/components/quote-workspace-view');
    });
    act(() => root.unmount());
  });

  test('the app takes over the log-in page: its first render, once the page and the session are there, draws the same form', async () => {
    const login = (await pagesOnce()).find((p) => p.file === 'login-consented.html')!;
    const container = mountPrerendered(login, 'login');
    const root = await takeOver(container, 'login', {
      session: async () => {
        const { createActor } = await import('xstate');
        const { sessionMachine } = await import('#machines/session-machine');
        return createActor(sessionMachine, { input: { token: null, tokenTtlMs: null, tempToken: null } });
      },
    });
    expect(container.textContent).not.toMatch(/Loading page/);
    const screen = within(container);
    expect(screen.getByRole('heading', { level: 1, name: 'Log In' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeTruthy();
    act(() => root.unmount());
  });

  test('the app takes over: its first render draws the same screen (never "Loading page…") and the page becomes usable', async () => {
    const cnc = (await pagesOnce()).find((p) => p.file === 'quote-cnc.html')!;
    const container = mountPrerendered(cnc, 'quote?technology=cnc');
    // The first commit: what replaces the prerendered screen is the page itself, not its Suspense
    // fallback ("Loading page…"), which is what a page not fetched beforehand commits.
    const root = await takeOver(container, 'quote', {
      atFirstCommit: () => {
        expect(container.textContent).not.toMatch(/Loading page/);
        expect(within(container).getByRole('heading', { level: 1, name: 'Instant quote' })).toBeTruthy();
      },
    });
    // The page then fetches its workspace (ADR 137): let it arrive before the test ends.
    await act(async () => {
      await import('#features/quote/components/quote-workspace-view');
    });
    const screen = within(container);
    expect(screen.getByRole('heading', { level: 1, name: 'Instant quote' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'CNC machining' })).toHaveProperty('checked', true);
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();
    act(() => root.unmount());
  });

  test('a file dropped on the prerendered screen before the app takes over is kept, said to be, and taken by the app (ADR 168)', async () => {
    const page = (await pagesOnce()).find((p) => p.file === 'quote-3d-printing.html')!;
    const container = mountPrerendered(page, 'quote');
    const { installEarlyFiles } = await import('#lib/early-files-script');
    installEarlyFiles(document, window);
    // The screen is inert: the drop lands on the document.
    const drop = new Event('drop', { bubbles: true, cancelable: true });
    Object.defineProperty(drop, 'dataTransfer', { value: { types: ['Files'], files: [new File(['solid cube'], 'cube.stl')] } });
    document.body.dispatchEvent(drop);
    expect(within(container).getByText('Your files are kept: the quote opens as soon as the page is ready.')).toBeTruthy();

    const root = await takeOver(container, 'quote');
    // The app's first render counts it as waiting for the workspace, which takes it as it arrives.
    expect(within(container).getByRole('status')).toHaveTextContent('1 file taken: the quote opens in a moment…');
    expect(container.querySelector('[data-early-files]')).toHaveAttribute('hidden');
    await act(async () => {
      await import('#features/quote/components/quote-workspace-view');
    });
    act(() => root.unmount());
    delete (window as unknown as Record<string, unknown>).__manufactureEarlyFiles;
  });
});
