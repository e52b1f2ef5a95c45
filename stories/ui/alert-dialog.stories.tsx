import type { Meta, StoryObj } from '@storybook/react-vite';
import { DialogTrigger } from 'react-aria-components';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { AlertDialog } from '#ui/alert-dialog';
import { Button } from '#ui/button';
import { Modal } from '#ui/modal';

const meta = {
  title: 'UI/AlertDialog',
  component: AlertDialog,
  args: {
    title: 'Delete project?',
    children: 'The project “Drone frame” and its 3 files will be deleted. This cannot be undone.',
    variant: 'destructive',
    confirmLabel: 'Delete',
    onConfirm: fn(),
  },
  render: (args) => (
    <DialogTrigger>
      <Button variant="destructive">Delete project</Button>
      <Modal size="small">
        <AlertDialog {...args} />
      </Modal>
    </DialogTrigger>
  ),
} satisfies Meta<typeof AlertDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args }) => {
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    const dialog = await within(document.body).findByRole('alertdialog', { name: 'Delete project?' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await userEvent.tab();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(within(document.body).queryByRole('alertdialog')).not.toBeInTheDocument());
  },
};

export const Open: Story = {
  play: async ({ args }) => {
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    const dialog = await within(document.body).findByRole('alertdialog', { name: 'Delete project?' });
    await expect(dialog).toHaveTextContent('This cannot be undone.');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

export const Info: Story = {
  args: { variant: 'info', title: 'Leave checkout?', children: 'Your cart is kept; you can come back to pay later.', confirmLabel: 'Leave' },
  play: async () => {
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    const dialog = await within(document.body).findByRole('alertdialog', { name: 'Leave checkout?' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await expect(within(dialog).getByRole('button', { name: 'Leave' })).toBeVisible();
  },
};

export const Pending: Story = {
  args: { isPending: true },
  play: async () => {
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    const dialog = await within(document.body).findByRole('alertdialog', { name: 'Delete project?' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect(within(dialog).getByRole('progressbar', { name: 'In progress' })).toBeInTheDocument();
    await expect(dialog).toBeVisible();
  },
};
