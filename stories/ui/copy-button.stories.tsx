import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { CopyButton } from '#ui/copy-button';

const meta = {
  title: 'UI/CopyButton',
  component: CopyButton,
  args: {
    value: 'REF7K2QXM9P',
    label: 'Copy',
    accessibleLabel: 'Copy the code REF7K2QXM9P',
    copiedLabel: 'Copied',
    failedMessage: 'Unable to copy, please copy it manually.',
    write: async () => {},
    // "Copied" is held for the picture: on a loaded machine 2.5 s could pass before it is taken.
    copiedForMs: 600_000,
  },
} satisfies Meta<typeof CopyButton>;
export default meta;
type Story = StoryObj<typeof meta>;

/** By keyboard: the button keeps its name; "Copied" is said and shown beside it. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Copy the code REF7K2QXM9P' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByRole('status')).toHaveTextContent('Copied');
  },
};

/** The browser refuses: the spec's words (section 8), announced. */
export const Refused: Story = {
  args: { write: async () => Promise.reject(new Error('denied')) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Copy the code REF7K2QXM9P' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Unable to copy, please copy it manually.');
  },
};
