import { act, render, screen } from '@testing-library/react';
import { Component, Suspense, type ComponentType, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, test, vi } from 'vitest';
import { lazyComponent } from '#lib/lazy-component';

function Price({ amount }: { amount: string }) {
  return <p>Total {amount}</p>;
}

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? <p role="alert">Could not load</p> : this.props.children;
  }
}

function renderInBoundary(LazyPrice: ComponentType<{ amount: string }>) {
  render(
    <Boundary>
      <Suspense fallback={<p>Loading…</p>}>
        <LazyPrice amount="$8.00" />
      </Suspense>
    </Boundary>,
  );
}

const containers: HTMLElement[] = [];
afterEach(() => containers.splice(0).forEach((c) => c.remove()));

/** Commits one render synchronously and says what the first commit drew (ADR 142: no fallback once fetched). */
function firstCommit(element: ReactNode): string {
  const container = document.body.appendChild(document.createElement('div'));
  containers.push(container);
  const root = createRoot(container);
  flushSync(() => root.render(element));
  const text = container.textContent ?? '';
  root.unmount();
  return text;
}

test('before its chunk is there a mount suspends; once fetched, a new mount draws it in its first commit, as React.lazy does (the next test is the one React.lazy fails)', async () => {
  let resolve!: (component: typeof Price) => void;
  const load = vi.fn(() => new Promise<typeof Price>((r) => (resolve = r)));
  const LazyPrice = lazyComponent(load);
  const tree = (
    <Suspense fallback={<p>Loading…</p>}>
      <LazyPrice amount="$12.40" />
    </Suspense>
  );

  render(tree);
  expect(screen.getByText('Loading…')).toBeInTheDocument();
  await act(async () => resolve(Price));
  expect(await screen.findByText('Total $12.40')).toBeInTheDocument();

  // Fetched now: another mount commits the component at once.
  expect(firstCommit(tree)).toBe('Total $12.40');
  expect(load).toHaveBeenCalledTimes(1);
});

test('preload fetches ahead, so the first mount already draws the component at once', async () => {
  const LazyPrice = lazyComponent(async () => Price);
  await LazyPrice.preload();
  expect(
    firstCommit(
      <Suspense fallback={<p>Loading…</p>}>
        <LazyPrice amount="$3.00" />
      </Suspense>,
    ),
  ).toBe('Total $3.00');
});

test('a preload that fails resolves (nothing left unhandled), and the render fetches again', async () => {
  const load = vi.fn().mockRejectedValueOnce(new Error('network')).mockResolvedValue(Price);
  const LazyPrice = lazyComponent<{ amount: string }>(load);
  await expect(LazyPrice.preload()).resolves.toBeUndefined();
  renderInBoundary(LazyPrice);
  expect(await screen.findByText('Total $8.00')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(2);
});

test('a chunk that cannot be fetched at the render reaches the error boundary', async () => {
  const LazyPrice = lazyComponent<{ amount: string }>(() => Promise.reject(new Error('gone')));
  const error = vi.spyOn(console, 'error').mockImplementation(() => {});
  renderInBoundary(LazyPrice);
  expect(await screen.findByRole('alert')).toHaveTextContent('Could not load');
  error.mockRestore();
});

test('a chunk that could not be fetched offline is fetched again once the browser is back online; the fallback stays meanwhile', async () => {
  const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(Price);
  const LazyPrice = lazyComponent<{ amount: string }>(load);
  renderInBoundary(LazyPrice);
  await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
  await act(async () => new Promise((r) => setTimeout(r, 20)));
  expect(screen.getByText('Loading…')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).toBeNull();
  onLine.mockReturnValue(true);
  act(() => void window.dispatchEvent(new Event('online')));
  expect(await screen.findByText('Total $8.00')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(2);
  onLine.mockRestore();
});
