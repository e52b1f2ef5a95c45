import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TOAST_TIMEOUT_MS, createToasts, toasts } from '#ui/toast';
import { ToastRegion } from '#ui/toast-region';

describe('toast queue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('times out successes and info, keeps errors until dismissed', () => {
    const q = createToasts();
    q.add({ tone: 'success', title: 'Sign In successfully.' });
    q.add({ tone: 'info', title: 'Balance updates in 5-10 minutes' });
    q.add({ tone: 'error', title: 'Unknown network error' });
    expect(q.queue.visibleToasts).toHaveLength(3);
    const byTitle = Object.fromEntries(q.queue.visibleToasts.map((t) => [t.content.title, t]));
    expect(byTitle['Sign In successfully.']?.timeout).toBe(DEFAULT_TOAST_TIMEOUT_MS);
    expect(byTitle['Unknown network error']?.timeout).toBeUndefined();
  });

  it('closes by key and clears', () => {
    const q = createToasts();
    const key = q.add({ tone: 'error', title: 'A' });
    q.add({ tone: 'error', title: 'B' });
    q.close(key);
    expect(q.queue.visibleToasts.map((t) => t.content.title)).toEqual(['B']);
    q.clear();
    expect(q.queue.visibleToasts).toHaveLength(0);
  });

  it('shows at most maxVisibleToasts at once, the rest wait', () => {
    const q = createToasts({ maxVisibleToasts: 2 });
    for (const title of ['1', '2', '3']) q.add({ tone: 'error', title });
    expect(q.queue.visibleToasts).toHaveLength(2);
  });

  it('the shared `toasts` is one queue the app can add to from anywhere', () => {
    const key = toasts.add({ tone: 'error', title: 'Order id not found.' });
    expect(toasts.queue.visibleToasts.some((t) => t.key === key)).toBe(true);
    toasts.clear();
  });
});

describe('ToastRegion', () => {
  it('renders toasts with title, description and a dismiss button; a success leaves after its timeout', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const q = createToasts({ timeout: 1000 });
    render(<ToastRegion toasts={q} aria-label="Notifications" />);
    act(() => {
      q.add({ tone: 'success', title: 'Saved', description: 'Your address was saved.' });
      q.add({ tone: 'error', title: 'Unable to create new project.' });
    });
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getByRole('alertdialog', { name: 'Saved' })).toHaveAccessibleDescription('Your address was saved.');
    await act(async () => {
      vi.advanceTimersByTime(1500);
    });
    expect(screen.queryByRole('alertdialog', { name: 'Saved' })).not.toBeInTheDocument();
    const error = screen.getByRole('alertdialog', { name: 'Unable to create new project.' });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(error).not.toBeInTheDocument();
    vi.useRealTimers();
  });
});

describe('ToastRegion keeps clear of the focused control (WCAG 2.4.11)', () => {
  /** jsdom lays nothing out: each element's box, by its text or role, in a 1280 × 800 viewport. */
  function layout(boxes: (element: Element) => { top: number; bottom: number; left: number; right: number } | null) {
    return vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const box = boxes(this) ?? { top: 0, bottom: 0, left: 0, right: 0 };
      return { ...box, x: box.left, y: box.top, width: box.right - box.left, height: box.bottom - box.top, toJSON: () => box } as DOMRect;
    });
  }

  it('moves to the top while the bottom would cover the focused button ("Place order and pay"), and back once the focus moves on', () => {
    vi.stubGlobal('innerHeight', 800);
    const spy = layout((el) => {
      if (el.getAttribute('role') === 'region') return { top: 700, bottom: 784, left: 944, right: 1264 };
      if (el.textContent === 'Place order and pay') return { top: 730, bottom: 770, left: 1000, right: 1200 };
      if (el.textContent === 'Search') return { top: 20, bottom: 60, left: 1000, right: 1200 };
      return null;
    });
    const q = createToasts({ timeout: 60_000 });
    render(
      <>
        <button type="button">Search</button>
        <button type="button">Place order and pay</button>
        <ToastRegion toasts={q} aria-label="Notifications" />
      </>,
    );
    act(() => void q.add({ tone: 'success', title: 'Sign In successfully.' }));
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region).toHaveAttribute('data-placement', 'bottom');
    act(() => screen.getByRole('button', { name: 'Place order and pay' }).focus());
    expect(region).toHaveAttribute('data-placement', 'top');
    expect(region).toHaveClass('top-4');
    // A control near the top: the bottom does not cover it, so the region goes back there.
    act(() => screen.getByRole('button', { name: 'Search' }).focus());
    expect(region).toHaveAttribute('data-placement', 'bottom');
    spy.mockRestore();
    vi.unstubAllGlobals();
  });
});
