import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from '#lib/query-client';

/**
 * A fresh cache of server state around a rendered screen (ADR 208): the app's settings, a new client
 * per test so no answer leaks from one test to the next. Use as `render(ui, { wrapper: WithQueryClient })`
 * or through `renderWithQuery`.
 */
export function WithQueryClient({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** `render` with a fresh query client; answers the client too, to check what a change invalidated. */
export function renderWithQuery(ui: ReactNode, options?: Omit<RenderOptions, 'wrapper'>) {
  const client = createQueryClient();
  const result = render(ui, { ...options, wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider> });
  return { ...result, client };
}
