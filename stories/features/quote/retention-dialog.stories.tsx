import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { RetentionDialog } from '#features/quote/components/retention-dialog';

const meta = {
  title: 'Features/Quote/RetentionDialog',
  component: RetentionDialog,
  args: { isOpen: true, onClose: fn() },
  parameters: { msw: { handlers: [http.post('*/api/*/tools/detain', () => HttpResponse.json({ ok: true }, { status: 201 }))] } },
} satisfies Meta<typeof RetentionDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async () => {
    const dialog = within(document.body).getByRole('dialog', { name: 'Before you go: what held you back?' });
    await expect(dialog).toBeInTheDocument();
  },
};

export const Validation: Story = {
  play: async () => {
    const body = within(document.body);
    await userEvent.click(body.getByRole('button', { name: 'Send' }));
    // The form's rules arrive a moment after it draws (ADR 140): the first check waits for them.
    await waitFor(() => expect(body.getByRole('radiogroup', { name: 'Reason' })).toHaveAccessibleDescription('Please choose an option.'), { timeout: 5000 });
  },
};

export const Sent: Story = {
  play: async () => {
    const body = within(document.body);
    await userEvent.click(body.getByRole('radio', { name: 'The lead time is too long' }));
    await userEvent.click(body.getByRole('button', { name: 'Send' }));
    await expect(await body.findByRole('status')).toHaveTextContent('Thank you');
  },
};
