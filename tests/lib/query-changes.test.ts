import { QueryObserver } from '@tanstack/react-query';
import { expect, test, vi } from 'vitest';
import { createQueryClient } from '#lib/query-client';
import { balanceChanged, changed } from '#lib/query-changes';
import { queryKeys } from '#lib/query-keys';

test('a change asks again what a screen shows and forgets what none shows (ADR 208)', async () => {
  const client = createQueryClient();
  const shown = vi.fn(async () => ['order 1']);
  const hidden = vi.fn(async () => ['order 2']);
  const listKey = queryKeys.orders.list({ page: 1, pageSize: 10, status: null, q: '' });
  const observer = new QueryObserver(client, { queryKey: listKey, queryFn: shown });
  const stop = observer.subscribe(() => {});
  await vi.waitFor(() => expect(shown).toHaveBeenCalledTimes(1));
  await client.fetchQuery({ queryKey: queryKeys.orders.recent, queryFn: hidden });
  const unrelated = await client.fetchQuery({ queryKey: queryKeys.projects.recent, queryFn: async () => ['project'] });

  await changed(client, queryKeys.orders.all);

  expect(shown).toHaveBeenCalledTimes(2);
  expect(hidden).toHaveBeenCalledTimes(1);
  expect(client.getQueryData(queryKeys.orders.recent)).toBeUndefined();
  expect(client.getQueryData(queryKeys.projects.recent)).toBe(unrelated);
  stop();
});

test('a balance change asks the account record again even where no screen shows it', async () => {
  const client = createQueryClient();
  const me = vi.fn(async () => ({ balanceCents: 500 }));
  client.setQueryData(queryKeys.account.me('C1'), { balanceCents: 100 });
  client.getQueryCache().find({ queryKey: queryKeys.account.me('C1') })!.setOptions({ queryKey: queryKeys.account.me('C1'), queryFn: me });

  await balanceChanged(client);

  expect(me).toHaveBeenCalledTimes(1);
  expect(client.getQueryData(queryKeys.account.me('C1'))).toEqual({ balanceCents: 500 });
});

test('no silent retries: a screen’s failed query is an error at once, for its Try again button', async () => {
  const client = createQueryClient();
  const failing = vi.fn(async () => {
    throw new Error('down');
  });
  const observer = new QueryObserver(client, { queryKey: ['x'], queryFn: failing });
  const stop = observer.subscribe(() => {});
  await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('error'), { timeout: 500 });
  expect(failing).toHaveBeenCalledTimes(1);
  stop();
});
