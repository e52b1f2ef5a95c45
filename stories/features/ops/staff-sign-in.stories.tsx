import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, fn, userEvent, within, waitFor } from 'storybook/test';
import { StaffSignIn } from '#features/ops/components/staff-sign-in';
import { ScreenFrame } from '../../support/page-frame.tsx';
import { staffMe } from '../../support/ops-fixtures.ts';

const signIn = '*/api/*/ops/auth/sign-in';
const secondFactor = '*/api/*/ops/auth/second-factor';

const meta = {
  title: 'Features/Ops/StaffSignIn',
  component: StaffSignIn,
  args: { onSignedIn: fn() },
  decorators: [(Story) => <ScreenFrame path="/ops"><Story /></ScreenFrame>],
  parameters: {
    msw: {
      handlers: [
        http.post(signIn, () => HttpResponse.json({ challenge: 'challenge', expiresIn: 300 })),
        http.post(secondFactor, async ({ request }) => {
          const { code } = (await request.json()) as { code: string };
          return code === '123456'
            ? HttpResponse.json({ accessToken: 'staff-token', expiresIn: 36000, staff: staffMe() })
            : HttpResponse.json({ message: 'This code is wrong or was already used; enter the current code of your authenticator app, or a recovery code.', errors: { code: ['This code is wrong or was already used; enter the current code of your authenticator app, or a recovery code.'] } }, { status: 422 });
        }),
      ],
    },
  },
} satisfies Meta<typeof StaffSignIn>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Email and password first. */
export const PasswordStep: Story = {};

/** Then the authenticator's code: a wrong one is said at the field; the right one signs in. */
export const SecondFactor: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), 'olga@shop.example');
    await userEvent.type(canvas.getByLabelText('Password', { selector: 'input' }), 'a long staff passphrase');
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    const code = await canvas.findByRole('textbox', { name: 'Code' });
    await userEvent.type(code, '000000{Enter}');
    await expect(await canvas.findByText(/This code is wrong/, { selector: '[slot="errorMessage"]' })).toBeInTheDocument();
    await userEvent.clear(code);
    await userEvent.type(code, '123456{Enter}');
    await waitFor(() => expect(args.onSignedIn).toHaveBeenCalled(), { timeout: 5000 });
  },
};

/** A wrong password: one sentence for both fields. */
export const WrongPassword: Story = {
  parameters: { msw: { handlers: [http.post(signIn, () => HttpResponse.json({ message: 'The email or password is wrong.' }, { status: 401 }))] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), 'olga@shop.example');
    await userEvent.type(canvas.getByLabelText('Password', { selector: 'input' }), 'wrong');
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The email or password is wrong.');
  },
};

/** The last session ended by itself: said above the form. */
export const SessionEnded: Story = { args: { expired: true } };
