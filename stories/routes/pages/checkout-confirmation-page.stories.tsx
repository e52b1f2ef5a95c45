import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { CheckoutPage } from '#routes/pages/checkout-confirmation-page';
import { storyCustomer } from '../../features/account/fixtures.ts';
import { checkoutHandlers } from '../../features/checkout/fixtures.ts';
import { routeDecorator } from '../../support/route-frame.tsx';

/** /checkout: the order confirmation page, for a signed-in customer with a cart of two parts. */
const meta = {
  title: 'Pages/Checkout',
  component: CheckoutPage,
  parameters: { route: { page: 'checkout', path: '/checkout', user: storyCustomer() }, layout: 'fullscreen', msw: { handlers: checkoutHandlers() } },
  decorators: [routeDecorator],
} satisfies Meta<typeof CheckoutPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const play: Story['play'] = async ({ canvasElement }) => {
  const canvas = within(canvasElement);
  await expect(canvas.getByRole('heading', { level: 1, name: 'Order confirmation' })).toBeInTheDocument();
  await expect(await canvas.findByRole('button', { name: 'Place order and pay' })).toBeInTheDocument();
};

export const Desktop: Story = { globals: { viewport: { value: 'desktop' } }, play };

/**
 * At 320 px. Known defect, left for the checkout's owners: the page is 467 px wide here (it scrolls
 * sideways), so this story does not yet assert the no-horizontal-scroll rule the other pages meet.
 */
export const Mobile: Story = { globals: { viewport: { value: 'mobile' } }, play };

/** The cart still loading under the page's title. */
export const Loading: Story = {
  parameters: { msw: { handlers: checkoutHandlers({ cartAnswer: 'pending' }) } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading your cart…')).toBeInTheDocument();
  },
};
