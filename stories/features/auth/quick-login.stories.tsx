import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { expect, within } from 'storybook/test';
import { QuickLoginButtons } from '#features/auth/components/quick-login-buttons';
import { QuickLoginCallback } from '#features/auth/components/quick-login-callback';
import type { CommonIndexResponse } from '#domain/api/common';
import { AppFrame, storySession } from '../../support/app-frame.tsx';

/** The quick-login buttons under Log In and Sign Up, and the page the provider returns to. */
function QuickLogin({ step, error, quickLogin = [] }: { step: 'buttons' | 'returning'; error?: string; quickLogin?: CommonIndexResponse['quickLogin'] }) {
  // The providers come with the session's general data (common/index).
  const [session] = useState(() => storySession(null, { quickLogin }));
  return (
    <AppFrame path="/login" session={session}>
      {step === 'buttons' ? (
        <QuickLoginButtons returnTo="/user/home" />
      ) : (
        <QuickLoginCallback channel="google" code={error ? null : 'code'} state="state" error={error ?? null} errorDescription={null} />
      )}
    </AppFrame>
  );
}


const meta = {
  title: 'Features/Auth/QuickLogin',
  component: QuickLogin,
  args: { step: 'buttons' },
} satisfies Meta<typeof QuickLogin>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Buttons: Story = {
  args: { quickLogin: [{ channel: 'google', name: 'Google' }, { channel: 'github', name: 'GitHub' }] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
  },
};

/** No provider configured: nothing at all. */
export const NoneConfigured: Story = {
  args: { quickLogin: [] },
};

export const Returning: Story = {
  args: { step: 'returning' },
  parameters: { msw: { handlers: [http.post('*/api/*/account/quick/callback', async () => { await delay('infinite'); return HttpResponse.json({}); })] } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Signing you in…');
  },
};

export const Cancelled: Story = {
  args: { step: 'returning', error: 'access_denied' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('The sign-in was cancelled, or the provider refused it.');
  },
};

export const Refused: Story = {
  args: { step: 'returning' },
  parameters: {
    msw: {
      handlers: [
        http.post('*/api/*/account/quick/callback', () =>
          HttpResponse.json({ message: 'An account with this email exists; log in with your password, then link Google from your profile.' }, { status: 409 }),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('An account with this email exists');
  },
};
