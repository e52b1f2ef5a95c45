import type { Meta, StoryObj } from '@storybook/react-vite';
import { RouterProvider } from 'react-aria-components';
import { expect, fn, userEvent, within, waitFor } from 'storybook/test';
import { Link } from '#ui/link';
import { classNameArg, disabledArg, onPressArg } from './arg-types.ts';
import { StateGrid } from './state-grid.tsx';

/** Stands in for the app's router binding (routes/aria-router.tsx): records where a press navigates. */
const navigate = fn();

const meta = {
  title: 'UI/Link',
  component: Link,
  args: { href: '/orders', children: 'My orders' },
  argTypes: {
    children: { control: 'text', description: 'The link text: names where it goes.', table: { category: 'Content' } },
    href: { control: 'text', description: 'An app path (client-side navigation through the RouterProvider) or an external URL.', table: { category: 'Content' } },
    variant: {
      control: 'inline-radio',
      options: ['primary', 'secondary', 'quiet'],
      description: 'primary: links in text; secondary: links in dense UI; quiet: navigation (underlined on hover).',
      table: { category: 'Style' },
    },
    target: { control: 'text', description: '`_blank` opens a new tab (say so in the text).', table: { category: 'Behaviour' } },
    ...disabledArg,
    ...onPressArg,
    ...classNameArg,
  },
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
    await waitFor(() => expect(link).toHaveFocus());
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

export const Playground: Story = { tags: ['!test'] };

/** Each variant in each state (hover and focus-visible forced through RAC's state attributes). */
export const States: Story = {
  render: (args) => (
    <StateGrid label="Link states" states={['default', 'hover', 'focus-visible', 'disabled']} variants={['primary', 'secondary', 'quiet'] as const}>
      {(state, variant) => <Link {...args} variant={variant} isDisabled={state === 'disabled'} />}
    </StateGrid>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('link', { name: 'My orders' })).toHaveLength(12);
  },
};
