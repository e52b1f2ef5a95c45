import { virtual } from '@guidepup/virtual-screen-reader';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { PayResponse } from '#domain/api/payment';
import type { Project } from '#domain/api/quote';
import { PaymentPanel } from '#features/checkout/components/payment-panel';
import { Workspace } from '#features/quote/components/quote-workspace-view';
import { STORAGE_KEYS, storage } from '#lib/storage/storage';
import { quoteConfiguratorMachine, selectQuote } from '#machines/quote-configurator-machine';
import { quoteWorkspaceMachine } from '#machines/quote-workspace-machine';
import { uploadMachine } from '#machines/upload-machine';
import { AppRoutes } from '#routes/app';
import { toasts } from '#ui/toast';
import { fakeApi } from '../support/fake-api.ts';
import { cubeMetrics, storedQuoteFile } from '../../stories/support/quote-fixtures.ts';
import { renderWithApp } from '../support/render-app.tsx';
import { PRELOAD_PAGES_TIMEOUT_MS, preloadPages } from '../support/preload-pages.ts';
import { customer } from '../support/users.ts';

/**
 * Screen-reader journeys (issue 19, item 3) with @guidepup/virtual-screen-reader, which walks the
 * accessibility tree and speaks as a screen reader does (names, roles, states, live regions). The
 * visitor moves and types with the keyboard (user-event, as a screen-reader user does in focus
 * mode); the screen reader follows focus and live regions, and each journey asserts on the phrases
 * it speaks, not on the DOM.
 */

vi.setConfig({ testTimeout: 60_000 });

// The pages are lazy chunks (ADR 128): load them first, then wait for the page before moving through it.
beforeAll(preloadPages, PRELOAD_PAGES_TIMEOUT_MS);

beforeEach(() => storage.set(STORAGE_KEYS.cookieAccepted, '1'));
afterEach(async () => {
  await virtual.stop();
  vi.unstubAllGlobals();
  localStorage.clear();
  toasts.clear();
});

/** Presses Tab until the screen reader says something matching `phrase`; answers what it said. */
const listen = (container: Element) => virtual.start({ container });

const keyboard = (keys: string) => userEvent.keyboard(keys, { delay: null });

async function tabUntil(phrase: RegExp, max = 40): Promise<string> {
  for (let i = 0; i < max; i++) {
    await keyboard('{Tab}');
    const said = await virtual.lastSpokenPhrase();
    if (phrase.test(said)) return said;
  }
  throw new Error(`Not heard after ${max} Tab presses: ${phrase}. Heard:\n${(await virtual.spokenPhraseLog()).slice(-12).join('\n')}`);
}

/** Waits until the screen reader has said something matching `phrase` (a live region, a new page). */
async function hears(phrase: RegExp): Promise<void> {
  await waitFor(
    async () => {
      const log = await virtual.spokenPhraseLog();
      expect(log.some((p) => phrase.test(p)), `${phrase} in:\n${log.slice(-10).join('\n')}`).toBe(true);
    },
    { timeout: 20_000 },
  );
}

