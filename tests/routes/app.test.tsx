import { render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppRoutes } from '#routes/app';

afterEach(() => vi.unstubAllGlobals());

function renderAt(path: string) {
  // The quote page asks the server for phone codes; here the answer never comes.
  vi.stubGlobal('fetch', () => new Promise(() => {}));
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook} searchHook={() => location.history.at(-1)?.split('?')[1] ?? ''}>
      <AppRoutes />
    </Router>,
  );
  return location;
}

test('/ goes to the quote page with the technology set to 3D printing', async () => {
  const location = renderAt('/');
  expect(await screen.findByRole('heading', { level: 1, name: 'Instant quote' })).toBeInTheDocument();
  expect(location.history.at(-1)).toBe('/quote?technology=3d-printing');
  expect(screen.getByText(/Technology: 3d-printing/)).toBeInTheDocument();
});

test('/home goes to the quote page', async () => {
  const location = renderAt('/home');
  expect(await screen.findByRole('heading', { level: 1, name: 'Instant quote' })).toBeInTheDocument();
  expect(location.history.at(-1)).toBe('/quote');
});

test('an unknown path goes to /404', async () => {
  const location = renderAt('/user/nothing-here');
  expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  expect(location.history.at(-1)).toBe('/404');
  expect(document.title).toBe('Page not found | Manufacture');
});

test('the phone-code field waits, disabled, while the list loads', async () => {
  renderAt('/quote');
  expect(await screen.findByRole('combobox', { name: 'Phone code' })).toBeDisabled();
});
