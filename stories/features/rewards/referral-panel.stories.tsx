import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse, delay } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ReferralPanel } from '#features/rewards/components/referral-panel';
import type { ReferralOverview } from '#domain/api/rewards';
import { AppFrame } from '../../support/app-frame.tsx';
import { friends, listHandler, referral } from './fixtures.ts';

const overview = (data: ReferralOverview | 'loading' | 'error') =>
  http.get('*/api/*/account/referral', async () => {
    if (data === 'loading') {
      await delay('infinite');
      return HttpResponse.json({});
    }
    if (data === 'error') return HttpResponse.json({ message: 'Unknown error' }, { status: 500 });
    return HttpResponse.json(data);
  });

const meta = {
  title: 'Features/Rewards/ReferralPanel',
  component: ReferralPanel,
  decorators: [(Story) => <AppFrame path="/user/account/referral" width="max-w-4xl"><Story /></AppFrame>],
  parameters: { msw: { handlers: [overview(referral), listHandler('get', 'account/referral/friends', friends)] } },
} satisfies Meta<typeof ReferralPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Code and link to copy, the rules in plain words, invitations, and the friends with what each earned. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('referral-code')).toHaveTextContent('YT7WXDBY');
    await expect(canvas.getByRole('button', { name: 'Copy your referral link' })).toBeInTheDocument();
    await expect(await canvas.findByText('REF7K2QXM9P: 10% off (not used yet)')).toBeInTheDocument();
    await expect(canvas.getByText('3 friends joined; 1 coupon earned.')).toBeInTheDocument();
  },
};

/** The invitation rules as they are typed; the server's answer announced. */
export const Invite: Story = {
  parameters: {
    msw: {
      handlers: [
        overview(referral),
        listHandler('get', 'account/referral/friends', friends),
        http.post('*/api/*/account/referral/invite', () => HttpResponse.json({ sent: 2, invitationsLeftToday: 16, message: 'Invitations sent to 2 people.' })),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const emails = await canvas.findByRole('textbox', { name: 'Email addresses' });
    await userEvent.type(emails, 'ada@example.com, nope');
    await userEvent.click(canvas.getByRole('button', { name: 'Send invitations' }));
    // The form's rules arrive a moment after it draws (ADR 140): the first check waits for them.
    await waitFor(() => expect(emails).toHaveAccessibleDescription(expect.stringContaining('Please enter a valid email address.')), { timeout: 5000 });
    await userEvent.clear(emails);
    await userEvent.type(emails, 'ada@example.com, grace@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Send invitations' }));
    await expect(await canvas.findByText('2 invitations sent.')).toBeInTheDocument();
    await expect(canvas.getByRole('textbox', { name: 'Email addresses' })).toHaveValue('');
  },
};

/** A new account that was invited: its own discount in words, and a friend's code it can still add. */
export const NewAccount: Story = {
  parameters: {
    msw: {
      handlers: [
        overview({ ...referral, friendsJoined: 0, couponsEarned: 0, canApplyCode: true }),
        listHandler('get', 'account/referral/friends', []),
        http.post('*/api/*/account/referral/apply', () =>
          HttpResponse.json({ ...referral, friendsJoined: 0, couponsEarned: 0, canApplyCode: false, referredBy: { name: 'Ravi' }, firstOrderDiscount: { percentOff: 10, status: 'available' } }),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'No friends yet' })).toBeInTheDocument();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Friend’s referral code' }), 'RAVI2024{Enter}');
    await expect(await canvas.findByText('Ravi invited you: your first order gets 10% off at checkout.')).toBeInTheDocument();
    await expect(canvas.queryByRole('textbox', { name: 'Friend’s referral code' })).toBeNull();
  },
};

/** One's own code is refused, in the server's words, next to the field. */
export const OwnCode: Story = {
  parameters: {
    msw: {
      handlers: [
        overview({ ...referral, canApplyCode: true }),
        listHandler('get', 'account/referral/friends', friends),
        http.post('*/api/*/account/referral/apply', () =>
          HttpResponse.json({ message: 'You cannot use your own referral code.', errors: { code: ['You cannot use your own referral code.'] } }, { status: 422 }),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const code = await canvas.findByRole('textbox', { name: 'Friend’s referral code' });
    await userEvent.type(code, 'YT7WXDBY{Enter}');
    await waitFor(() => expect(code).toHaveAccessibleDescription(expect.stringContaining('You cannot use your own referral code.')));
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [overview('loading')] } },
};

export const LoadFailed: Story = {
  parameters: { msw: { handlers: [overview('error')] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('We could not load your referral code.');
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'mobile' } },
};
