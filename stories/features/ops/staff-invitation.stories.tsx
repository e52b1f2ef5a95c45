import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { StaffInvitation } from '#features/ops/components/staff-invitation';
import { ScreenFrame } from '../../support/page-frame.tsx';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const GONE = 'This invitation is no longer valid: it was used, replaced or has expired. Ask an admin for a new one.';

const meta = {
  title: 'Features/Ops/StaffInvitation',
  component: StaffInvitation,
  args: { invitationKey: 'good-key' },
  decorators: [(Story) => <ScreenFrame path="/ops/invitation"><Story /></ScreenFrame>],
  parameters: {
    msw: {
      handlers: [
        http.post('*/api/*/ops/invitation', async ({ request }) => {
          const { key } = (await request.json()) as { key: string };
          return key === 'good-key'
            ? HttpResponse.json({ email: 'ivy@shop.example', name: 'Ivy Invitee', role: 'operator', expiresAt: '2026-12-05T09:00:00.000Z', totpSecret: SECRET, totpUri: `otpauth://totp/Manufacture%20staff:ivy%40shop.example?secret=${SECRET}` })
            : HttpResponse.json({ message: GONE }, { status: 410 });
        }),
        http.post('*/api/*/ops/invitation/accept', async ({ request }) => {
          const { code } = (await request.json()) as { code: string };
          const wrong = 'This code is wrong or was already used; enter the current code of your authenticator app.';
          return code === '123456'
            ? HttpResponse.json({ email: 'ivy@shop.example', recoveryCodes: Array.from({ length: 10 }, (_, i) => `000${i}-aaaa-bbbb-cccc`) })
            : HttpResponse.json({ message: wrong, errors: { code: [wrong] } }, { status: 422 });
        }),
      ],
    },
  },
} satisfies Meta<typeof StaffInvitation>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The key to add to the authenticator app, then the password and the first code. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(SECRET)).toBeVisible();
  },
};

/** A wrong first code is said on its field; the right one answers the recovery codes, once. */
export const Accept: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(SECRET);
    await userEvent.type(canvas.getByLabelText('Password', { selector: 'input' }), 'a long staff passphrase 42');
    const code = canvas.getByRole('textbox', { name: 'Code from the app' });
    await userEvent.type(code, '000000{Enter}');
    await expect(await canvas.findByText('This code is wrong or was already used; enter the current code of your authenticator app.')).toBeVisible();
    await userEvent.clear(code);
    await userEvent.type(code, '123456{Enter}');
    await expect(within(await canvas.findByRole('list', { name: 'Recovery codes' })).getAllByRole('listitem')).toHaveLength(10);
    await expect(canvas.getByRole('link', { name: 'Go to the staff sign-in' })).toBeVisible();
  },
};

/** A used, replaced or expired link says so. */
export const Gone: Story = {
  args: { invitationKey: 'used-key' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(GONE);
  },
};

/** Opened without the link's key. */
export const NoKey: Story = { args: { invitationKey: null } };
