import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider } from 'react-aria-components';
import { describe, expect, it, vi } from 'vitest';
import { Link } from '#ui/link';

function renderWithRouter(ui: React.ReactNode) {
  const navigate = vi.fn();
  render(
    <RouterProvider navigate={navigate} useHref={(href) => (href.startsWith('/') ? `/manufacture${href}` : href)}>
      {ui}
    </RouterProvider>,
  );
  return navigate;
}

describe('Link with a RouterProvider', () => {
  it('renders the href through useHref (base path) and navigates client-side on press', async () => {
    const navigate = renderWithRouter(<Link href="/orders">My orders</Link>);
    const link = screen.getByRole('link', { name: 'My orders' });
    expect(link).toHaveAttribute('href', '/manufacture/orders');
    await userEvent.click(link);
    expect(navigate).toHaveBeenCalledWith('/orders', undefined);
  });

  it('navigates on Enter from the keyboard', async () => {
    const navigate = renderWithRouter(<Link href="/quote">Get a quote</Link>);
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(navigate).toHaveBeenCalledWith('/quote', undefined);
  });

  it('leaves external links and new-tab links to the browser', async () => {
    const navigate = renderWithRouter(
      <>
        <Link href="https://example.com/help" target="_blank">Help</Link>
      </>,
    );
    expect(screen.getByRole('link', { name: 'Help' })).toHaveAttribute('href', 'https://example.com/help');
    await userEvent.click(screen.getByRole('link', { name: 'Help' }));
    expect(navigate).not.toHaveBeenCalled();
  });

  it('passes routerOptions through to navigate', async () => {
    const navigate = renderWithRouter(<Link href="/login" routerOptions={{ replace: true } as never}>Sign in</Link>);
    await userEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('does nothing when disabled', async () => {
    const navigate = renderWithRouter(<Link href="/orders" isDisabled>My orders</Link>);
    await userEvent.click(screen.getByRole('link', { name: 'My orders' }));
    expect(navigate).not.toHaveBeenCalled();
  });
});
