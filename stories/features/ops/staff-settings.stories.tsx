import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, fn, userEvent, within } from 'storybook/test';
import { StaffSettings } from '#features/ops/components/staff-settings';
import { ScreenFrame } from '../../support/page-frame.tsx';
import { staffMe } from '../../support/ops-fixtures.ts';

const CODES = ['a1b2-c3d4-e5f6-0718', '1111-2222-3333-4444', '5555-6666-7777-8888', '9999-aaaa-bbbb-cccc', 'dddd-eeee-ffff-0000', '0123-4567-89ab-cdef', 'fedc-ba98-7654-3210', 'abab-cdcd-efef-0101', '2323-4545-6767-8989', 'a0a0-b1b1-c2c2-d3d3'];

const meta = {
  title: 'Features/Ops/StaffSettings',
  component: StaffSettings,
  args: { staff: staffMe({ recoveryCodesLeft: 2 }), onRenewed: fn() },
  decorators: [(Story) => <ScreenFrame path="/ops/settings"><Story /></ScreenFrame>],
  parameters: {
    msw: {
      handlers: [
        http.post('*/api/*/ops/me/recovery-codes', async ({ request }) => {
          const { code } = (await request.json()) as { code: string };
          const wrong = 'This code is wrong or was already used; enter the current code of your authenticator app.';
          return code === '123456' ? HttpResponse.json({ recoveryCodes: CODES }) : HttpResponse.json({ message: wrong, errors: { code: [wrong] } }, { status: 422 });
        }),
        http.get('*/api/*/ops/me', () => HttpResponse.json(staffMe({ recoveryCodesLeft: 10 }))),
      ],
    },
  },
} satisfies Meta<typeof StaffSettings>;
export default meta;
type Story = StoryObj<typeof meta>;

/** How many recovery codes are left, and the form for new ones. */
export const Default: Story = {};

/** A wrong code is said on its field; the right one shows the new codes once, and the frame is told. */
export const Renew: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByRole('textbox', { name: 'Code from the app' });
    await userEvent.type(field, '000000{Enter}');
    await expect(await canvas.findByText('This code is wrong or was already used; enter the current code of your authenticator app.')).toBeVisible();
    await userEvent.clear(field);
    await userEvent.type(field, '123456{Enter}');
    const list = await canvas.findByRole('list', { name: 'Recovery codes' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    await expect(args.onRenewed).toHaveBeenCalled();
  },
};
