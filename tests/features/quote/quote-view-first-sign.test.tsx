import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

// The workspace's chunk, fetched when its module is first imported: here, noted and never arriving.
const workspace = vi.hoisted(() => ({ imported: vi.fn() }));
vi.mock('../../../features/quote/components/quote-workspace-view.tsx', () => {
  workspace.imported();
  return new Promise(() => {});
});
vi.mock('../../../features/quote/geometry/geometry-client.ts', () => ({ startGeometryWorker: vi.fn() }));
vi.mock('../../../features/quote/temporary-token.ts', () => ({ prepareTemporaryToken: vi.fn() }));

/** The quote view as a new page load gets it: its modules fresh (its lazy workspace not yet asked for), with the app's frame of the same modules. */
async function freshQuoteView() {
  vi.resetModules();
  const [{ QuoteView }, { renderWithApp }] = await Promise.all([import('#features/quote/components/quote-view'), import('../../support/render-app.tsx')]);
  return { QuoteView, renderWithApp };
}

beforeEach(() => {
  Object.defineProperty(navigator, 'userActivation', { value: { hasBeenActive: false, isActive: false }, configurable: true });
});
afterEach(() => {
  vi.clearAllMocks();
  Reflect.deleteProperty(navigator, 'userActivation');
});

describe("the quote page's workspace is fetched at the visitor's first sign that a file may come (ADR 260)", () => {
  test('a visitor who only reads the page fetches none of it; the first pointer down fetches it', async () => {
    const { QuoteView, renderWithApp } = await freshQuoteView();
    renderWithApp(<QuoteView />, { path: '/quote' });
    const choose = await screen.findByRole('button', { name: 'Choose files' });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(workspace.imported).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.pointerDown(choose);
    });
    expect(workspace.imported).toHaveBeenCalledTimes(1);
  });

  test("a page the browser marks active before any input on it (an address typed, Chromium's sticky activation) waits for an input all the same", async () => {
    Object.defineProperty(navigator, 'userActivation', { value: { hasBeenActive: true, isActive: false }, configurable: true });
    const { QuoteView, renderWithApp } = await freshQuoteView();
    renderWithApp(<QuoteView />, { path: '/quote' });
    const choose = await screen.findByRole('button', { name: 'Choose files' });
    expect(workspace.imported).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.keyDown(choose, { key: 'Tab' });
    });
    expect(workspace.imported).toHaveBeenCalledTimes(1);
  });

  test('files taken with no sign before (a script, an assistive tool) fetch it, and are kept for it', async () => {
    const { QuoteView, renderWithApp } = await freshQuoteView();
    renderWithApp(<QuoteView />, { path: '/quote' });
    await screen.findByRole('button', { name: 'Choose files' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['solid cube\nendsolid cube\n'], 'cube.stl')] } });
    });
    expect(workspace.imported).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(/1 file taken/)).toBeInTheDocument();
  });

  test("a project's own page fetches it at once", async () => {
    const { QuoteView, renderWithApp } = await freshQuoteView();
    renderWithApp(<QuoteView projectId="3f0e8a52-6a43-4b1e-9a57-0d7c55a1c0de" />, { path: '/quote/3f0e8a52-6a43-4b1e-9a57-0d7c55a1c0de' });
    await screen.findByRole('button', { name: 'Choose files' });
    expect(workspace.imported).toHaveBeenCalledTimes(1);
  });
});
