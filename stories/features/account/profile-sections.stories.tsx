import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AvatarField } from '#features/account/components/avatar-field';
import { DeleteAccount } from '#features/account/components/delete-account';
import { EmailStatus } from '#features/account/components/email-status';
import { LinkedLogins } from '#features/account/components/linked-logins';
import { Card } from '#ui/card';
import { AppFrame, storySession } from '../../support/app-frame.tsx';
import { storyCustomer } from './fixtures.ts';

/** The profile's other sections: picture, email, sign-in methods, deletion. */
function ProfileSections({ activated = true, linked = true }: { activated?: boolean; linked?: boolean }) {
  const user = storyCustomer({ activationEmail: activated ? null : 'dana@example.com' });
  return (
    <AppFrame path="/user/account/profile" session={storySession(user)} wide>
      <div className="flex flex-col gap-6">
        <Card title="Picture">
          <AvatarField user={user} />
        </Card>
        <Card title="Email">
          <EmailStatus email={user.email} activationEmail={user.activationEmail} />
        </Card>
        <Card title="Sign-in methods">
          <LinkedLogins returnTo="/user/account/profile" key={String(linked)} />
        </Card>
        <Card title="Delete your account">
          <DeleteAccount email={user.email} />
        </Card>
      </div>
    </AppFrame>
  );
}

const quickList = (linked: boolean) =>
  http.get('*/api/*/account/quick/list', () =>
    HttpResponse.json([
      { channel: 'google', name: 'Google', linked },
      { channel: 'github', name: 'GitHub', linked: false },
    ]),
  );

const meta = {
  title: 'Features/Account/ProfileSections',
  component: ProfileSections,
  parameters: {
    msw: {
      handlers: [
        quickList(true),
        http.patch('*/api/*/account/quick/unlinkQuick', () => HttpResponse.json({ ok: true })),
        http.post('*/api/*/account/activeEmail', () => HttpResponse.json({ ok: true, message: 'If this email is waiting for activation, we have sent the activation link again.' })),
        http.get('*/api/*/account/deletion', () => HttpResponse.json({ balanceCents: 0, currency: 'USD', message: null })),
        http.post('*/api/*/account/deletion', () => HttpResponse.json({ ok: true, expiresIn: 86_400 }, { status: 202 })),
      ],
    },
  },
} satisfies Meta<typeof ProfileSections>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Activated')).toBeInTheDocument();
    await expect(await canvas.findByRole('button', { name: 'Unlink Google' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Link GitHub' })).toBeInTheDocument();
  },
};

export const NotActivated: Story = {
  args: { activated: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Send the activation email again' }));
    await expect(await canvas.findByText('If this email is waiting for activation, we have sent the activation link again.')).toBeInTheDocument();
  },
};

export const OnlyWayIn: Story = {
  parameters: {
    msw: {
      handlers: [
        quickList(true),
        http.patch('*/api/*/account/quick/unlinkQuick', () =>
          HttpResponse.json({ message: 'This is your only way to sign in; set a password (Reset Password) before unlinking it.' }, { status: 422 }),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Unlink Google' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('This is your only way to sign in');
  },
};

export const NoProviders: Story = {
  parameters: { msw: { handlers: [http.get('*/api/*/account/quick/list', () => HttpResponse.json([]))] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No quick sign-in methods are offered at the moment.')).toBeInTheDocument();
  },
};

/** The retention dialog before the deletion email: an option is required. */
export const DeletionRetention: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Delete my account' }));
    const dialog = within(document.body).getByRole('dialog', { name: 'Before you go' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Email me the deletion link' }));
    // The form's rules arrive a moment after it draws (ADR 140): the first check waits for them.
    await waitFor(() => expect(within(dialog).getByText('Please choose an option.')).toBeInTheDocument(), { timeout: 5000 });
  },
};

export const DeletionEmailSent: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Delete my account' }));
    const dialog = within(document.body).getByRole('dialog', { name: 'Before you go' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'The prices are too high' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Email me the deletion link' }));
    await expect(await within(document.body).findByRole('dialog', { name: 'Check your email' })).toBeInTheDocument();
  },
};

/** An account holding a prepaid balance: the dialog says the amount is given up, and asks to confirm it (ADR 150). */
export const DeletionWithBalance: Story = {
  parameters: {
    msw: {
      handlers: [
        quickList(true),
        http.get('*/api/*/account/deletion', () => HttpResponse.json({ balanceCents: 12_345, currency: 'USD', message: 'Your balance of $123.45 is given up when your account is deleted.' })),
        http.post('*/api/*/account/deletion', () => HttpResponse.json({ ok: true, expiresIn: 86_400 }, { status: 202 })),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Delete my account' }));
    const dialog = within(document.body).getByRole('dialog', { name: 'Before you go' });
    await expect(await within(dialog).findByRole('checkbox', { name: 'I give up my balance of $123.45' })).not.toBeChecked();
    await expect(within(dialog).getByText(/You have \$123\.45 on your balance/)).toBeInTheDocument();
  },
};
