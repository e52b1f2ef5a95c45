import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within, waitFor } from 'storybook/test';
import { Button } from '#ui/button';
import { Card } from '#ui/card';
import { Money } from '#ui/money';

const meta = {
  title: 'UI/Card',
  component: Card,
  args: {
    title: 'Default shipping address',
    description: 'Used for new orders.',
    actions: <Button variant="secondary">Edit</Button>,
    children: (
      <address className="not-italic">Ada Lovelace<br />Acme Robotics<br />12 Engine Street<br />London EC1A 1BB<br />United Kingdom</address>
    ),
    className: 'w-96',
  },
} satisfies Meta<typeof Card>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: 'Default shipping address' })).toBeInTheDocument();
    await userEvent.tab();
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Edit' })).toHaveFocus());
  },
};

export const WithFooter: Story = {
  args: {
    title: 'Order summary',
    description: undefined,
    actions: undefined,
    children: (
      <dl className="grid grid-cols-[1fr_auto] gap-y-1">
        <dt>Parts</dt><dd><Money cents={45900} /></dd>
        <dt>Shipping</dt><dd><Money cents={0} /></dd>
        <dt className="font-semibold">Total</dt><dd className="font-semibold"><Money cents={45900} /></dd>
      </dl>
    ),
    footer: <Button>Checkout</Button>,
  },
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await waitFor(() => expect(within(canvasElement).getByRole('button', { name: 'Checkout' })).toHaveFocus());
  },
};
