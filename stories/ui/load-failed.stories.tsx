import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { LoadFailed } from '#ui/load-failed';

const meta = {
  title: 'UI/LoadFailed',
  component: LoadFailed,
  args: { children: 'We could not reach the server. Check your connection.', retryLabel: 'Try again', onRetry: fn() },
} satisfies Meta<typeof LoadFailed>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A list whose data did not load: said at once, and Try again asks again, by keyboard as by pointer. */
export const Card: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('We could not reach the server.');
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/** The four looks: a card (lists and pages), a band (a panel's notices), a line and a column (inside a framed section). */
export const Looks: Story = {
  render: (args) => (
    <div className="flex max-w-xl flex-col gap-4">
      {(['card', 'band', 'line', 'column'] as const).map((look) => (
        <LoadFailed key={look} {...args} look={look} />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('alert')).toHaveLength(4);
  },
};
