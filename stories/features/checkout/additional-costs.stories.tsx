import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { AdditionalCosts } from '#features/checkout/components/additional-costs';
import { additionalCost, page } from '../../support/order-fixtures.ts';
import { AppFrame, storySession } from '../../support/app-frame.tsx';
import { storyCustomer } from '../account/fixtures.ts';
import { payHandler, pendingHandler } from './fixtures.ts';

const LIST = '*/api/*/order/additional-cost/list';
const costs = page([
  additionalCost(),
  additionalCost({ id: 'ac-2', number: 'AC26000006', orderNumber: null, description: 'Custom packaging for export', amountCents: 12_000, status: 'awaiting_transfer', statusLabel: 'Awaiting bank transfer', paymentMethod: 'bank_transfer' }),
  additionalCost({ id: 'ac-3', number: 'AC26000003', description: 'Second colour sample', amountCents: 2_500, status: 'paid', statusLabel: 'Paid', paymentMethod: 'card', paidAt: '2026-11-18T10:00:00.000Z' }),
]);

const meta = {
  title: 'Features/Checkout/AdditionalCosts',
  component: AdditionalCosts,
  decorators: [(Story) => <AppFrame path="/additional-cost" session={storySession(storyCustomer())} wide><Story /></AppFrame>],
  parameters: { msw: { handlers: [http.get(LIST, () => HttpResponse.json(costs)), payHandler('*/api/*/additional-cost/:id/pay', 4_500, 'AC26000007')] } },
} satisfies Meta<typeof AdditionalCosts>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The costs agreed with customer service: the unpaid ones have a Pay button, the paid one only its badge. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Additional costs' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    await expect(canvas.getByRole('button', { name: 'Pay AC26000007' })).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Pay AC26000003' })).toBeNull();
  },
};

/** Paying one opens the same payment panel as an order, under that cost. */
export const Paying: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Pay AC26000007' }));
    await expect(await canvas.findByTestId('amount-due')).toHaveTextContent('$45.00');
    await expect(canvas.getByRole('radiogroup', { name: 'Payment method' })).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [http.get(LIST, () => HttpResponse.json(page([])))] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'No additional costs' })).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [pendingHandler('get', LIST)] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('Loading your additional costs…');
  },
};

export const LoadFailed: Story = {
  parameters: { msw: { handlers: [http.get(LIST, () => HttpResponse.error())] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toBeInTheDocument();
  },
};
