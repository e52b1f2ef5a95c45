import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { expect, test } from 'vitest';
import { OpsConsole } from '#features/ops/components/ops-console';
import { createStaffSessionStore } from '#features/ops/staff-session';
import { createQueryClient } from '#lib/query-client';
import { queryKeys } from '#lib/query-keys';

test('the console’s answers go with the staff session: signed out, the ops cache is forgotten, the rest kept', async () => {
  const client = createQueryClient();
  client.setQueryData(queryKeys.ops.customers.detail('c1'), { customer: { id: 'c1' } });
  client.setQueryData(queryKeys.ops.claims, { list: [], total: 0 });
  client.setQueryData(queryKeys.reference.countries, []);
  // No staff token kept in the tab: the console signs out and shows the staff sign-in.
  const store = createStaffSessionStore({ kind: 'checking' });
  render(
    <QueryClientProvider client={client}>
      <OpsConsole store={store} />
    </QueryClientProvider>,
  );
  await waitFor(() => expect(store.get().kind).toBe('signed-out'));
  expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
  expect(client.getQueryData(queryKeys.ops.customers.detail('c1'))).toBeUndefined();
  expect(client.getQueryData(queryKeys.ops.claims)).toBeUndefined();
  expect(client.getQueryData(queryKeys.reference.countries)).toEqual([]);
});
