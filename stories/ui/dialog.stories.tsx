import type { Meta, StoryObj } from '@storybook/react-vite';
import { DialogTrigger } from 'react-aria-components';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '#ui/button';
import { Dialog, DialogActions } from '#ui/dialog';
import { Modal } from '#ui/modal';

const meta = {
  title: 'UI/Dialog',
  component: Dialog,
  args: { title: 'Sign in to save your quote' },
} satisfies Meta<typeof Dialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A Dialog in a Modal: the sign-in dialog the /quote pages open on a 401. */
export const Default: Story = {
  render: (args) => (
    <DialogTrigger>
      <Button>Save quote</Button>
      <Modal>
        <Dialog {...args}>
          {({ close }) => (
            <>
              <p className="text-body text-neutral-700">Your quote is kept while you sign in or create an account.</p>
              <DialogActions>
                <Button variant="secondary" onPress={close}>Not now</Button>
                <Button onPress={close}>Sign in</Button>
              </DialogActions>
            </>
          )}
        </Dialog>
      </Modal>
    </DialogTrigger>
  ),
  play: async () => {
    await userEvent.tab();
    await userEvent.keyboard(' ');
    const dialog = await within(document.body).findByRole('dialog', { name: 'Sign in to save your quote' });
    await waitFor(() => expect(dialog).toHaveFocus());
    await userEvent.tab();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Not now' })).toHaveFocus());
  },
};

