import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, delay, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { OrderHistory } from '#features/orders/components/order-history';
import { orderSummary, page } from '../../support/order-fixtures.ts';
import { ScreenFrame } from '../../support/page-frame.tsx';

const list = '*/api/*/order/list';
const orders = page(
  [
    orderSummary({ number: 'W26123460', status: 'pending_payment', paymentMethod: null, poNumber: null, amountCents: 4_200 }),
    orderSummary({ number: 'W26123459', status: 'awaiting_transfer', paymentMethod: 'bank_transfer', amountCents: 185_000 }),
    orderSummary({ number: 'W26123458', status: 'in_production', amountCents: 12_450 }),
    orderSummary({ number: 'W26123457', status: 'shipped', paymentMethod: 'balance', poNumber: 'PO-2026-0117' }),
    orderSummary({ number: 'W26123456', status: 'delivered' }),
    orderSummary({ number: 'W26123455', status: 'cancelled', paymentMethod: null, poNumber: null }),
  ].map((o, i) => ({ ...o, id: `order-${i}` })),
  23,
);

const meta = {
  title: 'Features/Orders/OrderHistory',
  component: OrderHistory,
  decorators: [(Story) => <ScreenFrame path="/user/order/history"><Story /></ScreenFrame>],
  parameters: { msw: { handlers: [http.get(list, () => HttpResponse.json(orders))] } },
} satisfies Meta<typeof OrderHistory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Orders of every status, newest first, with the search and the status filter above them. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'W26123456' })).toBeInTheDocument();
    await expect(canvas.getByRole('row', { name: /W26123459/ })).toHaveTextContent('Awaiting bank transfer');
    await expect(await canvas.findByText('Page 1 of 3', undefined, { timeout: 5000 })).toBeInTheDocument();
  },
};

/** A search that finds nothing: "Can not found an order." and the way back to every order. */
export const NothingFound: Story = {
  parameters: { msw: { handlers: [http.get(list, ({ request }) => HttpResponse.json(new URL(request.url).searchParams.get('q') ? page([]) : orders))] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('link', { name: 'W26123456' });
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Order ID or PO number' }), 'PO-404{Enter}');
    await expect(await canvas.findByRole('heading', { name: 'Can not found an order.' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Show all orders' })).toBeInTheDocument();
  },
};

/** A new customer: what the list is for, and the way to a first quote. */
export const Empty: Story = {
  parameters: { msw: { handlers: [http.get(list, () => HttpResponse.json(page([])))] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'No orders yet' })).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [http.get(list, async () => { await delay('infinite'); return HttpResponse.json(page([])); })] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
  },
};

/** The server cannot be reached: the catalogue's network words (never "Order id not found."), and a retry. */
export const NetworkError: Story = {
  parameters: { msw: { handlers: [http.get(list, () => HttpResponse.error())] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Unknown network error');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};

/** The server answers with its own message: shown as it is. */
export const ServerError: Story = {
  parameters: { msw: { handlers: [http.get(list, () => HttpResponse.json({ message: 'Service is being upgraded, please come back later.' }, { status: 503 }))] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('Service is being upgraded, please come back later.');
  },
};
