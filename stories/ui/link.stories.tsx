import type { Meta, StoryObj } from '@storybook/react-vite';
import { RouterProvider } from 'react-aria-components';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Link } from '#ui/link';

/** Stands in for the app's router binding (routes/aria-router.tsx): records where a press navigates. */
const navigate = fn();

const meta = {
  title: 'UI/Link',
  component: Link,
  args: { href: '/orders', children: 'My orders' },
  decorators: [
    (Story) => (
      <RouterProvider navigate={navigate} useHref={(href) => (href.startsWith('/') ? `/manufacture${href}` : href)}>
        <Story />
      </RouterProvider>
    ),
  ],
  beforeEach: () => {
    navigate.mockClear();
  },
} satisfies Meta<typeof Link>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'My orders' });
    await expect(link).toHaveAttribute('href', '/manufacture/orders');
    await userEvent.tab();
    await expect(link).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(navigate).toHaveBeenCalledWith('/orders', undefined);
  },
};

export const Secondary: Story = { args: { variant: 'secondary', href: '/terms', children: 'Terms of service' } };
export const Quiet: Story = { args: { variant: 'quiet', href: '/quote', children: 'Get a quote' } };

export const InText: Story = {
  render: (args) => (
    <p className="max-w-md text-body text-neutral-900">
      Balances update 5–10 minutes after payment. See <Link {...args} /> for every reload in the last 2 years.
    </p>
  ),
  args: { href: '/account/balance', children: 'balance history' },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'My orders' });
    await expect(link).toHaveAttribute('aria-disabled', 'true');
    await userEvent.tab();
    await expect(link).not.toHaveFocus();
  },
};
