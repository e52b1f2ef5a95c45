import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, fn, waitFor, within } from 'storybook/test';
import { ActivationNotice } from '#features/auth/components/activation-notice';
import { AppFrame } from '../../support/app-frame.tsx';
import { pendingHandler } from '../checkout/fixtures.ts';

const ACTIVATE = '*/api/*/account/activate';

const meta = {
  title: 'Features/Auth/ActivationNotice',
  component: ActivationNotice,
  args: { activationKey: 'b6f1c2d3e4', onActivated: fn() },
  decorators: [(Story) => <AppFrame path="/login?activate=b6f1c2d3e4"><Story /></AppFrame>],
  parameters: { msw: { handlers: [http.post(ACTIVATE, () => HttpResponse.json({ accessToken: 'story-token', expiresIn: 3600 }))] } },
} satisfies Meta<typeof ActivationNotice>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The emailed link opened: the account is activated and signed in; the login page then moves on. */
export const Activated: Story = {
  play: async ({ args }) => {
    await waitFor(() => expect(args.onActivated).toHaveBeenCalledTimes(1));
  },
};

/** While the key is checked. */
export const Activating: Story = {
  parameters: { msw: { handlers: [pendingHandler('post', ACTIVATE)] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('Activating your account…');
  },
};

/** A used or expired link: the server's words, as an alert. */
export const LinkUsed: Story = {
  parameters: { msw: { handlers: [http.post(ACTIVATE, () => HttpResponse.json({ message: 'This activation link has already been used.' }, { status: 422 }))] } },
  play: async ({ canvasElement, args }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('This activation link has already been used.');
    await expect(args.onActivated).not.toHaveBeenCalled();
  },
};

/** The server cannot be reached. */
export const NetworkError: Story = {
  parameters: { msw: { handlers: [http.post(ACTIVATE, () => HttpResponse.error())] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('Unknown network error');
  },
};