describe('screen-reader journeys', () => {
  test('log in: an empty submit says where the errors are and how many, then the sign-in is said', async () => {
    fakeApi({ 'POST account/login': () => [200, { accessToken: 'tok', expiresIn: 3600 }] });
    const { container } = renderWithApp(<AppRoutes />, { path: '/login', user: customer(), signedIn: false });
    await screen.findByRole('button', { name: 'Log in' });
    await listen(container.ownerDocument.body);

    await tabUntil(/button, Log in/);
    await keyboard('{Enter}');
    // Focus goes to the first field in error, which says its error; the count follows, politely.
    await hears(/textbox, Email, Email is required\., invalid, required/);
    await hears(/polite: 2 fields need attention before this form can be sent\./);
    await keyboard('ada@example.com');
    expect(await tabUntil(/Password/)).toMatch(/Password/);
    await keyboard('secret-1');
    await tabUntil(/button, Log in/);
    await keyboard('{Enter}');
    await hears(/Sign In successfully\./);
  });

  test('the quote: a file is chosen, its arrival is said with its price, lead time and ship date, and choosing painting says the new lead time and ship date', async () => {
    const metrics = cubeMetrics(10);
    const orderedAt = Date.UTC(2026, 10, 23, 1, 0, 0);
    const project: Project = { id: 'p1', name: 'cube', process: '3d-printing', processId: 22, fileCount: 1, createdAt: '2026-11-23T01:00:00.000Z', updatedAt: '2026-11-23T01:00:00.000Z' };
    const stored = (file: File) => storedQuoteFile({ id: 'f1', projectId: 'p1', name: file.name, sizeBytes: file.size, metrics });
    // The real workspace, upload and configurator machines; only their calls are the test's (no worker, no network).
    const workspace = createActor(
      quoteWorkspaceMachine.provide({
        actors: {
          createProject: fromPromise(async () => project),
          upload: uploadMachine.provide({
            actors: {
              checkFile: fromPromise(async () => {}),
              importGeometry: fromCallback(({ sendBack }) => void sendBack({ type: 'import.done', analysis: { metrics, findings: [], mesh: null, orderable: true } })),
              uploadFile: fromCallback(({ sendBack, input }) => void sendBack({ type: 'upload.done', uploaded: stored(input.file) })),
            },
          }),
          configurator: quoteConfiguratorMachine.provide({
            actors: { saveConfiguration: fromPromise(async ({ input }) => selectQuote({ metrics, configuration: input.configuration, orderedAt, geometryFindings: [] })) },
          }),
        },
      }),
      { input: { now: () => orderedAt } },
    ).start();
    const { container } = renderWithApp(<Workspace workspace={workspace} />, { path: '/quote', user: customer() });
    await listen(container.ownerDocument.body);

    // The file chooser is the operating system's: the user reaches the button, and the chosen file arrives.
    await tabUntil(/button, Choose files/);
    const input = container.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await userEvent.upload(input, new File([new Uint8Array(684)], 'cube.stl'));
    // The price, lead time and ship date are said with the upload's end (the configurator's own
    // region arrives already filled, which a screen reader does not read out).
    await hears(/polite: cube\.stl is uploaded and priced: \$[\d,.]+ in total, \$[\d,.]+ per part, lead time \d+ working days, ships \w+, \w+ \d+, \d{4}\./);
    const region = await waitFor(() => {
      const r = [...container.querySelectorAll('[aria-live="polite"]')].find((e) => /lead time \d+ working days/.test(e.textContent ?? ''));
      if (!r) throw new Error('no price yet');
      return r;
    }, { timeout: 10_000 });
    const before = /lead time (\d+) working days/.exec(region.textContent ?? '')?.[1];
    const arrival = screen.getByTestId('announcer').textContent;

    expect(await tabUntil(/checkbox, Painting/, 60)).toMatch(/not checked/);
    await keyboard(' ');
    await tabUntil(/checkbox, Red/);
    await keyboard(' ');
    // Painting adds 4 working days per colour: the price region says the new lead time and ship date.
    await hears(new RegExp(`polite: .*lead time ${Number(before) + 4} working days · ships \\w{3}, \\w{3} \\d+, \\d{4}`));
    // Said once by the page's region: the changes are the configurator's region's to say.
    expect(screen.getByTestId('announcer')).toHaveTextContent(arrival!);
  });

  test('checkout payment: the card is paid and the success is said', async () => {
    const pay = vi.fn(
      async (): Promise<PayResponse> => ({
        subject: { kind: 'order', id: 'o1', number: 'W25000001', status: 'paid' },
        payment: { id: 'p1', method: 'card', status: 'succeeded', amountCents: 12_345, currency: 'USD', provider: 'sandbox', cardBrand: 'visa', cardLast4: '4242', declineCode: null, message: null, via: 'owner', createdAt: '2026-11-27T10:00:00Z' },
        balanceCents: null,
        bankTransfer: null,
        message: '',
      }),
    );
    const { container } = render(<PaymentPanel amountCents={12_345} methods={['balance', 'card', 'bank_transfer']} pay={pay} />);
    await listen(container);

    await tabUntil(/radio, Prepaid balance/);
    await keyboard('{ArrowDown}');
    await tabUntil(/Card number/);
    await keyboard('4242424242424242');
    await tabUntil(/Expiry date/);
    await keyboard('12/39');
    await tabUntil(/Security code/);
    await keyboard('123');
    await tabUntil(/button, Continue to confirm/);
    await keyboard('{Enter}');
    await hears(/Confirm your payment/);
    await tabUntil(/button, Pay \$123\.45/);
    await keyboard('{Enter}');
    await hears(/Payment of \$123\.45 received\./);
  });
});
