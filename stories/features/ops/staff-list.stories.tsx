import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { StaffList } from '#features/ops/components/staff-list';
import { ScreenFrame } from '../../support/page-frame.tsx';

const LIST = [
  { id: 's1', email: 'ada@shop.example', name: 'Ada Admin', role: 'admin', createdAt: '2026-11-01T09:00:00.000Z', disabled: false },
  { id: 's2', email: 'olga@shop.example', name: 'Olga Operator', role: 'operator', createdAt: '2026-11-02T09:00:00.000Z', disabled: false },
  { id: 's3', email: 'sam@shop.example', name: 'Sam Success', role: 'success_manager', createdAt: '2026-11-03T09:00:00.000Z', disabled: true },
];

const meta = {
  title: 'Features/Ops/StaffList',
  component: StaffList,
  args: { currentStaffId: 's1', mayManage: true },
  decorators: [(Story) => <ScreenFrame path="/ops/staff"><Story /></ScreenFrame>],
  parameters: {
    msw: {
      handlers: [
        http.get('*/api/*/ops/staff', () => HttpResponse.json({ list: LIST })),
        http.post('*/api/*/ops/staff/invitations', async ({ request }) => {
          const body = (await request.json()) as { email: string };
          return body.email === 'ada@shop.example'
            ? HttpResponse.json({ message: 'A staff account already has this email.', errors: { email: ['A staff account already has this email.'] } }, { status: 422 })
            : HttpResponse.json({ email: body.email, expiresAt: '2026-12-05T09:00:00.000Z' }, { status: 201 });
        }),
        http.post('*/api/*/ops/staff/:id/disable', ({ params }) => HttpResponse.json({ list: LIST.map((s) => (s.id === params.id ? { ...s, disabled: true } : s)) })),
        http.post('*/api/*/ops/staff/:id/enable', ({ params }) => HttpResponse.json({ list: LIST.map((s) => (s.id === params.id ? { ...s, disabled: false } : s)) })),
      ],
    },
  },
} satisfies Meta<typeof StaffList>;
export default meta;
type Story = StoryObj<typeof meta>;

/** An admin sees the staff, their roles, and what they may do to each (never to themselves). */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('row', { name: /Sam Success \(disabled\)/ }, { timeout: 5000 })).toHaveTextContent('Customer success manager');
    await expect(canvas.getByRole('button', { name: 'Enable Sam Success' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Disable Olga Operator' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Disable Ada Admin' })).toBeNull();
  },
};

/** A role that reads the staff but does not run them: no invitation, no actions. */
export const ReadOnly: Story = {
  args: { mayManage: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('row', { name: /Olga Operator/ }, { timeout: 5000 });
    await expect(canvas.queryByRole('button', { name: 'Invite a staff member' })).toBeNull();
  },
};

/** Invite by mail with the keyboard; an email that is already staff is refused on its field. */
export const Invite: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await canvas.findByRole('row', { name: /Olga Operator/ }, { timeout: 5000 });
    await userEvent.click(canvas.getByRole('button', { name: 'Invite a staff member' }));
    const dialog = await page.findByRole('dialog', { name: 'Invite a staff member' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Ivy Invitee');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'ada@shop.example');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send the invitation' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent('A staff account already has this email.');
    await expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
    const email = within(dialog).getByRole('textbox', { name: 'Email' });
    await userEvent.clear(email);
    await userEvent.type(email, 'ivy@shop.example{Enter}');
    await expect(await canvas.findByRole('status')).toHaveTextContent('An invitation was sent to ivy@shop.example');
  },
};

/** Disabling asks first; the row then says disabled and offers Enable. */
export const Disable: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole('button', { name: 'Disable Olga Operator' }, { timeout: 5000 }));
    const confirm = await page.findByRole('alertdialog', { name: 'Disable Olga Operator?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('Olga Operator is disabled.'));
    await expect(await canvas.findByRole('button', { name: 'Enable Olga Operator' })).toBeVisible();
  },
};
