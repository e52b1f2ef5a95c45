import type { Meta, StoryObj } from '@storybook/react-vite';
import { DialogTrigger } from 'react-aria-components';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '#ui/button';
import { Dialog, DialogActions } from '#ui/dialog';
import { Modal } from '#ui/modal';
import { TextField } from '#ui/text-field';

const meta = {
  title: 'UI/Modal',
  component: Modal,
  args: { isDismissable: true },
  render: (args) => (
    <DialogTrigger>
      <Button variant="secondary">Rename project</Button>
      <Modal {...args}>
        <Dialog title="Rename project">
          {({ close }) => (
            <>
              <TextField label="Project name" name="name" defaultValue="Drone frame" />
              <DialogActions>
                <Button variant="secondary" onPress={close}>Cancel</Button>
                <Button onPress={close}>Save</Button>
              </DialogActions>
            </>
          )}
        </Dialog>
      </Modal>
    </DialogTrigger>
  ),
} satisfies Meta<typeof Modal>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Rename project' });
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    const dialog = await within(document.body).findByRole('dialog', { name: 'Rename project' });
    // The dialog itself takes focus (its heading is read); Tab reaches the first field.
    await waitFor(() => expect(dialog).toHaveFocus());
    await userEvent.tab();
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Project name' })).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const Open: Story = {
  play: async () => {
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    const dialog = await within(document.body).findByRole('dialog', { name: 'Rename project' });
    // Focus stays inside the modal: Tab cycles through its controls.
    await waitFor(() => expect(dialog).toHaveFocus());
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save' })).toHaveFocus());
    await userEvent.tab();
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Project name' })).toHaveFocus());
  },
};
