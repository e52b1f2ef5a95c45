import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within, waitFor } from 'storybook/test';
import { Button } from '#ui/button';
import { classNameArg, disabledArg, onPressArg } from './arg-types.ts';
import { StateGrid } from './state-grid.tsx';

const meta = {
  title: 'UI/Button',
  component: Button,
  args: { children: 'Get instant quote', onPress: fn() },
  argTypes: {
    children: { control: 'text', description: 'The label: says what happens ("Pay now"), not "OK".', table: { category: 'Content' } },
    variant: {
      control: 'inline-radio',
      options: ['primary', 'secondary', 'quiet', 'destructive'],
      description: 'primary: the one main action of a view; secondary: the others; quiet: low-emphasis actions in lists; destructive: deletes or cancels.',
      table: { category: 'Style' },
    },
    ...disabledArg,
    isPending: { control: 'boolean', description: 'Work under way: keeps focus, announces progress, ignores presses (no double payment).', table: { category: 'State' } },
    type: { control: 'inline-radio', options: ['button', 'submit', 'reset'], description: 'In a form, `submit` sends it.', table: { category: 'Form' } },
    'aria-label': { control: 'text', description: 'Names an icon-only button.', table: { category: 'Content' } },
    ...onPressArg,
    ...classNameArg,
  },
} satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Get instant quote' });
    await userEvent.tab();
    await waitFor(() => expect(button).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    await expect(args.onPress).toHaveBeenCalledTimes(2);
  },
};

export const Secondary: Story = { args: { variant: 'secondary', children: 'Add to cart' } };
export const Quiet: Story = { args: { variant: 'quiet', children: 'Remove file' } };
export const Destructive: Story = { args: { variant: 'destructive', children: 'Delete project' } };

export const Disabled: Story = {
  args: { isDisabled: true, children: 'Checkout' },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Checkout' });
    await expect(button).toBeDisabled();
    await userEvent.tab();
    await expect(button).not.toHaveFocus();
    await expect(args.onPress).not.toHaveBeenCalled();
  },
};

export const Pending: Story = {
  args: { isPending: true, children: 'Pay now' },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: /Pay now/ });
    await userEvent.tab();
    await waitFor(() => expect(button).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await expect(args.onPress).not.toHaveBeenCalled();
    await expect(within(canvasElement).getByRole('progressbar', { name: 'In progress' })).toBeInTheDocument();
  },
};

/** Every prop from the controls panel; not a baseline (it starts as Default). */
export const Playground: Story = { tags: ['!test'] };

const variants = ['primary', 'secondary', 'quiet', 'destructive'] as const;

/** Each variant in each state: hover, pressed and focus-visible forced through RAC's state attributes, the rest real props. */
export const States: Story = {
  render: (args) => (
    <StateGrid label="Button states" states={['default', 'hover', 'pressed', 'focus-visible', 'disabled', 'pending']} variants={variants}>
      {(state, variant) => (
        <Button {...args} variant={variant} isDisabled={state === 'disabled'} isPending={state === 'pending'}>
          {args.children}
        </Button>
      )}
    </StateGrid>
  ),
  play: async ({ canvasElement }) => {
    const grid = within(canvasElement).getByRole('table', { name: 'Button states' });
    await expect(within(grid).getAllByRole('button', { name: /Get instant quote/ })).toHaveLength(24);
    await expect(within(grid).getAllByRole('progressbar', { name: 'In progress' })).toHaveLength(4);
  },
};

/** The same grid as Windows high contrast draws it (Chromium's forced-colours emulation in the test-runner). */
export const StatesForcedColours: Story = { ...States, globals: { forcedColors: 'active' } };
