import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { UserInfo } from '#domain/api/account';
import type { CommonIndexResponse } from '#domain/api/common';
import { createQueryClient } from '#lib/query-client';
import { SessionProvider, useSessionOr } from '#machines/session-context';
import { sessionMachine } from '#machines/session-machine';
import { ServerState } from '#routes/server-state';
import { customer } from '../support/users.ts';

// The cache of server state, put in the tree by the pages that read it (ADR 259). One client for the
// app, kept in the module: the tests of this file run in order on it.
const general = { processes: [], limits: {}, bankAccounts: [], currencies: [], quickLogin: [] } as unknown as Omit<CommonIndexResponse, 'userInfo'>;
const ada = customer();
const grace = customer({ customerId: 'C10000002', username: 'grace', firstName: 'Grace' });

function signedInAs(user: UserInfo | null = ada) {
  return createActor(
    sessionMachine.provide({ actors: { loadGeneral: fromPromise(async (): Promise<CommonIndexResponse> => ({ ...general, userInfo: user })), revokeToken: fromPromise(async () => {}) } }),
    { input: { token: 'tok', tokenTtlMs: 3_600_000 } },
  ).start();
}

let asked = 0;
/** A screen that reads the account's orders: "Orders of <the account that asked>", from the cache or the server. */
function Orders() {
  const who = useSessionOr((s) => s.context.user?.firstName ?? 'nobody', 'nobody');
  const orders = useQuery({ queryKey: ['orders', 'list'], queryFn: async () => (asked++, who), staleTime: Infinity });
  return <p>{orders.data ? `Orders of ${orders.data}` : 'Loading orders'}</p>;
}

describe('ServerState (routes/server-state.tsx)', () => {
  const session = signedInAs(ada);
  const page = () => (
    <SessionProvider actor={session}>
      <ServerState>
        <Orders />
      </ServerState>
    </SessionProvider>
  );

  it('gives a page that reads server state a cache, with no client above it', async () => {
    const view = render(page());
    expect(await screen.findByText('Orders of Ada')).toBeInTheDocument();
    view.unmount();
  });

  it('keeps the cache from one page to the next: the next page draws what the last one fetched', async () => {
    const before = asked;
    const view = render(page());
    expect(screen.getByText('Orders of Ada')).toBeInTheDocument();
    expect(asked).toBe(before);
    view.unmount();
  });

  it('draws nothing another account asked: a page opened after the account changed elsewhere waits for the reset', async () => {
    // Another account signs in while no page of server state is shown.
    act(() => session.send({ type: 'user.updated', user: grace }));
    render(page());
    expect(screen.queryByText('Orders of Ada')).not.toBeInTheDocument();
    expect(await screen.findByText('Orders of Grace')).toBeInTheDocument();
  });

  it('resets the cache when the account changes while a page is shown', async () => {
    render(page());
    expect(screen.getByText('Orders of Grace')).toBeInTheDocument();
    act(() => session.send({ type: 'user.updated', user: ada }));
    expect(screen.queryByText('Orders of Grace')).not.toBeInTheDocument();
    expect(await screen.findByText('Orders of Ada')).toBeInTheDocument();
  });

  it('keeps a client already above it (a story’s, a test’s)', async () => {
    const outer = createQueryClient();
    outer.setQueryData(['orders', 'list'], 'the outer cache');
    render(
      <SessionProvider actor={signedInAs()}>
        <QueryClientProvider client={outer}>
          <ServerState>
            <Orders />
          </ServerState>
        </QueryClientProvider>
      </SessionProvider>,
    );
    expect(await screen.findByText('Orders of the outer cache')).toBeInTheDocument();
  });
});
