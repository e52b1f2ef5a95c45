import type { Meta, StoryObj } from '@storybook/react-vite';
import { RouterProvider } from 'react-aria-components';
import { expect, fn, userEvent, within, waitFor } from 'storybook/test';
import { Breadcrumb, Breadcrumbs } from '#ui/breadcrumbs';

const navigate = fn();

const meta = {
  title: 'UI/Breadcrumbs',
  component: Breadcrumbs,
  render: () => (
    <RouterProvider navigate={navigate}>
      <Breadcrumbs>
        <Breadcrumb id="account" href="/account">Account</Breadcrumb>
        <Breadcrumb id="orders" href="/account/orders">Orders</Breadcrumb>
        <Breadcrumb id="order">Order 10234</Breadcrumb>
      </Breadcrumbs>
    </RouterProvider>
  ),
  beforeEach: () => {
    navigate.mockClear();
  },
} satisfies Meta<typeof Breadcrumbs>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const nav = await canvas.findByRole('navigation', { name: 'Breadcrumbs' });
    // Breadcrumbs is a RAC collection: its items arrive on the second render.
    await expect(await within(nav).findByRole('link', { name: 'Order 10234' })).toHaveAttribute('aria-current', 'page');
    await userEvent.tab();
    await userEvent.tab();
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Orders' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await expect(navigate).toHaveBeenCalledWith('/account/orders', undefined);
  },
};
