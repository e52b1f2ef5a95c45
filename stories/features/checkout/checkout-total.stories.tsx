import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { CheckoutTotal } from '#features/checkout/components/checkout-total';

const meta = {
  title: 'Features/Checkout/CheckoutTotal',
  component: CheckoutTotal,
  args: { subtotalCents: 12_345, referralPercent: null },
} satisfies Meta<typeof CheckoutTotal>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** A referred friend's first order: the discount the server will take, shown before the order is placed. */
export const FirstOrderReferral: Story = {
  args: { referralPercent: 10 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('referral-discount')).toHaveTextContent('-$12.35');
    await expect(canvas.getByTestId('checkout-total')).toHaveTextContent('$111.10');
  },
};
