import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { QuoteView } from '#features/quote/components/quote-view';
import { renderWithApp } from '../../support/render-app.tsx';

// The page's first render, held there: the workspace's chunk never arrives (a slow network, or a
// file picker open, whose swap waits for its answer).
vi.mock('../../../features/quote/components/quote-workspace-view.tsx', () => new Promise(() => {}));
const geometry = vi.hoisted(() => ({ startGeometryWorker: vi.fn() }));
vi.mock('../../../features/quote/geometry/geometry-client.ts', () => geometry);
const token = vi.hoisted(() => ({ prepareTemporaryToken: vi.fn() }));
vi.mock('../../../features/quote/temporary-token.ts', () => token);

afterEach(() => {
  vi.clearAllMocks();
  Reflect.deleteProperty(navigator, 'userActivation');
});

describe("the quote page's first render gets ready for a file at the visitor's first sign (ADR 254)", () => {
  test('the geometry worker boots and a new quote asks for its temporary token, once, before any file is chosen', async () => {
    Object.defineProperty(navigator, 'userActivation', { value: { hasBeenActive: false, isActive: false }, configurable: true });
    const { session } = renderWithApp(<QuoteView />, { path: '/quote' });
    const choose = await screen.findByRole('button', { name: 'Choose files' });
    expect(geometry.startGeometryWorker).not.toHaveBeenCalled();
    expect(token.prepareTemporaryToken).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.pointerDown(choose);
    });
    expect(geometry.startGeometryWorker).toHaveBeenCalledTimes(1);
    expect(token.prepareTemporaryToken).toHaveBeenCalledTimes(1);
    expect(token.prepareTemporaryToken).toHaveBeenCalledWith(session);
    await act(async () => {
      fireEvent.keyDown(choose, { key: 'Enter' });
    });
    expect(geometry.startGeometryWorker).toHaveBeenCalledTimes(1);
    expect(token.prepareTemporaryToken).toHaveBeenCalledTimes(1);
  });

  test("a project opened by its link boots the worker but asks for no token (the project's owner has one)", async () => {
    Object.defineProperty(navigator, 'userActivation', { value: { hasBeenActive: false, isActive: false }, configurable: true });
    renderWithApp(<QuoteView projectId="3f0e8a52-6a43-4b1e-9a57-0d7c55a1c0de" />, { path: '/quote/3f0e8a52-6a43-4b1e-9a57-0d7c55a1c0de' });
    const choose = await screen.findByRole('button', { name: 'Choose files' });
    await act(async () => {
      fireEvent.pointerDown(choose);
    });
    expect(geometry.startGeometryWorker).toHaveBeenCalledTimes(1);
    expect(token.prepareTemporaryToken).not.toHaveBeenCalled();
  });
});
