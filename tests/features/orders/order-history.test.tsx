import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { OrderHistory } from '#features/orders/components/order-history';
import { orderSummary, page } from '../../../stories/support/order-fixtures.ts';
import { stubApi } from './fetch-stub.ts';
import { renderAt } from './render.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('order history', () => {
  test('lists the orders; the search and the status filter go to the server and into the address; nothing found says "Can not found an order."', { timeout: 90_000 }, async () => {
    const calls = stubApi([
      ['GET', /order\/list\?.*q=PO-9/, { body: page([]) }],
      ['GET', /order\/list/, { body: page([orderSummary(), orderSummary({ id: 'o2', number: 'W26123457', status: 'shipped', poNumber: null })], 2) }],
    ]);
    const user = userEvent.setup();
    const { current } = renderAt(<OrderHistory />, '/user/order/history');
    expect(await screen.findByRole('link', { name: 'W26123456' })).toHaveAttribute('href', '/user/order/detail/3f6c2a1e-8b4d-4c1a-9e2f-5a7b8c9d0e1f');
    expect(screen.getByRole('row', { name: /W26123457/ })).toHaveTextContent('Shipped');
    expect(screen.getByRole('status')).toHaveTextContent('2 orders');

    await user.type(screen.getByRole('searchbox', { name: 'Order ID or PO number' }), 'PO-9{Enter}');
    expect(await screen.findByRole('heading', { name: 'Can not found an order.' })).toBeInTheDocument();
    expect(current()).toBe('/user/order/history?q=PO-9');
    expect(calls.at(-1)?.url.searchParams.get('q')).toBe('PO-9');
    expect(screen.getByRole('status')).toHaveTextContent('Can not found an order.');

    await user.click(screen.getByRole('button', { name: 'Show all orders' }));
    await screen.findByRole('link', { name: 'W26123456' });
    expect(current()).toBe('/user/order/history');
  });

  test('the page and the status come from the address', { timeout: 90_000 }, async () => {
    const calls = stubApi([['GET', /order\/list/, { body: page([orderSummary()], 31, 3, 10) }]]);
    renderAt(<OrderHistory />, '/user/order/history?page=3&status=paid');
    await screen.findByRole('link', { name: 'W26123456' });
    expect(calls[0]!.url.searchParams.get('page')).toBe('3');
    expect(calls[0]!.url.searchParams.get('status')).toBe('paid');
    expect(screen.getByText('Page 3 of 4')).toBeInTheDocument();
  });

  test.each([
    ['the network is down', 'network-error' as const, 'Unknown network error'],
    ['the server fails with a message', { status: 500, body: { message: 'Service is being upgraded, please come back later.' } }, 'Service is being upgraded, please come back later.'],
    ['the server fails without one', { status: 502 }, 'Unknown error'],
  ])('when %s, it says so in the catalogue’s words, never "Order id not found."', { timeout: 90_000 }, async (_case, answer, words) => {
    stubApi([['GET', /order\/list/, answer]]);
    renderAt(<OrderHistory />, '/user/order/history');
    expect(await screen.findByRole('alert')).toHaveTextContent(words);
    expect(screen.queryByText('Order id not found.')).not.toBeInTheDocument();
    stubApi([['GET', /order\/list/, { body: page([orderSummary()]) }]]);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'W26123456' })).toBeInTheDocument());
  });
});
