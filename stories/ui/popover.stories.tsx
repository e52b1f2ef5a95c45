import type { Meta, StoryObj } from '@storybook/react-vite';
import { Dialog, DialogTrigger } from 'react-aria-components';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '#ui/button';
import { Popover } from '#ui/popover';

const meta = {
  title: 'UI/Popover',
  component: Popover,
  args: { showArrow: true, placement: 'bottom', children: null },
  render: (args) => (
    <div className="flex h-60 items-start justify-center">
      <DialogTrigger>
        <Button variant="secondary">Tolerance</Button>
        <Popover {...args}>
          <Dialog aria-label="Tolerance" className="max-w-xs p-4 text-body text-neutral-700 outline-0">
            Standard tolerance is ±0.1 mm for CNC and ±0.2 mm for 3D printing.
          </Dialog>
        </Popover>
      </DialogTrigger>
    </div>
  ),
} satisfies Meta<typeof Popover>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Tolerance' });
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const dialog = await within(document.body).findByRole('dialog', { name: 'Tolerance' });
    await expect(dialog).toHaveTextContent('±0.1 mm');
  },
};

export const ClosesOnEscape: Story = {
  args: { showArrow: false },
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Tolerance' });
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await within(document.body).findByRole('dialog', { name: 'Tolerance' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};
