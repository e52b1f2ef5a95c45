import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, within } from 'storybook/test';
import { OpsOrderList } from '#features/ops/components/ops-order-list';
import { page } from '../../support/order-fixtures.ts';
import { opsOrderSummary } from '../../support/ops-fixtures.ts';
import { ScreenFrame } from '../../support/page-frame.tsx';

const list = '*/api/*/ops/orders';
const orders = page([opsOrderSummary('paid', 'W26123460', 0), opsOrderSummary('in_production', 'W26123459', 1), opsOrderSummary('shipped', 'W26123458', 2)], 3);

const meta = {
  title: 'Features/Ops/OpsOrderList',
  component: OpsOrderList,
  decorators: [(Story) => <ScreenFrame path="/ops/orders"><Story /></ScreenFrame>],
  parameters: { msw: { handlers: [http.get(list, () => HttpResponse.json(orders))] } },
} satisfies Meta<typeof OpsOrderList>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Every customer's orders with who ordered them, searchable by order, PO number or email. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'W26123460' })).toHaveAttribute('href', expect.stringContaining('/ops/orders/order-0'));
    await expect(canvas.getByRole('row', { name: /W26123459/ })).toHaveTextContent('ada@buyer.example');
  },
};

/** Nothing matches the search: the way back to every order. */
export const NothingFound: Story = {
  parameters: { msw: { handlers: [http.get(list, () => HttpResponse.json(page([])))] } },
  decorators: [(Story) => <ScreenFrame path="/ops/orders?q=nobody"><Story /></ScreenFrame>],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Show all orders' })).toBeInTheDocument();
  },
};
