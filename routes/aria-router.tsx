import type { ReactNode } from 'react';
import { RouterProvider } from '#ui/router-provider';
import { useLocation, useRouter } from 'wouter';

/**
 * Binds react-aria's links (and every RAC component with an href) to wouter, so a press
 * navigates client-side and the rendered href carries the /manufacture base path.
 */
export function AriaRouter({ children }: { children: ReactNode }) {
  const [, navigate] = useLocation();
  const { base } = useRouter();
  return (
    <RouterProvider navigate={(to) => navigate(to)} useHref={(href) => (href.startsWith('/') ? `${base}${href}` : href)}>
      {children}
    </RouterProvider>
  );
}
