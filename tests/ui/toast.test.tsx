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
